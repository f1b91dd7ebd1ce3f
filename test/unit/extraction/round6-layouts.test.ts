import { concatTransformationMatrix, degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../src/extraction/classify.ts';
import { extractDocument } from '../../../src/extraction/extract-document.ts';
import { extractBillOfLading } from '../../../src/extraction/extractors/bill-of-lading.ts';
import { extractPackingList } from '../../../src/extraction/extractors/packing-list.ts';
import { parseWeightKg } from '../../../src/extraction/parse/quantities.ts';
import { layoutLines } from '../../../src/extraction/pdf/layout-lines.ts';
import { readPdfText } from '../../../src/extraction/pdf/read-pdf-text.ts';
import { plainCharacters } from '../../../src/extraction/pdf/text-characters.ts';
import { Canvas } from '../../support/extraction-corpus/heldout-canvas.ts';
import { documentText, pageFrom } from './document-text-fixture.ts';

/**
 * Rules for shapes the sixth held-out set (test/fixtures/extraction-heldout-6/) showed the engine
 * missing: text layers with ligatures, full-width digits, soft hyphens and zero-width spaces; labels in
 * Chinese beside English; pages stored sideways and shown upright by `/Rotate`; weights in pounds with
 * the kilograms beside them; package totals in bundles; a telex release or a VGM declaration, which name a
 * bill's parties and ports but are no bill; a colon in a column of its own between label and value; a
 * figure whose unit OCR set in cells of its own. Each case is the general shape, written here, not a held-out
 * document.
 */

describe('characters of a text layer', () => {
  it('reads ligatures, full-width digits and letters and no-break spaces as plain characters', () => {
    expect(plainCharacters('Con\ufb01rmation O\ufb03ce \ufb02ow')).toBe('Confirmation Office flow');
    expect(plainCharacters('２０２６/１１/２４ ＢＫＧ')).toBe('2026/11/24 BKG');
    expect(plainCharacters('24\u00a0Nov\u202f2026')).toBe('24 Nov 2026');
  });

  it('drops soft hyphens and zero-width spaces inside words and numbers', () => {
    expect(plainCharacters('Con\u00adsignee')).toBe('Consignee');
    expect(plainCharacters('HMM\u200b2611\u200b0873\ufeff')).toBe('HMM26110873');
  });

  it('keeps accented letters and the ordinal indicator of "n.º"', () => {
    expect(plainCharacters('Réservation n.º 12')).toBe('Réservation n.º 12');
    expect(plainCharacters('Empfänger 1.ª')).toBe('Empfänger 1.ª');
  });
});

describe('bilingual labels', () => {
  const at = (text: string, x: number, y = 700) => ({ text, x, y, width: text.length * 4.5, fontSize: 8 });

  it('reads "托运人 Shipper" as the label Shipper when the line is also in Latin script', () => {
    const [line] = layoutLines([at('托运人 Shipper', 40), at('ACME TRADING CO', 200)], 1);
    expect(line?.cells.map((c) => c.text)).toEqual(['Shipper', 'ACME TRADING CO']);
  });

  it('keeps a Chinese label standing alone before a Latin one out of the cells', () => {
    const [line] = layoutLines([at('提单号', 40), at('B/L No.', 80), at('QDOS26110452', 200)], 1);
    expect(line?.text).toBe('B/L No.   QDOS26110452');
  });

  it('keeps a line in Chinese alone as it is', () => {
    const [line] = layoutLines([at('青岛海信轮胎有限公司', 40)], 1);
    expect(line?.text).toBe('青岛海信轮胎有限公司');
  });
});

describe('a page stored sideways and shown upright by /Rotate', () => {
  async function sidewaysPdf(rotate: 90 | 270): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const [width, height] = [595, 842];
    const page = doc.addPage([height, width]);
    page.setRotation(degrees(rotate));
    // Drawing in the upright page's coordinates: turn user space against the page's rotation.
    page.pushOperators(
      rotate === 90
        ? concatTransformationMatrix(0, 1, -1, 0, height, 0)
        : concatTransformationMatrix(0, -1, 1, 0, 0, width),
    );
    const rows: Array<[string, string]> = [
      ['BILL OF LADING', ''],
      ['Shipper', 'NORTHWIND TOOLS GMBH'],
      ['Consignee', 'HARBOR SUPPLY INC'],
      ['Vessel', 'MAERSK KENTUCKY'],
    ];
    rows.forEach(([label, value], i) => {
      const y = height - 60 - i * 20;
      page.drawText(label, { x: 40, y, size: 10, font });
      if (value !== '') page.drawText(value, { x: 200, y, size: 10, font });
    });
    return doc.save();
  }

  it.each([90, 270] as const)('reads lines left to right, top to bottom under /Rotate %i', async (rotate) => {
    const text = await readPdfText(await sidewaysPdf(rotate));
    expect(text.lines.map((l) => l.text)).toEqual([
      'BILL OF LADING',
      'Shipper   NORTHWIND TOOLS GMBH',
      'Consignee   HARBOR SUPPLY INC',
      'Vessel   MAERSK KENTUCKY',
    ]);
  });
});

