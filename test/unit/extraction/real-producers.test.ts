import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractDocument } from '../../../src/extraction/extract-document.ts';
import { ExtractionError } from '../../../src/extraction/extraction-error.ts';
import { readPdfText } from '../../../src/extraction/pdf/read-pdf-text.ts';
import { canRenderPages } from '../../../src/extraction/pdf/render-page.ts';
import {
  appendContentUpdate,
  glyphByGlyph,
  imageMaskScanPdf,
  lit,
  rawContentPdf,
  rc4EncryptedPdf,
  stripedScanPdf,
  vectorOnlyTextPdf,
} from '../../support/real-producer-pdfs.ts';
import { textPng } from '../../support/samples/ocr-images.ts';

/** Helvetica's advance for one glyph at a size, as a producer placing glyphs one by one uses it. */
async function helveticaWidth(size: number): Promise<(glyph: string) => number> {
  const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  return (glyph) => font.widthOfTextAtSize(glyph, size);
}

const linesOf = async (pdf: Uint8Array): Promise<string[]> =>
  (await readPdfText(pdf)).lines.map((line) => line.text);

describe('text as real producers place it', () => {
  it('reads letter-by-letter text, each glyph placed by its own Tm or Td', async () => {
    const width = await helveticaWidth(10);
    const pdf = await rawContentPdf([
      [
        glyphByGlyph('Bill of Lading No: MAEU123456789', { x: 50, y: 770, size: 10, move: 'Tm' }, width),
        glyphByGlyph('Consignee: ACME GmbH', { x: 50, y: 740, size: 10, move: 'Td' }, width),
      ].join('\n'),
    ]);
    expect(await linesOf(pdf)).toEqual(['Bill of Lading No: MAEU123456789', 'Consignee: ACME GmbH']);
  });

  it('puts words drawn out of reading order back in order', async () => {
    const pdf = await rawContentPdf([
      [
        `BT /F1 10 Tf 1 0 0 1 50 700 Tm ${lit('Total')} Tj ET`,
        `BT /F1 10 Tf 1 0 0 1 50 760 Tm ${lit('Invoice No: 4711')} Tj ET`,
        `BT /F1 10 Tf 1 0 0 1 75 700 Tm ${lit('Amount: USD 1,500.00')} Tj ET`,
        `BT /F1 10 Tf 1 0 0 1 50 730 Tm ${lit('Date: 2024-03-01')} Tj ET`,
      ].join('\n'),
    ]);
    expect(await linesOf(pdf)).toEqual([
      'Invoice No: 4711',
      'Date: 2024-03-01',
      'Total Amount: USD 1,500.00',
    ]);
  });

  it('reads a TJ array whose only word spaces are kerning numbers', async () => {
    const pdf = await rawContentPdf([
      [
        `BT /F1 10 Tf 50 760 Td [${lit('Port')} -280 ${lit('of')} -280 ${lit('Loading:')} -300 ${lit('ROTTERDAM')}] TJ ET`,
        // Small kerning pairs inside words must not split them.
        `BT /F1 10 Tf 50 740 Td [${lit('V')} 80 ${lit('essel:')} -250 ${lit('MSC')} -250 ${lit('A')} 40 ${lit('Y')} 60 ${lit('A')}] TJ ET`,
      ].join('\n'),
    ]);
    expect(await linesOf(pdf)).toEqual(['Port of Loading: ROTTERDAM', 'Vessel: MSC AYA']);
  });

  it('reads text spaced with Tc and Tw, and scaled with Tz', async () => {
    const pdf = await rawContentPdf([
      [
        `BT /F1 10 Tf 0.5 Tc 2 Tw 50 760 Td ${lit('Gross Weight: 12,400 KG')} Tj ET`,
        `BT /F1 10 Tf 0 Tc 0 Tw 70 Tz 50 740 Td ${lit('Container: MSKU1234565')} Tj ET`,
        `BT /F1 10 Tf 130 Tz 50 720 Td ${lit('Seal: 998877')} Tj ET`,
      ].join('\n'),
    ]);
    expect(await linesOf(pdf)).toEqual(['Gross Weight: 12,400 KG', 'Container: MSKU1234565', 'Seal: 998877']);
  });

  it('reads text moved by T*, \' and " with a leading set by TL', async () => {
    const pdf = await rawContentPdf([
      `BT /F1 10 Tf 14 TL 50 760 Td ${lit('Shipper: Northwind Ltd')} Tj T* ${lit('Notify: Same as consignee')} Tj ${lit('POL: Hamburg')} ' 1 0 ${lit('POD: Shanghai')} " ET`,
    ]);
    expect(await linesOf(pdf)).toEqual([
      'Shipper: Northwind Ltd',
      'Notify: Same as consignee',
      'POL: Hamburg',
      'POD: Shanghai',
    ]);
  });

  it('reads header and footer drawn from a form XObject, and a page of two content streams', async () => {
    const pdf = await rawContentPdf(
      [
        `q /Hdr Do Q\nBT /F1 10 Tf 50 700 Td ${lit('Booking No: BK-20931')} Tj ET`,
        `BT /F1 10 Tf 50 680 Td ${lit('Containers: 2 x 40HC')} Tj ET\nq 1 0 0 1 0 -700 cm /Hdr Do Q`,
      ],
      { forms: { Hdr: `BT /F2 12 Tf 50 790 Td ${lit('ARRIVAL NOTICE')} Tj ET` } },
    );
    expect(await linesOf(pdf)).toEqual([
      'ARRIVAL NOTICE',
      'Booking No: BK-20931',
      'Containers: 2 x 40HC',
      'ARRIVAL NOTICE',
    ]);
  });

  it('reads one line split into text objects of different fonts and sizes', async () => {
    const pdf = await rawContentPdf([
      [
        `BT /F2 11 Tf 50 760 Td ${lit('Invoice No:')} Tj ET`,
        `BT /F1 9 Tf 112 760.8 Td ${lit('INV-2024-0042')} Tj ET`,
        `BT /F2 11 Tf 50 740 Td ${lit('Due')} Tj /F1 9 Tf ( ) Tj /F2 11 Tf ${lit('Date:')} Tj /F1 9 Tf ${lit(' 2024-04-30')} Tj ET`,
      ].join('\n'),
    ]);
    expect(await linesOf(pdf)).toEqual(['Invoice No: INV-2024-0042', 'Due Date: 2024-04-30']);
  });

  it('reads a PDF written with object streams, and one with an incremental update appended', async () => {
    const first = `BT /F1 10 Tf 50 760 Td ${lit('Packing List No: PL-001 draft')} Tj ET`;
    const pdf = await rawContentPdf([first], { useObjectStreams: true });
    expect(await linesOf(pdf)).toEqual(['Packing List No: PL-001 draft']);
    const plain = await rawContentPdf([first]);
    const updated = appendContentUpdate(
      plain,
      `BT /F1 10 Tf 50 760 Td ${lit('Packing List No: PL-001 final')} Tj ET`,
    );
    expect(await linesOf(updated)).toEqual(['Packing List No: PL-001 final']);
  });

  it.runIf(canRenderPages())('reads text drawn only as vector paths with OCR', async () => {
    const text = await readPdfText(
      await vectorOnlyTextPdf(['COMMERCIAL INVOICE', 'Invoice No: 889120', 'Total Amount: EUR 4,250.00']),
    );
    expect(text.lines.every((line) => line.source === 'ocr')).toBe(true);
    expect(text.lines.map((line) => line.text).join('\n')).toMatch(/Invoice No:? 889120/);
  });

  it('reads an RC4-encrypted PDF with an owner password and an empty user password', async () => {
    const pdf = rc4EncryptedPdf(['COMMERCIAL INVOICE', 'Invoice No: 55120'], { owner: 'accounts', user: '' });
    expect(await linesOf(pdf)).toEqual(['COMMERCIAL INVOICE', 'Invoice No: 55120']);
  });

  it('refuses an RC4-encrypted PDF that needs a user password, saying so', async () => {
    const pdf = rc4EncryptedPdf(['COMMERCIAL INVOICE', 'Invoice No: 55120'], {
      owner: 'accounts',
      user: 'open',
    });
    const failure = await readPdfText(pdf).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ExtractionError);
    expect(failure).toMatchObject({ reason: 'encrypted', message: 'the PDF is password-protected' });
  });

  it('splits a TJ array at a column-wide kerning gap into cells', async () => {
    const pdf = await rawContentPdf([
      `BT /F1 10 Tf 50 760 Td [${lit('Invoice No:')} -9000 ${lit('4711')} -12000 ${lit('Date:')} -3000 ${lit('2024-03-01')}] TJ ET`,
    ]);
    const [line] = (await readPdfText(pdf)).lines;
    expect(line?.cells.map((cell) => cell.text)).toEqual(['Invoice No:', '4711', 'Date:', '2024-03-01']);
  });

  it('reads text sized by the text matrix at font size 1 (office suites, print drivers)', async () => {
    const pdf = await rawContentPdf([
      [
        `BT /F1 1 Tf 10 0 0 10 50 760 Tm ${lit('Shipper: Northwind Ltd')} Tj ET`,
        `BT /F1 1 Tf 10 0 0 10 50 745 Tm ${lit('Notify')} Tj 2.834 0 Td ${lit('Party: Contoso')} Tj ET`,
      ].join('\n'),
    ]);
    expect(await linesOf(pdf)).toEqual(['Shipper: Northwind Ltd', 'Notify Party: Contoso']);
  });

  it('reads text drawn in a y-down coordinate system (a flipped CTM, as Skia and Java writers do)', async () => {
    const pdf = await rawContentPdf([
      [
        '1 0 0 -1 0 842 cm',
        `BT /F1 10 Tf 1 0 0 -1 50 82 Tm ${lit('Vessel: MSC AYA')} Tj ET`,
        `BT /F1 10 Tf 1 0 0 -1 50 100 Tm ${lit('Voyage: 412W')} Tj ET`,
        `BT /F1 10 Tf 1 0 0 -1 50 64 Tm ${lit('ARRIVAL NOTICE')} Tj ET`,
      ].join('\n'),
    ]);
    expect(await linesOf(pdf)).toEqual(['ARRIVAL NOTICE', 'Vessel: MSC AYA', 'Voyage: 412W']);
  });

  it('keeps justified text (wide Tw) on one cell', async () => {
    const pdf = await rawContentPdf([
      `BT /F1 10 Tf 4 Tw 50 760 Td ${lit('Goods received in apparent good order and condition')} Tj ET`,
    ]);
    expect((await readPdfText(pdf)).lines.map((line) => line.cells.length)).toEqual([1]);
    expect(await linesOf(pdf)).toEqual(['Goods received in apparent good order and condition']);
  });

  it('keeps a rotated margin note from breaking the lines it crosses', async () => {
    const pdf = await rawContentPdf([
      [
        `BT /F1 10 Tf 50 760 Td ${lit('Consignee: ACME GmbH')} Tj ET`,
        `BT /F1 10 Tf 50 745 Td ${lit('Port of Discharge: Hamburg')} Tj ET`,
        `BT /F1 6 Tf 0 1 -1 0 580 700 Tm ${lit('Printed 2024-03-01 by SAP')} Tj ET`,
      ].join('\n'),
    ]);
    const lines = await linesOf(pdf);
    expect(lines.slice(0, 2)).toEqual(['Consignee: ACME GmbH', 'Port of Discharge: Hamburg']);
  });

  it('reads text drawn twice a fraction of a point apart (fake bold) once', async () => {
    const pdf = await rawContentPdf([
      [
        `BT /F1 10 Tf 50 760 Td ${lit('Invoice No:')} Tj ET`,
        `BT /F1 10 Tf 50.35 760 Td ${lit('Invoice No:')} Tj ET`,
        `BT /F1 10 Tf 110 760 Td ${lit('4711')} Tj ET`,
        `BT /F1 10 Tf 50 740 Td ${lit('Total: EUR 120.00')} Tj ET`,
        `BT /F1 10 Tf 50.3 740.2 Td ${lit('Total: EUR 120.00')} Tj ET`,
      ].join('\n'),
    ]);
    expect(await linesOf(pdf)).toEqual(['Invoice No:   4711', 'Total: EUR 120.00']);
  });

  it('leaves out text placed outside the page', async () => {
    const pdf = await rawContentPdf([
      [
        `BT /F1 10 Tf 50 760 Td ${lit('Invoice No: 4711')} Tj ET`,
        `BT /F1 10 Tf -900 760 Td ${lit('hidden template field')} Tj ET`,
        `BT /F1 10 Tf 50 2000 Td ${lit('Total: EUR 999.00')} Tj ET`,
        `BT /F1 10 Tf 50 740 Td ${lit('Total: EUR 120.00')} Tj ET`,
      ].join('\n'),
    ]);
    expect(await linesOf(pdf)).toEqual(['Invoice No: 4711', 'Total: EUR 120.00']);
  });

  it.runIf(canRenderPages())('reads every strip of a scan stored as several images', async () => {
    const png = await textPng(
      ['PACKING LIST', 'Packing List No: PL-7731', 'Shipper: Northwind Ltd', 'Total Packages: 48 CARTONS'],
      { width: 1800, fontSize: 40 },
    );
    const text = (await readPdfText(await stripedScanPdf(png, 2))).lines.map((line) => line.text).join('\n');
    expect(text).toMatch(/PL-7731/);
    expect(text).toMatch(/48 CARTONS/);
  });

  it.runIf(canRenderPages())('reads a scan drawn as a 1-bit stencil mask', async () => {
    const png = await textPng(['ARRIVAL NOTICE', 'Bill of Lading No: MEDU4471209', 'Vessel: MSC AYA'], {
      width: 1800,
      fontSize: 40,
    });
    const text = (await readPdfText(await imageMaskScanPdf(png))).lines.map((line) => line.text).join('\n');
    expect(text).toMatch(/MEDU4471209/);
  });

  it('extracts an invoice drawn glyph by glyph under a template header, end to end', async () => {
    const width = await helveticaWidth(10);
    const pdf = await rawContentPdf(
      [
        [
          'q /Hdr Do Q',
          glyphByGlyph('Invoice No.: 7781', { x: 50, y: 740, size: 10, move: 'Tm' }, width),
          `BT /F1 10 Tf 50 720 Td [${lit('Grand')} -278 ${lit('Total:')} -278 ${lit('USD')} -278 ${lit('1,500.00')}] TJ ET`,
        ].join('\n'),
      ],
      { forms: { Hdr: `BT /F2 14 Tf 50 790 Td ${lit('COMMERCIAL INVOICE')} Tj ET` } },
    );
    const result = await extractDocument(pdf, { filename: 'invoice.pdf', contentType: null });
    expect(result.ok && result.payload).toMatchObject({ invoice_number: '7781', total_amount: '1500.00' });
  });
});
