import { describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../src/extraction/classify.ts';
import { extractArrivalNotice } from '../../../src/extraction/extractors/arrival-notice.ts';
import { extractBookingConfirmation } from '../../../src/extraction/extractors/booking-confirmation.ts';
import { extractCommercialInvoice } from '../../../src/extraction/extractors/commercial-invoice.ts';
import { extractDeliveryOrder } from '../../../src/extraction/extractors/delivery-order.ts';
import { extractPackingList } from '../../../src/extraction/extractors/packing-list.ts';
import { portLocode } from '../../../src/extraction/fields/port-locode.ts';
import { likelyLanguage } from '../../../src/extraction/ocr/ocr-engine.ts';
import { parseMoney } from '../../../src/extraction/parse/amounts.ts';
import { joinWrappedCells } from '../../../src/extraction/wrapped-cells.ts';
import { documentText, linesFrom, pageFrom } from './document-text-fixture.ts';

/**
 * Rules for shapes the seventh held-out set (test/fixtures/extraction-heldout-7/) showed the engine
 * missing: Brazilian reais and Indian lakh grouping; a label in lower case with its currency after it;
 * Portuguese labels (berthing, free time, delivery order, booking, packing list, package words);
 * numbers a spreadsheet right-aligns in its columns; a company name complete with its legal form over
 * its town; Portuguese port names; a booking told in sentences; a credit note; the words that send a
 * scan to Portuguese OCR. Each case is the general shape, written here, not a held-out document.
 */

describe('amounts', () => {
  it('reads reais after R$ and rupees grouped in lakhs and crores', () => {
    expect(parseMoney('R$ 1.234,56')).toEqual({ amount: '1234.56', currency: 'BRL' });
    expect(parseMoney('₹ 12,34,567.00')).toEqual({ amount: '1234567.00', currency: 'INR' });
    expect(parseMoney('2,05,00,000.50')).toEqual({ amount: '20500000.50', currency: null });
  });

  it('takes a lower-case label with its currency after it as the total, in that currency', () => {
    const invoice = extractCommercialInvoice(
      pageFrom([
        [0, [[40, 'alpine tools ag']]],
        [
          14,
          [
            [300, 'invoice no.'],
            [400, 'AT-2291'],
          ],
        ],
        [
          14,
          [
            [300, 'net amount'],
            [450, "11'800.00"],
          ],
        ],
        [
          14,
          [
            [300, 'amount due eur'],
            [450, "12'390.00"],
          ],
        ],
      ]),
    );
    expect(invoice.total_amount).toBe('12390.00');
    expect(invoice.currency).toBe('EUR');
  });
});

describe('Portuguese labels', () => {
  it('reads the berthing forecast as the arrival and the end of free time as the last free day', () => {
    const notice = extractArrivalNotice(
      documentText([
        'AVISO DE CHEGADA',
        [
          [50, 'Previsão de Atracação:'],
          [220, '28/11/2026'],
        ],
        [
          [50, 'Término do Free Time:'],
          [220, '05/12/2026'],
        ],
      ]),
    );
    expect(notice.eta).toBe('2026-11-28');
    expect(notice.last_free_day).toBe('2026-12-05');
  });

  it('reads "Ordem de Entrega n.º", "Número da reserva" and "Romaneio nº" with its boxes counted', () => {
    const order = extractDeliveryOrder(documentText(['Ordem de Entrega n.º OE-7731']));
    expect(order.delivery_order_number).toBe('OE-7731');
    const booking = extractBookingConfirmation(documentText(['Número da reserva: 5512048817']));
    expect(booking.booking_number).toBe('5512048817');
    const packing = extractPackingList(
      documentText([
        [
          [50, 'Romaneio nº'],
          [200, 'RC-118'],
        ],
        [
          [50, 'Total de volumes'],
          [200, '1.240 caixas'],
        ],
      ]),
    );
    expect(packing.packing_list_number).toBe('RC-118');
    expect(packing.package_count).toBe(1240);
  });

  it('names ports as Portuguese prints them', () => {
    expect(portLocode('XANGAI, CHINA')).toBe('CNSHA');
    expect(portLocode('Antuérpia, Bélgica')).toBe('BEANR');
    expect(portLocode('ROTERDÃ')).toBe('NLRTM');
  });
});

describe('a spreadsheet printed with its grid', () => {
  it('reads a total row by columns: text set left, numbers right, each in its heading column', () => {
    // Column edges at 40, 170, 340, 440: headings start at the left edge, numbers end at the right one.
    const packing = extractPackingList(
      pageFrom([
        [
          0,
          [
            [43, 'Container'],
            [173, 'Description'],
            [343, 'Cartons'],
            [443, 'Gross Weight (kg)'],
          ],
        ],
        [
          16,
          [
            [43, 'MSKU1234565'],
            [173, 'Ceramic tiles'],
            [429, '22'],
            [516, '24.310,00'],
          ],
        ],
        [
          16,
          [
            [43, 'TOTAL'],
            [429, '43'],
            [516, '47.495,50'],
          ],
        ],
      ]),
    );
    expect(packing.package_count).toBe(43);
    expect(packing.gross_weight_kg).toBe('47495.50');
  });
});

describe('party names', () => {
  it('keeps a name that ends in its legal form apart from the port town under it, whatever room its box had', () => {
    const lines = linesFrom([
      [0, [[345, 'DE VRIES CUSTOMS SERVICES BVBA']]],
      [10, [[345, 'ANTWERPEN']]],
    ]);
    // "ANTWERPEN" would not have fitted after the name on its line, yet it is the town, no part of it.
    const joined = joinWrappedCells(lines);
    expect(joined[0]?.text).toBe('DE VRIES CUSTOMS SERVICES BVBA');
  });
});

describe('a booking told in sentences', () => {
  it('reads the booking, vessel, voyage, ports and departure from a confirmation written as a letter', () => {
    const booking = extractBookingConfirmation(
      documentText([
        'Dear customer,',
        'We confirm your booking 88120455 for 2 x 40HC. The cargo will be loaded at Valencia on',
        'board MSC ANNA, voyage FX614E, scheduled to depart on 3 December 2026 and to arrive at',
        'Savannah on 21 December 2026.',
      ]),
    );
    expect(booking).toMatchObject({
      booking_number: '88120455',
      vessel: 'MSC ANNA',
      voyage: 'FX614E',
      port_of_loading: 'Valencia',
      port_of_discharge: 'Savannah',
      etd: '2026-12-03',
    });
  });
});

describe('papers of none of the types', () => {
  it('reads a credit note as other: it gives money back, nothing on it is payable', () => {
    const text = documentText([
      'NORDIC LINES AS',
      'CREDIT NOTE',
      'Credit Note No.   CN-2026-0118',
      'Against Invoice No.   INV-2026-4471',
      'Total credit   -1,250.00 USD',
    ]);
    expect(classifyDocument(text).documentType).toBe('other');
  });
});

describe('OCR languages', () => {
  it('tells a Portuguese page from a Spanish or Italian one by its words', () => {
    expect(likelyLanguage('Navio Viagem Previsao de Chegada do porto Conhecimento de embarque nao')).toBe(
      'por',
    );
    expect(likelyLanguage('Buque Viaje Fecha de llegada del puerto los conocimientos')).toBe('spa');
  });
});