describe('weights in pounds and kilograms', () => {
  it("takes the document's own kilograms over a conversion of its pounds", () => {
    expect(parseWeightKg('37,700 LBS (17,100.4 KG)')).toBe('17100.4');
    expect(parseWeightKg('15.550,0 kg / 34.281,8 lbs')).toBe('15550.0');
  });

  it('converts pounds given alone', () => {
    expect(parseWeightKg('26,455 LBS')).toBe('11999.786');
  });
});

describe('papers of none of the types', () => {
  it('reads a telex release, which names a bill, its vessel, ports and consignee, as other', () => {
    const text = documentText([
      'YANG MING MARINE TRANSPORT CORP.',
      'TELEX RELEASE',
      'RE: B/L NO. YMLUK236018842',
      'VSL/VOY: YM UNANIMITY 062E',
      'POL: KAOHSIUNG   POD: LOS ANGELES',
      'PLS RELEASE THE CARGO TO THE CONSIGNEE WITHOUT THE ORIGINAL BILL OF LADING',
      'CONSIGNEE: PACIFIC COAST BICYCLE SUPPLY INC',
    ]);
    expect(classifyDocument(text).documentType).toBe('other');
  });

  it('reads a VGM declaration as other', () => {
    const text = documentText([
      'VERIFIED GROSS MASS (VGM) DECLARATION',
      'Shipper   ANATOLIA TEXTILE MILLS',
      'Booking No.   TK2611904',
      'Container   VGM (kg)',
    ]);
    expect(classifyDocument(text).documentType).toBe('other');
  });

  it('still reads a bill of lading stamped TELEX RELEASED as a bill', () => {
    const text = documentText([
      'BILL OF LADING',
      'TELEX RELEASE',
      'Shipper   NORTHWIND TOOLS GMBH',
      'Consignee   HARBOR SUPPLY INC',
      'Port of Loading   HAMBURG',
    ]);
    expect(classifyDocument(text).documentType).toBe('bill_of_lading');
  });
});

describe('a text layer as subsetting tools write it', () => {
  it('extracts a booking whose labels and numbers carry ligatures, soft hyphens and zero-width spaces', async () => {
    const canvas = await Canvas.create('helvetica');
    canvas.unicodeText('BOOKING CON\ufb01RMATION', 40, 30, { size: 14, bold: true });
    const rows: Array<[string, string]> = [
      ['Booking\u00a0No.', 'ＯＳＬ\u200b2611\u200b5502'],
      ['Vessel', 'NORTHERN\u00a0SPIRIT'],
      ['Port of Load\u00ading', 'BUSAN'],
      ['Port of Dis\u00adcharge', 'GDANSK'],
      ['ETD', '０３\u00a0DEC\u00a02026'],
    ];
    rows.forEach(([label, value], i) => {
      canvas.unicodeText(label, 40, 70 + i * 14, { size: 9, bold: true });
      canvas.unicodeText(value, 180, 70 + i * 14, { size: 9 });
    });
    const result = await extractDocument(await canvas.save(), { filename: 'b.pdf', contentType: null });
    expect(result.ok && result.documentType).toBe('booking_confirmation');
    const payload = result.ok ? result.payload : {};
    expect(payload).toMatchObject({
      booking_number: 'OSL26115502',
      vessel: 'NORTHERN SPIRIT',
      port_of_loading_locode: 'KRPUS',
      etd: '2026-12-03',
    });
  });
});

describe('values set apart from their labels', () => {
  it('takes the value after a colon that stands in a column of its own', () => {
    const text = pageFrom([
      [0, [[40, 'BILL OF LADING', 12]]],
      [
        20,
        [
          [40, 'Shipper'],
          [120, ':'],
          [140, 'NORTHWIND TOOLS GMBH'],
        ],
      ],
      [
        14,
        [
          [40, 'Vessel'],
          [120, ':'],
          [140, 'BERLIN EXPRESS'],
        ],
      ],
      [
        14,
        [
          [40, 'Port of Loading'],
          [120, ':'],
          [140, 'HAMBURG'],
        ],
      ],
    ]);
    const payload = extractBillOfLading(text);
    expect(payload.vessel_name).toBe('BERLIN EXPRESS');
    expect(payload.port_of_loading).toBe('HAMBURG');
    expect(payload.shipper).toBe('NORTHWIND TOOLS GMBH');
  });

  it("reads a total weight whose units OCR split off, the document's own kilograms first", () => {
    const text = pageFrom(
      [
        [0, [[40, 'PACKING LIST', 12]]],
        [
          20,
          [
            [40, 'TOTAL BUNDLES'],
            [200, '30'],
          ],
        ],
        [
          14,
          [
            [40, 'TOTAL GROSS WEIGHT'],
            [200, '37,700'],
            [240, 'LBS'],
            [262, '(17,100.4'],
            [300, 'KG)'],
          ],
        ],
      ],
      { source: 'ocr' },
    );
    const payload = extractPackingList(text);
    expect(payload.package_count).toBe(30);
    expect(payload.gross_weight_kg).toBe('17100.4');
  });
});
