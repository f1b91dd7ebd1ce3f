import { describe, expect, it } from 'vitest';
import { type DocumentText, toDocumentText } from '../../../src/extraction/document-text.ts';
import { extractArrivalNotice } from '../../../src/extraction/extractors/arrival-notice.ts';
import { extractBillOfLading } from '../../../src/extraction/extractors/bill-of-lading.ts';
import { extractBookingConfirmation } from '../../../src/extraction/extractors/booking-confirmation.ts';
import { extractCommercialInvoice } from '../../../src/extraction/extractors/commercial-invoice.ts';
import { extractDeliveryOrder } from '../../../src/extraction/extractors/delivery-order.ts';
import { extractPackingList } from '../../../src/extraction/extractors/packing-list.ts';
import { findContainerNumbers } from '../../../src/extraction/fields/container-numbers.ts';
import { ocrLines } from '../../../src/extraction/ocr/ocr-lines.ts';
import { clearStreaks } from '../../../src/extraction/ocr/streaks.ts';
import { parsePackageCount } from '../../../src/extraction/parse/quantities.ts';
import type { TextLine } from '../../../src/extraction/pdf/layout-lines.ts';
import { joinOcrLabelPieces, joinSplitLabels } from '../../../src/extraction/split-labels.ts';
import { type Line, linesFrom, pageFrom } from './document-text-fixture.ts';

/**
 * Rules for shapes the fourth held-out set (test/fixtures/extraction-heldout-4/) showed the engine
 * missing: labels broken over two lines, `Arrival (ETA)`, `Storage free until`, the French `Bon à
 * enlever`, a currency after the total's label, packing-list totals in European number formats or
 * under `Gross kg`; on OCR, labels in small print read as separate words, a stray digit in a container's
 * owner code, a space after a thousands separator and a fax's streaks. Each case is the general shape,
 * written here, not a held-out document.
 */

const lines = (rows: ReadonlyArray<Line>): TextLine[] => linesFrom(rows);
const pageText = (rows: ReadonlyArray<Line>): DocumentText => pageFrom(rows);

describe('labels broken over two lines', () => {
  it('joins the second line up to a first line that has the value beside it, in two columns', () => {
    const payload = extractBillOfLading(
      pageText([
        [0, [[40, 'SEA WAYBILL', 13]]],
        [
          20,
          [
            [40, 'Waybill'],
            [130, 'HDXU26904417'],
            [340, 'Ocean'],
            [430, 'GARNET STAR'],
          ],
        ],
        [
          10,
          [
            [40, 'Number'],
            [340, 'Vessel'],
          ],
        ],
        [
          13,
          [
            [40, 'Notify'],
            [130, 'HARBOUR BROKERAGE INC'],
            [340, 'Port of'],
            [430, 'BUSAN, KOREA'],
          ],
        ],
        [
          10,
          [
            [40, 'Party'],
            [340, 'Loading'],
          ],
        ],
        [
          13,
          [
            [340, 'Port of'],
            [430, 'SAVANNAH, GA'],
          ],
        ],
        [10, [[340, 'Discharge']]],
      ]),
    );
    expect(payload.bill_of_lading_number).toBe('HDXU26904417');
    expect(payload.vessel_name).toBe('GARNET STAR');
    expect(payload.notify_party).toBe('HARBOUR BROKERAGE INC');
    expect(payload.port_of_loading).toMatch(/^BUSAN/);
    expect(payload.port_of_discharge).toMatch(/^SAVANNAH/);
  });

  it('brings a first line alone down to the value beside the second', () => {
    const payload = extractArrivalNotice(
      pageText([
        [0, [[40, 'ARRIVAL NOTICE', 13]]],
        [20, [[40, 'ESTIMATED']]],
        [
          10,
          [
            [40, 'ARRIVAL'],
            [150, '2026/11/24'],
          ],
        ],
        [13, [[40, 'STORAGE']]],
        [
          10,
          [
            [40, 'FREE UNTIL'],
            [150, '2026/11/30'],
          ],
        ],
      ]),
    );
    expect(payload.eta).toBe('2026-11-24');
    expect(payload.last_free_day).toBe('2026-11-30');
    const grid = extractArrivalNotice(
      pageText([
        [0, [[40, 'ARRIVAL NOTICE', 13]]],
        [
          20,
          [
            [40, 'Free Days Until'],
            [140, '01 DEC 2026'],
          ],
        ],
      ]),
    );
    expect(grid.last_free_day).toBe('2026-12-01');
  });

  it('leaves a column of whole labels alone, and a label over a value of its own', () => {
    const rows = lines([
      [
        0,
        [
          [40, 'Vessel'],
          [130, 'NORTHERN STAR'],
        ],
      ],
      [10, [[40, 'Voyage']]],
      [
        13,
        [
          [40, 'Port of'],
          [130, 'ANTWERP'],
        ],
      ],
      [
        10,
        [
          [40, 'Loading'],
          [130, 'BELGIUM'],
        ],
      ],
    ]);
    expect(joinSplitLabels(rows).map((line) => line.text)).toEqual(rows.map((line) => line.text));
  });
});

