import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createDocumentExtractor, extractDocument } from '../../../src/extraction/extract-document.ts';
import { MAX_PDF_BYTES } from '../../../src/extraction/pdf/read-pdf-text.ts';
import { makeInvoicePdf } from '../../support/samples/invoice-pdf.ts';
import { createRandom } from '../../support/samples/random.ts';
import { randomInvoiceFields } from '../../support/samples/sample-fields.ts';
import { makeEncryptedPdf, makeScannedLikePdf, makeTextPdf } from '../../support/samples/special-pdfs.ts';

const hints = { filename: 'upload.pdf', contentType: 'application/pdf' };
const fixture = (name: string): Uint8Array =>
  readFileSync(new URL(`../../fixtures/pdf/${name}`, import.meta.url));
// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG_HEADER = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
const invoice = (): Promise<Uint8Array> => makeInvoicePdf(randomInvoiceFields(createRandom(1)));

describe('extractDocument failures', () => {
  it('reports an empty file', async () => {
    expect(await extractDocument(new Uint8Array(0), hints)).toEqual({
      ok: false,
      reason: 'empty_file',
      detail: 'upload.pdf is empty (0 bytes)',
      documentType: null,
    });
  });

  it('decides by magic bytes: a PNG named .pdf is read as an image, and a blank one has no text', async () => {
    const result = await extractDocument(PNG, hints);
    expect(result).toMatchObject({ ok: false, reason: 'no_text_layer', documentType: null });
    expect(!result.ok && result.detail).toContain('OCR found no text');
  });

  it('reports a JPEG that is only a header as unreadable', async () => {
    const result = await extractDocument(JPEG_HEADER, hints);
    expect(result).toMatchObject({ ok: false, reason: 'unreadable' });
    expect(!result.ok && result.detail).toContain('could not be decoded');
  });

  it('reports a GIF as unsupported: images are read as PNG, JPEG or TIFF', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const result = await extractDocument(gif, hints);
    expect(result).toMatchObject({ ok: false, reason: 'unsupported_file_type' });
    expect(!result.ok && result.detail).toContain('image/gif');
  });

  it('reports random garbage as unsupported, naming the declared type', async () => {
    const garbage = new Uint8Array(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
    const result = await extractDocument(garbage, hints);
    expect(result).toEqual({
      ok: false,
      reason: 'unsupported_file_type',
      detail: 'upload.pdf is an unrecognised format (declared application/pdf), not a PDF, PNG, JPEG or TIFF',
      documentType: null,
    });
  });

  it('reports a ZIP named .pdf as unsupported', async () => {
    const zip = Buffer.from('504b0304140000000800000000000000000000000000000000000000', 'hex');
    const result = await extractDocument(zip, hints);
    expect(!result.ok && result.detail).toContain('application/zip');
  });

  it.each([0.1, 0.5, 0.9])('reports a PDF truncated to %f of its length as unreadable', async (fraction) => {
    const bytes = await invoice();
    const result = await extractDocument(bytes.slice(0, Math.floor(bytes.length * fraction)), hints);
    expect(result).toMatchObject({ ok: false, reason: 'unreadable', documentType: null });
  });

  it('reports a PDF header followed by junk as unreadable', async () => {
    const junk = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x41)]);
    expect(await extractDocument(junk, hints)).toMatchObject({ ok: false, reason: 'unreadable' });
  });

  it('refuses a PDF over the byte cap without parsing it', async () => {
    const big = new Uint8Array(MAX_PDF_BYTES + 1);
    big.set(Buffer.from('%PDF-1.7\n'));
    const result = await extractDocument(big, hints);
    expect(result).toMatchObject({ ok: false, reason: 'file_too_large' });
    expect(!result.ok && result.detail).toContain('byte cap');
  });

  it('reports the generated password-protected PDF as encrypted', async () => {
    expect(await extractDocument(makeEncryptedPdf(), hints)).toEqual({
      ok: false,
      reason: 'encrypted',
      detail: 'the PDF is password-protected',
      documentType: null,
    });
  });

  it('reports a qpdf AES-256 PDF with a user password as encrypted', async () => {
    const result = await extractDocument(fixture('invoice-aes256-user-password.pdf'), hints);
    expect(result).toMatchObject({ ok: false, reason: 'encrypted' });
  });

  it('reads an owner-password-only PDF: it opens without a password, as in any viewer', async () => {
    const result = await extractDocument(fixture('invoice-aes256-owner-password-only.pdf'), hints);
    expect(result).toMatchObject({
      ok: true,
      documentType: 'commercial_invoice',
      payload: { invoice_number: 'INV-2026-00042', total_amount: '12345.60', currency: 'USD' },
    });
  });

  it('reports a page without a text layer as no_text_layer', async () => {
    const result = await extractDocument(await makeScannedLikePdf(), hints);
    expect(result).toMatchObject({ ok: false, reason: 'no_text_layer', documentType: null });
    expect(!result.ok && result.detail).toContain('no page image OCR could read');
  });

  it('reports an exception inside a field extractor as extractor_error, keeping the type', async () => {
    const extract = createDocumentExtractor({
      commercial_invoice: () => {
        throw new Error('boom');
      },
    });
    expect(await extract(await invoice(), hints)).toEqual({
      ok: false,
      reason: 'extractor_error',
      detail: 'the commercial_invoice extractor failed: boom',
      documentType: 'commercial_invoice',
    });
  });

  it('reports a payload that breaks its schema as extractor_error', async () => {
    const extract = createDocumentExtractor({ commercial_invoice: () => ({ invoice_number: 42 }) });
    const result = await extract(await invoice(), hints);
    expect(result).toMatchObject({
      ok: false,
      reason: 'extractor_error',
      documentType: 'commercial_invoice',
    });
    expect(!result.ok && result.detail).toContain('invoice_number');
  });

  it('never throws, whatever the bytes', async () => {
    const random = createRandom(99);
    for (let i = 0; i < 30; i += 1) {
      const bytes = new Uint8Array(random.int(1, 600)).map(() => random.int(0, 255));
      if (i % 2 === 0) bytes.set(Buffer.from('%PDF-1.4\n'));
      const result = await extractDocument(bytes, hints);
      expect(result.ok).toBe(false);
    }
  });

  it('does not modify or detach the caller’s bytes', async () => {
    const bytes = await invoice();
    const copy = bytes.slice();
    await extractDocument(bytes, hints);
    expect(bytes.byteLength).toBe(copy.byteLength);
    expect(bytes).toEqual(copy);
  });

  it('accepts a Node Buffer', async () => {
    const result = await extractDocument(Buffer.from(await invoice()), hints);
    expect(result).toMatchObject({ ok: true, documentType: 'commercial_invoice' });
  });
});

describe('extractDocument on readable documents of no known type', () => {
  it('succeeds with type other, page count and an excerpt', async () => {
    const letter = await makeTextPdf([
      'Dear customer,',
      'Thank you for your business this year.',
      'Our office will be closed on 24 December.',
    ]);
    expect(await extractDocument(letter, hints)).toEqual({
      ok: true,
      documentType: 'other',
      classificationNotes: 'no title and no cues of a known type',
      schemaVersion: '2026-11-01',
      payload: {
        page_count: 1,
        text_excerpt:
          'Dear customer, Thank you for your business this year. Our office will be closed on 24 December.',
      },
    });
  });
});
