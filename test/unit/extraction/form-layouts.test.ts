import { describe, expect, it } from 'vitest';
import { type DocumentText, toDocumentText } from '../../../src/extraction/document-text.ts';
import { extractArrivalNotice } from '../../../src/extraction/extractors/arrival-notice.ts';
import { extractBillOfLading } from '../../../src/extraction/extractors/bill-of-lading.ts';
import { extractCommercialInvoice } from '../../../src/extraction/extractors/commercial-invoice.ts';
import { extractDeliveryOrder } from '../../../src/extraction/extractors/delivery-order.ts';
import { extractPackingList } from '../../../src/extraction/extractors/packing-list.ts';
import { CELL_SEPARATOR, type TextLine } from '../../../src/extraction/pdf/layout-lines.ts';
import { documentText } from './document-text-fixture.ts';

/**
 * Rules for shapes real forms have and the corpus generator does not make, found by the held-out set
 * (test/fixtures/extraction-heldout/). Each case is the general shape, not a held-out document.
 */

type Cell = readonly [x: number, text: string, size?: number];

/** Lines of cells with font sizes: box titles in small print over values in body print, as on forms. */
function formText(lines: ReadonlyArray<ReadonlyArray<Cell>>): DocumentText {
  let y = 800;
  const built: TextLine[] = lines.map((line) => {
    const cells = line.map(([x, text, size = 8]) => ({
      text,
      x,
      xEnd: x + text.length * size * 0.5,
      fontSize: size,
    }));
    y -= 11;
    return { page: 1, y, cells, text: cells.map((c) => c.text).join(CELL_SEPARATOR) };
  });
  return toDocumentText(built, 1, 1);
}

describe('box forms', () => {
  it('reads numbered box titles: "(2) Shipper", "(5) Bill of Lading No.", "(11) Port of Loading"', () => {
    const payload = extractBillOfLading(
      formText([
        [
          [30, '(2) Shipper', 5.5],
          [300, '(5) Bill of Lading No.', 5.5],
        ],
        [
          [30, 'SHENZHEN BRIGHTWAY ELECTRONICS CO., LTD.'],
          [300, 'MAEU262815407'],
        ],
        [[30, 'NO. 18 KEJI SOUTH ROAD']],
        [
          [30, '(11) Port of Loading', 5.5],
          [170, '(12) Port of Discharge', 5.5],
        ],
        [
          [30, 'YANTIAN, CHINA'],
          [170, 'HAMBURG, GERMANY'],
        ],
      ]),
    );
    expect(payload.shipper).toBe('SHENZHEN BRIGHTWAY ELECTRONICS CO., LTD.');
    expect(payload.bill_of_lading_number).toBe('MAEU262815407');
    expect(payload.scac).toBe('MAEU');
    expect(payload.port_of_loading_locode).toBe('CNYTN');
    expect(payload.port_of_discharge_locode).toBe('DEHAM');
  });

  it('does not take the next box title on the same line for the value under a title', () => {
    const payload = extractDeliveryOrder(
      formText([
        [
          [30, 'Vessel / Voyage', 5.5],
          [200, 'Port of Discharge', 5.5],
          [380, 'Pick up at', 5.5],
        ],
        [
          [30, 'MAERSK ESSEX / 246E'],
          [200, 'LOS ANGELES, CA'],
          [380, 'APM TERMINALS PIER 400'],
        ],
      ]),
    );
    expect(payload.port_of_discharge).toBe('LOS ANGELES, CA');
  });

  it('keeps a clause like "SHIPPER\'S LOAD, STOW, WEIGHT AND COUNT" out of the shipper', () => {
    const payload = extractBillOfLading(
      documentText(["SHIPPER'S LOAD, STOW, WEIGHT AND COUNT", 'SAID TO CONTAIN']),
    );
    expect(payload.shipper).toBeNull();
  });

  it('reads "Notify Parties:" and joins "TO THE ORDER OF" with the bank on the line below', () => {
    const payload = extractBillOfLading(
      formText([
        [
          [30, 'Consigned to order of', 5.5],
          [300, 'NOTIFY PARTIES:', 5.5],
        ],
        [
          [30, 'TO THE ORDER OF'],
          [300, 'GULF STAR CUSTOMS BROKERAGE LLC'],
        ],
        [[30, 'SHANGHAI PUDONG DEVELOPMENT BANK']],
      ]),
    );
    expect(payload.consignee).toBe('TO THE ORDER OF SHANGHAI PUDONG DEVELOPMENT BANK');
    expect(payload.notify_party).toBe('GULF STAR CUSTOMS BROKERAGE LLC');
  });

  it('reads the voyage from a vessel box ("EVER ACE V.0103-042W") and the number by a bare "No."', () => {
    const payload = extractBillOfLading(
      formText([
        [
          [300, 'No.', 6],
          [330, 'SZXRTM2211094', 10],
        ],
        [[30, 'Ocean vessel', 5.5]],
        [[30, 'EVER ACE V.0103-042W']],
      ]),
    );
    expect(payload.vessel_name).toBe('EVER ACE');
    expect(payload.voyage_number).toBe('0103-042W');
    expect(payload.bill_of_lading_number).toBe('SZXRTM2211094');
  });

  it('takes nothing from the prose of the terms, where label words run on in lower case', () => {
    const payload = extractBillOfLading(
      documentText([
        'BILL OF LADING',
        'TERMS AND CONDITIONS',
        'Shipper and Consignee agree that a substitute port shall be deemed the Port of Discharge.',
        'Port of Loading or Port of Discharge is not named on the face hereof, the Carrier may load',
        'Notify Party herein is solely for information of the Carrier and of the Merchant.',
      ]),
    );
    expect(payload.shipper).toBeNull();
    expect(payload.port_of_loading).toBeNull();
    expect(payload.notify_party).toBeNull();
  });

  it("reads the value under a box title that carries the form's instructions", () => {
    const payload = extractBillOfLading(
      formText([
        [
          [30, 'Shipper Insert Name, Address and Phone', 5.5],
          [300, 'Consignee Insert Name, Address and Phone', 5.5],
        ],
        [
          [30, 'QINGDAO OCEANSTAR RUBBER PRODUCTS CO., LTD.'],
          [300, 'AUTOPARTES DEL PACIFICO S.A. DE C.V.'],
        ],
      ]),
    );
    expect(payload.shipper).toBe('QINGDAO OCEANSTAR RUBBER PRODUCTS CO., LTD.');
    expect(payload.consignee).toBe('AUTOPARTES DEL PACIFICO S.A. DE C.V.');
  });

  it('derives a SCAC from a B/L number only when a carrier uses that prefix', () => {
    expect(extractBillOfLading(documentText(['B/L No.: DEHAM2211873'])).scac).toBeNull();
    expect(extractBillOfLading(documentText(['B/L No.: HLCUSHA2211BQXR5'])).scac).toBe('HLCU');
  });
});

