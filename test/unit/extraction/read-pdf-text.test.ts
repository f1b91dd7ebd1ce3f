import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractDocument } from '../../../src/extraction/extract-document.ts';
import { MAX_PAGES_READ, readPdfText } from '../../../src/extraction/pdf/read-pdf-text.ts';
import { makeTextPdf } from '../../support/samples/special-pdfs.ts';

async function pagesPdf(pageTexts: readonly string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pageTexts) {
    doc.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 12, font });
  }
  return doc.save();
}

describe('readPdfText', () => {
  it('reads every page in order, tagging lines with their page', async () => {
    const text = await readPdfText(await pagesPdf(['first page text here', 'second page text here']));
    expect(text.pageCount).toBe(2);
    expect(text.lines.map((line) => [line.page, line.text])).toEqual([
      [1, 'first page text here'],
      [2, 'second page text here'],
    ]);
  });

  it(`reads at most ${MAX_PAGES_READ} pages but reports the real page count`, async () => {
    const pages = Array.from({ length: MAX_PAGES_READ + 3 }, (_, i) => `page number ${i + 1} of the report`);
    const text = await readPdfText(await pagesPdf(pages));
    expect(text.pageCount).toBe(MAX_PAGES_READ + 3);
    expect(text.pagesRead).toBe(MAX_PAGES_READ);
    expect(text.lines.at(-1)?.text).toBe(`page number ${MAX_PAGES_READ} of the report`);
  });

  it('finds fields on a later page', async () => {
    const bytes = await pagesPdf(['COMMERCIAL INVOICE   Invoice No.: 7781', 'Grand Total: USD 1,500.00']);
    const result = await extractDocument(bytes, { filename: 'two-pages.pdf', contentType: null });
    expect(result.ok && result.payload).toMatchObject({ invoice_number: '7781', total_amount: '1500.00' });
  });

  it('reads a PDF whose header follows some junk bytes', async () => {
    const pdf = await makeTextPdf(['PACKING LIST', 'Packing List No.: PL-1', 'Total Packages: 12 CARTONS']);
    const bytes = Buffer.concat([Buffer.from('junk before the header\r\n'), Buffer.from(pdf)]);
    const result = await extractDocument(bytes, { filename: 'prefixed.pdf', contentType: null });
    expect(result).toMatchObject({ ok: true, documentType: 'packing_list', payload: { package_count: 12 } });
  });
});
