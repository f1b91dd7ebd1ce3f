import { describe, expect, it } from 'vitest';
import { type DocumentText, toDocumentText } from '../../../src/extraction/document-text.ts';
import { extractArrivalNotice } from '../../../src/extraction/extractors/arrival-notice.ts';
import { extractBillOfLading } from '../../../src/extraction/extractors/bill-of-lading.ts';
import { extractBookingConfirmation } from '../../../src/extraction/extractors/booking-confirmation.ts';
import { extractCommercialInvoice } from '../../../src/extraction/extractors/commercial-invoice.ts';
import { extractDeliveryOrder } from '../../../src/extraction/extractors/delivery-order.ts';
import { extractPackingList } from '../../../src/extraction/extractors/packing-list.ts';
import { CELL_SEPARATOR, type TextLine } from '../../../src/extraction/pdf/layout-lines.ts';

/**
 * Rules for shapes the second held-out set (test/fixtures/extraction-heldout-2/) showed the engine
 * missing. Each case is the general shape, written here, not a held-out document.
 */

type Cell = readonly [x: number, text: string, size?: number];

/** Lines of cells on pages: box titles in small print over values in body print, 11 points apart. */
function pagesText(pages: ReadonlyArray<ReadonlyArray<ReadonlyArray<Cell>>>): DocumentText {
  const built: TextLine[] = pages.flatMap((lines, pageIndex) => {
    let y = 800;
    return lines.map((line) => {
      const cells = line.map(([x, text, size = 8]) => ({
        text,
        x,
        xEnd: x + text.length * size * 0.5,
        fontSize: size,
      }));
      y -= 11;
      return { page: pageIndex + 1, y, cells, text: cells.map((c) => c.text).join(CELL_SEPARATOR) };
    });
  });
  return toDocumentText(built, pages.length, pages.length);
}

const formText = (lines: ReadonlyArray<ReadonlyArray<Cell>>): DocumentText => pagesText([lines]);

describe('bilingual box titles', () => {
  it('takes "Empfänger / Consignee" as one title, and an empty "Also notify / Remarks" box as no value', () => {
    const payload = extractBillOfLading(
      formText([
        [
          [30, 'Empfänger / Consignee', 5.5],
          [300, 'Forwarding agent / References', 5.5],
        ],
        [
          [30, 'GULF COAST PUMP SYSTEMS LLC'],
          [300, 'FILE 22-04512'],
        ],
        [
          [30, 'Meldeadresse / Notify Party', 5.5],
          [300, 'Also notify / Remarks', 5.5],
        ],
        [[30, 'SAME AS CONSIGNEE']],
      ]),
    );
    expect(payload.consignee).toBe('GULF COAST PUMP SYSTEMS LLC');
    expect(payload.notify_party).toBeNull();
  });

  it('does not read a label out of a longer word: "POL" is not in "POLÍGONO"', () => {
    const payload = extractBillOfLading(
      formText([
        [[30, 'Embarcador / Shipper', 5.5]],
        [[30, 'CONSERVAS DEL NORTE S.L.']],
        [[30, 'POLÍGONO INDUSTRIAL RAOS 14']],
        [
          [30, 'Puerto de carga / POL', 5.5],
          [170, 'Puerto de descarga / POD', 5.5],
        ],
        [
          [30, 'BILBAO'],
          [170, 'CARTAGENA, COLOMBIA'],
        ],
      ]),
    );
    expect(payload.port_of_loading).toBe('BILBAO');
    expect(payload.port_of_discharge_locode).toBe('COCTG');
  });

  it('joins a carrier code printed apart from its number ("CMDU LHV1208834") and reads its SCAC', () => {
    const payload = extractBillOfLading(
      formText([[[300, 'B/L No. - N° de connaissement', 5.5]], [[300, 'CMDU LHV1208834']]]),
    );
    expect(payload.bill_of_lading_number).toBe('CMDULHV1208834');
    expect(payload.scac).toBe('CMDU');
  });

  it('reads "HB/L No.", a vessel after "M/V" and a voyage with a slash ("12/E")', () => {
    const payload = extractBillOfLading(
      formText([
        [[300, 'HB/L No. NFF-CPH-26-00917']],
        [
          [30, 'Vessel', 7],
          [200, 'Voyage', 7],
        ],
        [
          [30, 'M/V EVER LEADING'],
          [200, '12/E'],
        ],
      ]),
    );
    expect(payload.bill_of_lading_number).toBe('NFF-CPH-26-00917');
    expect(payload.vessel_name).toBe('EVER LEADING');
    expect(payload.voyage_number).toBe('12/E');
  });
});