describe('wordings', () => {
  it('reads "Arrival (ETA)" and "Departure (ETD)" as the dates they name', () => {
    const notice = extractArrivalNotice(
      pageText([
        [0, [[40, 'ARRIVAL NOTICE', 13]]],
        [
          20,
          [
            [330, 'Departure (ETD):'],
            [440, 'Oct 30th, 2026'],
          ],
        ],
        [
          12,
          [
            [330, 'Arrival (ETA):'],
            [440, 'Nov 21st, 2026'],
          ],
        ],
      ]),
    );
    expect(notice.eta).toBe('2026-11-21');
    const booking = extractBookingConfirmation(
      pageText([
        [0, [[40, 'BOOKING CONFIRMATION', 13]]],
        [
          20,
          [
            [40, 'Departure (ETD):'],
            [150, '24.11.2026'],
          ],
        ],
      ]),
    );
    expect(booking.etd).toBe('2026-11-24');
  });

  it('reads the number of a French "Bon à enlever" after "N° BAE"', () => {
    const payload = extractDeliveryOrder(
      pageText([
        [0, [[400, 'BON A ENLEVER', 14]]],
        [18, [[400, 'N° BAE 76-2611-004418', 9]]],
      ]),
    );
    expect(payload.delivery_order_number).toBe('76-2611-004418');
  });

  it('takes the currency printed after the total label when the value beside has none', () => {
    const payload = extractCommercialInvoice(
      pageText([
        [0, [[400, 'RECHNUNG', 13]]],
        [
          20,
          [
            [360, 'Gesamtbetrag EUR'],
            [470, '12.845,67'],
          ],
        ],
        [
          12,
          [
            [360, 'Gegenwert USD (Kurs 1,0842)'],
            [470, '13,927.28'],
          ],
        ],
      ]),
    );
    expect(payload.total_amount).toBe('12845.67');
    expect(payload.currency).toBe('EUR');
  });
});

describe('seal columns', () => {
  it('reads every seal under a heading that names several columns with slashes', () => {
    const payload = extractBillOfLading(
      pageText([
        [0, [[40, 'SEA WAYBILL', 13]]],
        [
          20,
          [
            [42, 'Marks & Nos / Container / Seal'],
            [300, 'Packages'],
            [520, 'Weight'],
          ],
        ],
        [
          12,
          [
            [42, 'HMMU6112081 / HMM8695656'],
            [300, '18 PALLETS'],
            [520, '17,208 KGS'],
          ],
        ],
        [
          12,
          [
            [42, 'HMMU6119450 / HMM8700816'],
            [300, '18 PALLETS'],
            [520, '17,945 KGS'],
          ],
        ],
      ]),
    );
    expect(payload.seal_numbers).toEqual(['HMM8695656', 'HMM8700816']);
  });
});

