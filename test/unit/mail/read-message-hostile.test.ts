import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS } from '../../../src/mail/image-pixels.ts';
import { MAX_ADDRESSES_PER_FIELD } from '../../../src/mail/mail-metadata.ts';
import { tinyPdf } from '../../support/mail-corpus/corpus-bytes.ts';
import { HOSTILE_CORPUS } from '../../support/mail-corpus/hostile-corpus.ts';
import {
  CORPUS_LIMITS,
  documentsOf as documents,
  fixtureReader,
  readFixture,
  sha256Of as sha256,
  skippedOf as skipped,
} from '../../support/mail-corpus/read-fixture.ts';

const { read, tempDir } = fixtureReader();

/** The digest of the corpus PDF labelled `label`: a document decoded right holds exactly those bytes. */
const pdfDigest = (label: string) => sha256(tinyPdf(label));

describe('the hostile corpus', () => {
  it('every hostile message is read without a throw, and leaves no temp file', async () => {
    for (const { name } of HOSTILE_CORPUS) {
      const message = await read(name);
      expect(message.refusal === null || message.documents.length === 0, name).toBe(true);
    }
    expect(await readdir(tempDir())).toEqual([]);
  });

  it('thousands-of-tiny-parts: refused as too_many_parts, not parsed part by part', async () => {
    const message = await read('thousands-of-tiny-parts');
    expect(message.refusal?.reason).toBe('too_many_parts');
    expect(message.metadata.subject).toBe('thousands-of-tiny-parts');
  });

  it('hundred-deep-multipart: the PDF at the bottom of a hundred multiparts is found', async () => {
    const message = await read('hundred-deep-multipart');
    expect(message.documents.map((doc) => [doc.fileName, doc.sha256])).toEqual([
      ['bottom.pdf', pdfDigest('a hundred down')],
    ]);
  });

  it('boundary-inside-part: a boundary inside a line, and an inner boundary extending the outer, split nothing', async () => {
    const message = await read('boundary-inside-part');
    expect(documents(message)).toEqual([
      ['2.1', 'inner.pdf', 'application/pdf'],
      ['3', 'outer.pdf', 'application/pdf'],
    ]);
    expect(message.metadata.bodyPreview).toContain('--=_b-- is not the end either.');
  });

  it('megabyte-header-line and megabyte-part-header-line: refused as header_too_large', async () => {
    expect((await read('megabyte-header-line')).refusal?.reason).toBe('header_too_large');
    const part = await read('megabyte-part-header-line');
    expect(part.refusal?.reason).toBe('header_too_large');
    expect(part.metadata.subject).toBe('megabyte-part-header-line');
  });

  it('huge-subject-and-recipients: the metadata is capped, so it fits the queue messages it travels in', async () => {
    const message = await read('huge-subject-and-recipients');
    expect([...(message.metadata.subject ?? '')]).toHaveLength(998);
    expect(message.metadata.subject?.startsWith('"\\"\\')).toBe(true);
    expect(message.metadata.to).toHaveLength(MAX_ADDRESSES_PER_FIELD);
    expect(message.metadata.to[0]).toBe('r0@forwarder.example');
    expect(documents(message)).toEqual([['1', 'beneath-the-crowd.pdf', 'application/pdf']]);
    expect(JSON.stringify(message.metadata).length).toBeLessThan(16 * 1024);
  });

  it('raw-utf8-headers: 8-bit UTF-8 in headers and names is read as UTF-8', async () => {
    const message = await read('raw-utf8-headers');
    expect(message.metadata.subject).toBe('Lieferschein für März – 貨物');
    expect(message.metadata.from).toEqual(['zoe@forwarder.example']);
    expect(documents(message)).toEqual([['2', 'Lieferschein März 貨物.pdf', 'application/pdf']]);
  });

  it('raw-latin1-headers: 8-bit Latin-1 in headers is read as Latin-1, not as replacement characters', async () => {
    const message = await read('raw-latin1-headers');
    expect(message.metadata.subject).toBe('Facture dété payée');
    expect(message.metadata.bodyPreview).toBe('Réglée.');
    expect(documents(message)).toEqual([['2', 'facture dété.pdf', 'application/pdf']]);
  });

  it('rfc2231-continued-filename: continued and percent-encoded names are joined and decoded', async () => {
    expect(documents(await read('rfc2231-continued-filename'))).toEqual([
      ['1', 'Rechnung März 2026.pdf', 'application/pdf'],
      ['2', 'bill-of-lading-0042.pdf', 'application/pdf'],
    ]);
  });

  it('encoded-word-wrong-charset: every PDF is kept under a safe name, UTF-8 read as Latin-1 repaired', async () => {
    const message = await read('encoded-word-wrong-charset');
    expect(message.documents.map((doc) => doc.fileName)).toEqual([
      'factur_.pdf',
      'Rechnung März.pdf',
      expect.stringMatching(/\.pdf$/),
    ]);
    for (const doc of message.documents) expect(doc.fileName).not.toMatch(/[\p{Cc}\uFFFD]/u);
  });

  it('utf7-and-x-unknown-charsets: UTF-7 is decoded, an unknown charset does not stop the read', async () => {
    const message = await read('utf7-and-x-unknown-charsets');
    expect(message.metadata.subject).toBe('Rechnung März');
    expect(documents(message)).toEqual([['3', 'Rechnung März.pdf', 'application/pdf']]);
  });

  it('base64-whitespace-garbage-no-padding: decoded to exactly the bytes sent', async () => {
    const message = await read('base64-whitespace-garbage-no-padding');
    expect(message.documents.map((doc) => [doc.fileName, doc.sha256])).toEqual([
      ['spaced.pdf', pdfDigest('whitespace and no padding')],
      ['unpadded.pdf', pdfDigest('unpadded')],
    ]);
  });

  it('quoted-printable-soft-break-at-end: decoded to exactly the bytes sent', async () => {
    const message = await read('quoted-printable-soft-break-at-end');
    expect(message.documents.map((doc) => doc.sha256)).toEqual([pdfDigest('quoted printable')]);
  });

  it('uuencode-attachment: files uuencoded in the body are taken, and left out of the preview', async () => {
    const message = await read('uuencode-attachment');
    expect(message.documents.map((doc) => [doc.partPath, doc.fileName, doc.sha256])).toEqual([
      ['uu1', 'invoice-uu.pdf', pdfDigest('uuencoded in the body')],
      ['uu2', 'packing-uu.pdf', pdfDigest('second uuencoded')],
    ]);
    expect(message.metadata.bodyPreview).toBe(
      'The invoice follows, as my old mailer sends it. And the packing list:',
    );
  });

  it('uuencode-transfer-encoding: a part in x-uuencode is decoded', async () => {
    const message = await read('uuencode-transfer-encoding');
    expect(message.documents.map((doc) => [doc.fileName, doc.sha256])).toEqual([
      ['manifest.pdf', pdfDigest('x-uuencode part')],
    ]);
  });

  it('pdf-in-named-text-plain-part: a text part that names a file is decided by its bytes', async () => {
    const message = await read('pdf-in-named-text-plain-part');
    expect(documents(message)).toEqual([
      ['2', 'statement.pdf', 'application/pdf'],
      ['3', 'notice.pdf', 'application/pdf'],
    ]);
    expect(message.metadata.bodyPreview).toBe('The statement is attached.');
  });

  it('inline-pdf-without-name: an inline PDF with no name is kept under a generated name', async () => {
    expect(documents(await read('inline-pdf-without-name'))).toEqual([
      ['2', 'attachment-1.pdf', 'application/pdf'],
    ]);
  });

  it('appledouble: the data fork is kept, the resource fork skipped', async () => {
    const message = await read('appledouble');
    expect(documents(message)).toEqual([['2.2', 'invoice.pdf', 'application/pdf']]);
    expect(skipped(message)).toEqual([['2.1', 'resource_fork']]);
  });

  it('smime-signed: the signed content is read, the signature skipped', async () => {
    const message = await read('smime-signed');
    expect(documents(message)).toEqual([['1.2', 'signed-invoice.pdf', 'application/pdf']]);
    expect(skipped(message)).toEqual([['2', 'signature']]);
  });

  it('smime-encrypted: the message is refused as encrypted, with the reason', async () => {
    const message = await read('smime-encrypted');
    expect(message.refusal).toEqual({
      reason: 'encrypted',
      detail: 'the message is S/MIME encrypted: stevedore holds no key to open it',
    });
    expect(message.metadata.subject).toBe('smime-encrypted');
  });

  it('winmail-dat-only: a TNEF wrapper named winmail.dat, whatever its declared type, holding no file is skipped', async () => {
    const message = await read('winmail-dat-only');
    expect(skipped(message)).toEqual([['2', 'tnef']]);
    expect(message.skipped[0]?.detail).toBe('an Outlook TNEF wrapper (winmail.dat) that holds no file');
  });

  it('winmail-dat-with-pdfs: the files Outlook wrapped in winmail.dat are taken, byte for byte', async () => {
    const message = await read('winmail-dat-with-pdfs');
    expect(message.documents.map((doc) => [doc.partPath, doc.fileName, doc.sha256])).toEqual([
      ['2/tnef1', 'INVOICE.PDF', pdfDigest('inside winmail.dat')],
      ['2/tnef3', 'B-L 0042.pdf', pdfDigest('second inside winmail.dat')],
    ]);
    expect(skipped(message)).toEqual([['2/tnef2', 'unsupported_type']]);
  });

  it('nul-bytes: NULs in headers, names and binary parts are dropped from text and kept in bytes', async () => {
    const message = await read('nul-bytes');
    expect(message.metadata.subject).toBe('nulbytes');
    expect(message.metadata.bodyPreview).toBe('A NUL in the body.');
    expect(documents(message)).toEqual([
      ['2', 'invoice.pdf', 'application/pdf'],
      ['3', 'binary.pdf', 'application/pdf'],
    ]);
  });

  it('bare-lf-line-endings: LF-only mail is read like CRLF mail', async () => {
    const message = await read('bare-lf-line-endings');
    expect(message.documents.map((doc) => [doc.fileName, doc.sha256])).toEqual([
      ['unix.pdf', pdfDigest('bare lf')],
    ]);
  });

  it('no-headers-at-all and header-without-colon: read without a throw; a stray line costs nothing', async () => {
    const bare = await read('no-headers-at-all');
    expect(bare.refusal).toBeNull();
    expect(bare.documents).toEqual([]);
    const broken = await read('header-without-colon');
    expect(broken.metadata.subject).toBe('header-without-colon');
    expect(documents(broken)).toEqual([['1', 'after-the-broken-header.pdf', 'application/pdf']]);
  });

  it('duplicate-message-id-first and -second: one Message-ID, two different messages', async () => {
    const first = await read('duplicate-message-id-first');
    const second = await read('duplicate-message-id-second');
    expect(first.metadata.messageId).toBe(second.metadata.messageId);
    expect(first.documents[0]?.sha256).not.toBe(second.documents[0]?.sha256);
  });

  it('exactly-the-size-cap is read; one-byte-over-the-size-cap is refused as too_large', async () => {
    const at = await read('exactly-the-size-cap');
    expect(at.refusal).toBeNull();
    expect(at.documents.map((doc) => doc.fileName)).toEqual(['at-the-cap.pdf']);
    const over = await read('one-byte-over-the-size-cap');
    expect(over.refusal).toEqual({
      reason: 'too_large',
      detail: `the message is ${CORPUS_LIMITS.maxMessageBytes + 1} bytes; the largest accepted is ${CORPUS_LIMITS.maxMessageBytes} bytes`,
    });
  });

  it('zip-path-traversal-names: entries named with .. or absolute paths are kept by their last segment', async () => {
    expect(documents(await read('zip-path-traversal-names'))).toEqual([
      ['2/../../x.pdf', 'x.pdf', 'application/pdf'],
      ['2//etc/absolute.pdf', 'absolute.pdf', 'application/pdf'],
      ['2/C:/Windows/drive.pdf', 'drive.pdf', 'application/pdf'],
      ['2/ok/fine.pdf', 'fine.pdf', 'application/pdf'],
    ]);
  });

  it('zip-thousand-entries: refused whole by the entry cap', async () => {
    expect(skipped(await read('zip-thousand-entries'))).toEqual([['2', 'zip_too_many_entries']]);
  });

  it('seven-zip-and-rar: other archives are skipped as unsupported_archive; the PDF beside them kept', async () => {
    const message = await read('seven-zip-and-rar');
    expect(skipped(message)).toEqual([
      ['2', 'unsupported_archive'],
      ['3', 'unsupported_archive'],
    ]);
    expect(documents(message)).toEqual([['4', 'readable.pdf', 'application/pdf']]);
  });

  it('huge-inline-image: an inline image over the attachment cap is skipped as too_large', async () => {
    expect(skipped(await read('huge-inline-image'))).toEqual([['2.2', 'too_large']]);
  });

  it('inline-image-pixel-bomb: an image declaring more pixels than OCR reads is skipped', async () => {
    const message = await read('inline-image-pixel-bomb');
    expect(skipped(message)).toEqual([['1.2.2', 'too_many_pixels']]);
    expect(message.skipped[0]?.detail).toContain(String(MAX_IMAGE_PIXELS));
    expect(documents(message)).toEqual([['2', 'real.pdf', 'application/pdf']]);
  });

  it('name-only-extension: `.pdf` alone gets a generated name', async () => {
    expect(documents(await read('name-only-extension'))).toEqual([
      ['2', 'attachment-1.pdf', 'application/pdf'],
      ['3', 'attachment-2.pdf', 'application/pdf'],
    ]);
  });

  it('name-of-300-characters: names are capped by characters and UTF-8 bytes, keeping their extension', async () => {
    const names = (await read('name-of-300-characters')).documents.map((doc) => doc.fileName);
    expect(names).toHaveLength(3);
    for (const name of names) {
      expect(name.length).toBeLessThanOrEqual(150);
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(200);
      expect(name.endsWith('.pdf')).toBe(true);
    }
    expect(names[0]?.startsWith('Rechnung-Rechnung-')).toBe(true);
  });

  it('a reader failure on one message fails that message with a reason; it never rejects like a dropped connection', async () => {
    // Limits whose ZIP caps throw when read: a stand-in for any bug of the reader met mid-message.
    const zipCapsThrow = { ...CORPUS_LIMITS };
    Object.defineProperty(zipCapsThrow, 'zip', {
      get: () => {
        throw new Error('a bug met while opening the archive');
      },
    });
    const message = await readFixture('zip-with-pdfs', tempDir(), zipCapsThrow);
    expect(message.refusal).toEqual({
      reason: 'malformed',
      detail: 'the message could not be read: a bug met while opening the archive',
    });
    expect(await readdir(tempDir())).toEqual([]);
  });
});