describe('labels and values on one line', () => {
  it('keeps a value printed after its own label off the line above ("Buque:   MSC FANTASIA")', () => {
    const payload = extractBookingConfirmation(
      formText([
        [
          [40, 'Número de reserva:'],
          [190, 'VLC-2611-30418'],
        ],
        [
          [40, 'Cargador:'],
          [190, 'CÍTRICOS LEVANTE EXPORT S.L.'],
        ],
        [
          [40, 'Buque:'],
          [190, 'MSC FANTASIA'],
        ],
      ]),
    );
    expect(payload.shipper).toBe('CÍTRICOS LEVANTE EXPORT S.L.');
    expect(payload.vessel).toBe('MSC FANTASIA');
  });

  it('reads a booking\'s customer as its shipper, "Load Port", "Ship" and "Arriving"', () => {
    const booking = extractBookingConfirmation(
      formText([
        [
          [40, 'Booking Ref.'],
          [150, 'PUSM26117740'],
        ],
        [
          [40, 'Customer'],
          [150, 'DAEHAN ELECTRONICS CO., LTD.'],
        ],
        [
          [40, 'LOAD PORT'],
          [150, 'ANTWERP'],
        ],
      ]),
    );
    expect(booking.shipper).toBe('DAEHAN ELECTRONICS CO., LTD.');
    expect(booking.port_of_loading_locode).toBe('BEANR');
    const notice = extractArrivalNotice(
      formText([
        [
          [48, 'Ship'],
          [170, 'ZIM MOUNT EVEREST'],
        ],
        [
          [48, 'Arriving'],
          [170, 'Nov 24th 2026'],
        ],
      ]),
    );
    expect(notice.vessel).toBe('ZIM MOUNT EVEREST');
    expect(notice.eta).toBe('2026-11-24');
  });

  it('reads "N° bon de livraison", "Deliver to", and no B/L label inside "BL-ANR-55120"', () => {
    const payload = extractDeliveryOrder(
      formText([
        [
          [40, 'N° bon de livraison :'],
          [180, 'BL-ANR-55120'],
        ],
        [
          [40, 'Connaissement :'],
          [180, 'SUDU26ANR004417'],
        ],
        [
          [40, 'Deliver to'],
          [160, 'THAMES VALLEY TEXTILES LTD'],
        ],
      ]),
    );
    expect(payload.delivery_order_number).toBe('BL-ANR-55120');
    expect(payload.bill_of_lading_number).toBe('SUDU26ANR004417');
    expect(payload.consignee).toBe('THAMES VALLEY TEXTILES LTD');
  });

  it('reads a bare "Invoice:" before the number, never a date under it', () => {
    const numbered = extractCommercialInvoice(
      formText([
        [
          [400, 'Invoice:'],
          [480, 'GGL-NYC-559013'],
        ],
      ]),
    );
    expect(numbered.invoice_number).toBe('GGL-NYC-559013');
    const dated = extractCommercialInvoice(
      formText([
        [
          [400, 'Invoice:'],
          [480, '24/11/2026'],
        ],
      ]),
    );
    expect(dated.invoice_number).toBeNull();
  });
});