describe('packing-list totals', () => {
  it('counts packages grouped with dots or spaces, and bales', () => {
    expect(parsePackageCount('1.020')).toBe(1020);
    expect(parsePackageCount('1 640 cartons')).toBe(1640);
    expect(parsePackageCount('1,200 BALES')).toBe(1200);
    expect(parsePackageCount('1.5')).toBeNull();
  });

  it('reads a total row under "Colli" and "Bruto kg", and a gross column headed "GROSS KG"', () => {
    const dutch = extractPackingList(
      pageText([
        [0, [[400, 'PAKLIJST', 13]]],
        [
          20,
          [
            [42, 'Omschrijving'],
            [290, 'Colli'],
            [400, 'Netto kg'],
            [530, 'Bruto kg'],
          ],
        ],
        [
          12,
          [
            [42, 'Kweekpotten'],
            [290, '640'],
            [400, '5.120,0'],
            [530, '5.504,5'],
          ],
        ],
        [
          12,
          [
            [42, 'Substraatmatten'],
            [290, '380'],
            [400, '8.436,0'],
            [530, '8.930,0'],
          ],
        ],
        [
          12,
          [
            [42, 'Totaal / Total'],
            [290, '1.020'],
            [400, '13.556,0'],
            [530, '14.434,5'],
          ],
        ],
      ]),
    );
    expect(dutch.package_count).toBe(1020);
    expect(dutch.gross_weight_kg).toBe('14434.5');
    const english = extractPackingList(
      pageText([
        [0, [[400, 'PACKING LIST', 13]]],
        [
          20,
          [
            [42, 'CONTAINER'],
            [240, 'PACKAGES'],
            [400, 'NET KG'],
            [520, 'GROSS KG'],
          ],
        ],
        [
          12,
          [
            [42, 'FCIU1204410'],
            [240, '120 BALES'],
            [400, '19,800.000'],
            [520, '20,160.000'],
          ],
        ],
        [
          12,
          [
            [42, 'TOTAL'],
            [240, '240 BALES'],
            [400, '39,600.000'],
            [520, '40,320.000'],
          ],
        ],
      ]),
    );
    expect(english.package_count).toBe(240);
    expect(english.gross_weight_kg).toBe('40320.000');
  });
});

const ocr = (rows: ReadonlyArray<Line>): TextLine[] => linesFrom(rows, { source: 'ocr' });

describe('OCR', () => {
  it('joins label words read as separate cells, and a label word broken in two', () => {
    const joined = joinOcrLabelPieces(
      ocr([
        [
          0,
          [
            [175, 'CONS IGNEE', 22],
            [1223, 'PORT', 22],
            [1289, 'OF', 22],
            [1331, 'LOADING', 22],
          ],
        ],
        [
          40,
          [
            [175, 'VESSEL', 22],
            [260, 'VOYAGE', 22],
          ],
        ],
      ]),
    );
    expect(joined.map((line) => line.cells.map((cell) => cell.text))).toEqual([
      ['CONSIGNEE', 'PORT OF LOADING'],
      ['VESSEL', 'VOYAGE'],
    ]);
  });

  it('takes a stray digit out of an owner code when the check digit then holds, and not as a seal', () => {
    const text = toDocumentText(
      ocr([
        [0, [[170, 'CNTR / SEAL', 20]]],
        [30, [[172, 'Z1IMU1338706   SEAL ZS5354290', 20]]],
      ]),
      1,
      1,
    );
    expect(findContainerNumbers(text).accepted).toEqual(['ZIMU1338706']);
    const payload = extractBillOfLading(text);
    expect(payload.seal_numbers).toEqual(['ZS5354290']);
  });

  it('closes a space OCR read after a thousands separator', () => {
    const [line] = ocrLines(
      {
        width: 2400,
        height: 3300,
        words: [
          { text: 'TOTAL', confidence: 90, left: 171, top: 1000, width: 94, height: 30, lineKey: 'a' },
          { text: '201,', confidence: 90, left: 2019, top: 1000, width: 80, height: 30, lineKey: 'a' },
          { text: '600.000', confidence: 90, left: 2110, top: 1000, width: 116, height: 30, lineKey: 'a' },
        ],
      },
      1,
    );
    expect(line?.cells.map((cell) => cell.text)).toEqual(['TOTAL', '201,600.000']);
  });

  it('clears a streak from edge to edge, and leaves a rule between margins and a text line alone', () => {
    const width = 400;
    const height = 60;
    const data = new Uint8Array(width * height).fill(250);
    for (let x = 0; x < width; x += 1) data[10 * width + x] = 60; // a streak
    for (let x = 30; x < width - 30; x += 1) data[30 * width + x] = 60; // a rule inside the margins
    for (let x = 30; x < width - 30; x += 1) if (x % 9 < 5) data[50 * width + x] = 60; // letters
    expect(clearStreaks({ data, width, height }, 128)).toBe(1);
    expect(data[10 * width + 200]).toBe(250);
    expect(data[30 * width + 200]).toBe(60);
    expect(data[50 * width + 200]).toBe(60);
  });
});