describe('notices', () => {
  it('reads "Ocean B/L" without "No." and "Expected arrival" as the ETA', () => {
    const payload = extractArrivalNotice(
      documentText([
        [
          [50, 'Ocean B/L'],
          [200, 'House B/L'],
        ],
        [
          [50, 'COSU6338120450'],
          [200, 'AGF-SAV-22-3301'],
        ],
        [
          [50, 'Expected arrival'],
          [200, 'Free time until'],
        ],
        [
          [50, '29.11.2022'],
          [200, '06.12.2022'],
        ],
      ]),
    );
    expect(payload.bill_of_lading_number).toBe('COSU6338120450');
    expect(payload.eta).toBe('2022-11-29');
    expect(payload.last_free_day).toBe('2022-12-06');
  });
});

describe('invoices and packing lists', () => {
  it('takes what is left to pay over the gross total when a deposit comes off it', () => {
    const payload = extractCommercialInvoice(
      documentText([
        'FACTURE',
        [
          [300, 'Total TTC'],
          [450, '7 984,80 €'],
        ],
        [
          [300, 'Acompte versé'],
          [450, '-2 000,00 €'],
        ],
        [
          [300, 'Net à payer'],
          [450, '5 984,80 €'],
        ],
      ]),
    );
    expect(payload.total_amount).toBe('5984.80');
    expect(payload.currency).toBe('EUR');
  });

  it('reads a letterhead in capitals and not a "BENEFICIARY BANK:" line as the supplier', () => {
    const payload = extractCommercialInvoice(
      documentText([
        'XIAMEN HONGDA STONE IMPORT & EXPORT CO., LTD.',
        'COMMERCIAL INVOICE',
        'MESSRS:   GRANITO IBERICO S.L.',
        'BENEFICIARY BANK: BANK OF CHINA XIAMEN BRANCH',
      ]),
    );
    expect(payload.supplier_name).toBe('XIAMEN HONGDA STONE IMPORT & EXPORT CO., LTD.');
    expect(payload.buyer_name).toBe('GRANITO IBERICO S.L.');
  });

  it('still reads a label that runs on in lower case when its cell ends in a colon', () => {
    const payload = extractCommercialInvoice(
      documentText([
        'FATTURA',
        [
          [300, 'Importo da pagare:'],
          [450, 'EUR 142.607,01'],
        ],
      ]),
    );
    expect(payload.total_amount).toBe('142607.01');
  });

  it('reads a UK "Tax Point" as the invoice date', () => {
    const payload = extractCommercialInvoice(
      documentText([
        'TAX INVOICE',
        [
          [50, 'Invoice Number'],
          [200, 'INV-0041877'],
        ],
        [
          [50, 'Tax Point'],
          [200, '07/11/2022'],
        ],
        [
          [300, 'Total GBP'],
          [450, '1,326.00'],
        ],
      ]),
    );
    expect(payload.invoice_date).toBe('2022-11-07');
    expect(payload.total_amount).toBe('1326.00');
  });

  it('takes a Turkish A.S. for a company and a "NET KG" column heading for none', () => {
    const payload = extractPackingList(
      documentText([
        'ANATOLIA TEXTILE SANAYI VE TICARET A.S.',
        'PACKING LIST',
        [
          [50, 'PALLET'],
          [300, 'NET KG'],
          [400, 'GROSS KG'],
        ],
      ]),
    );
    expect(payload.shipper).toBe('ANATOLIA TEXTILE SANAYI VE TICARET A.S.');
    const headingOnly = extractPackingList(
      documentText([
        'PACKING LIST',
        [
          [50, 'PALLET'],
          [300, 'NET KG'],
        ],
      ]),
    );
    expect(headingOnly.shipper).toBeNull();
  });

  it('counts packages from a bare total that names them, and keeps net weight out of the gross', () => {
    const payload = extractPackingList(
      documentText([
        'PACKLISTE',
        'Gesamt: 26 Kisten',
        'Gesamtgewicht netto: 10.660,00 kg   Gesamtgewicht brutto: 11.830,00 kg',
      ]),
    );
    expect(payload.package_count).toBe(26);
    expect(payload.gross_weight_kg).toBe('11830.00');
  });
});