describe('routing tables', () => {
  it('reads ports under "From" and "To" only when the cell names a known port', () => {
    const booking = extractBookingConfirmation(
      formText([
        [
          [42, 'From'],
          [150, 'To'],
          [260, 'Vessel'],
          [380, 'Voyage'],
        ],
        [
          [42, 'BUSAN'],
          [150, 'NEWARK, NJ'],
          [260, 'HMM OSLO'],
          [380, '0027E'],
        ],
      ]),
    );
    expect(booking.port_of_loading_locode).toBe('KRPUS');
    expect(booking.port_of_discharge_locode).toBe('USEWR');
    const order = extractDeliveryOrder(
      formText([[[40, 'To: The Terminal Manager, Port of Felixstowe']], [[40, 'From: Hamburg Süd Agency']]]),
    );
    expect(order.port_of_discharge).toBeNull();
  });
});

describe('packing list totals', () => {
  const header: ReadonlyArray<Cell> = [
    [42, 'CTN NOS.'],
    [180, 'DESCRIPTION'],
    [360, 'CTNS'],
    [520, 'G.W. (KG)'],
  ];
  const row = (n: number): ReadonlyArray<Cell> => [
    [42, `${n * 40 + 1}-${n * 40 + 40}`],
    [180, 'KNIT TOP'],
    [364, '40'],
    [520, '520.00'],
  ];

  it("takes the total row of a table carried over to the next page, not the first page's sum", () => {
    const payload = extractPackingList(
      pagesText([
        [
          [[40, 'FOR ACCOUNT & RISK OF MESSRS:', 7]],
          [[40, 'NORTHERN STAR APPAREL GMBH']],
          header,
          row(0),
          row(1),
        ],
        [
          header,
          row(2),
          [
            [42, 'TOTAL'],
            [360, '120'],
            [515, '1,560.00'],
          ],
        ],
      ]),
    );
    expect(payload.package_count).toBe(120);
    expect(payload.gross_weight_kg).toBe('1560.00');
    expect(payload.consignee).toBe('NORTHERN STAR APPAREL GMBH');
  });

  it('reads a gross weight column headed "Brutto kg" with comma decimals', () => {
    const payload = extractPackingList(
      formText([
        [
          [42, 'Container'],
          [184, 'Kolli'],
          [423, 'Netto kg'],
          [522, 'Brutto kg'],
        ],
        [
          [42, 'HASU4227806'],
          [192, '24'],
          [418, '6.102,400'],
          [521, '6.890,200'],
        ],
        [
          [42, 'Gesamt'],
          [192, '24'],
          [414, '6.102,400'],
          [517, '6.890,200'],
        ],
      ]),
    );
    expect(payload.gross_weight_kg).toBe('6890.200');
  });
});

describe('scanned forms', () => {
  it('reads a container whose check digit OCR saw in its box ("HLXU 812044 [7]"), and no seal in it', () => {
    const payload = extractBillOfLading(
      formText([
        [[34, 'Marks & Nos. / Container / Seal', 5.5]],
        [
          [34, 'HLXU 812044 [7]'],
          [230, '24 PLTS'],
        ],
        [[34, 'SEAL HL0101508']],
        [[34, 'HLXU 815330 [6 |']],
      ]),
    );
    expect(payload.container_numbers).toEqual(['HLXU8120447', 'HLXU8153306']);
    expect(payload.seal_numbers).toEqual(['HL0101508']);
  });

  it('joins a number OCR split at a pair of ones ("DO/FXT/261 1/0442"), not a page count after one', () => {
    const split = extractDeliveryOrder(formText([[[40, 'Release No: DO/FXT/261 1/0442']]]));
    expect(split.delivery_order_number).toBe('DO/FXT/2611/0442');
    const paged = extractDeliveryOrder(formText([[[40, 'Release No: DO/FXT/261 1/2']]]));
    expect(paged.delivery_order_number).toBe('DO/FXT/261');
  });
});
