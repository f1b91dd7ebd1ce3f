import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { stopTesseractJs } from '../../../src/extraction/ocr/tesseract-js.ts';
import { readPdfText } from '../../../src/extraction/pdf/read-pdf-text.ts';
import { textPng } from '../../support/samples/ocr-images.ts';

/**
 * pdf.js is told to treat the 14 standard fonts, when a PDF does not embed them, as system fonts, so it
 * never asks for font files nobody ships. These pin what that must not change: such text keeps its
 * positions and widths (from pdf.js's built-in metrics), and a scan stamped with a few words in such a
 * font still goes to OCR, the one path where pdf.js's main side sees the fonts.
 */

const PAGE: [number, number] = [595, 842];

afterAll(async () => {
  await stopTesseractJs();
});

describe('PDF text in standard fonts that are not embedded', () => {
  it.each([
    StandardFonts.Helvetica,
    StandardFonts.TimesRoman,
    StandardFonts.Courier,
    StandardFonts.HelveticaBold,
  ])('reads %s with the positions and widths it was drawn with', async (name) => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(name);
    const page = doc.addPage(PAGE);
    page.drawText('Port of Loading:', { x: 50, y: 700, size: 11, font });
    page.drawText('ROTTERDAM', { x: 300, y: 700, size: 11, font });
    const text = await readPdfText(await doc.save());
    const [line] = text.lines;
    expect(line?.cells.map((cell) => cell.text)).toEqual(['Port of Loading:', 'ROTTERDAM']);
    const [label, value] = line?.cells ?? [];
    expect(label?.x).toBeCloseTo(50, 1);
    expect(value?.x).toBeCloseTo(300, 1);
    // pdf.js's metrics and pdf-lib's differ by a hair (up to 1.5 % of a run's width here).
    for (const cell of [label, value]) {
      const drawn = font.widthOfTextAtSize(cell?.text ?? '', 11);
      expect(Math.abs((cell?.xEnd ?? 0) - (cell?.x ?? 0) - drawn)).toBeLessThan(drawn * 0.02);
    }
  });

  it('reads a scan stamped with a page number in Helvetica by OCR', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const scan = await doc.embedPng(
      await textPng(['COMMERCIAL INVOICE', 'Invoice No.: INV-20481', 'Grand Total: USD 12,450.00'], {
        width: 1200,
        fontSize: 32,
      }),
    );
    const page = doc.addPage(PAGE);
    page.drawImage(scan, { x: 0, y: 300, width: 595, height: 400 });
    page.drawText('p. 1', { x: 20, y: 20, size: 8, font });
    const text = await readPdfText(await doc.save());
    expect(text.lines.every((line) => line.source === 'ocr')).toBe(true);
    expect(text.plain).toContain('INV-20481');
  }, 60_000);
});
