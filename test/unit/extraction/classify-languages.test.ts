import { describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../src/extraction/classify.ts';
import { documentText } from './document-text-fixture.ts';

describe('classifyDocument in six languages', () => {
  it.each([
    ['Facture', 'commercial_invoice'],
    ['Factuur', 'commercial_invoice'],
    ['Rechnung', 'commercial_invoice'],
    ['Fattura', 'commercial_invoice'],
    ['Factura', 'commercial_invoice'],
    ['Proforma Invoice', 'commercial_invoice'],
    ['Connaissement', 'bill_of_lading'],
    ['Konnossement', 'bill_of_lading'],
    ['Polizza di carico', 'bill_of_lading'],
    ['Conocimiento de embarque', 'bill_of_lading'],
    ['Seewaybill', 'bill_of_lading'],
    ['House Bill of Lading', 'bill_of_lading'],
    ['Express Release', 'bill_of_lading'],
    ["Avis d'arrivée", 'arrival_notice'],
    ['Ankunftsmeldung', 'arrival_notice'],
    ['Aankomstbericht', 'arrival_notice'],
    ['Aviso de llegada', 'arrival_notice'],
    ['Avviso di arrivo', 'arrival_notice'],
    ['Liste de colisage', 'packing_list'],
    ['Packliste', 'packing_list'],
    ['Paklijst', 'packing_list'],
    ['Lista de empaque', 'packing_list'],
    ['Distinta colli', 'packing_list'],
    ['Delivery Order', 'delivery_order'],
    ['Auslieferauftrag', 'delivery_order'],
    ['Bon à délivrer', 'delivery_order'],
    ['Booking Confirmation', 'booking_confirmation'],
    ['Buchungsbestätigung', 'booking_confirmation'],
    ['Confirmation de réservation', 'booking_confirmation'],
    ['Boekingsbevestiging', 'booking_confirmation'],
    ['Confirmación de reserva', 'booking_confirmation'],
    ['Conferma di prenotazione', 'booking_confirmation'],
  ])('reads the title %s as %s', (title, type) => {
    expect(classifyDocument(documentText([title, 'Reference 1234'])).documentType).toBe(type);
  });

  it.each([
    ['B1LL OF LAD1NG', 'bill_of_lading'],
    ['lNVOICE', 'commercial_invoice'],
    ['PACK1NG L1ST', 'packing_list'],
    ['ARR1VAL N0TICE', 'arrival_notice'],
  ])('reads the OCR-garbled heading %s as %s', (title, type) => {
    expect(classifyDocument(documentText([title, 'Reference 1234'])).documentType).toBe(type);
  });

  it('reads a letter-spaced heading', () => {
    expect(classifyDocument(documentText(['I N V O I C E', 'Reference 1234'])).documentType).toBe(
      'commercial_invoice',
    );
  });

  it('reads a numbered title in the page header ("FACTURE N° F-118")', () => {
    expect(classifyDocument(documentText(['ACME SAS', 'FACTURE N° F-118', 'Lyon'])).documentType).toBe(
      'commercial_invoice',
    );
  });

  it('does not take a numbered label further down for a title', () => {
    const text = documentText([
      'PACKING LIST',
      'Shipper: A',
      'Gross weight 1,200 kg',
      'Net weight 1,100 kg',
      'Cartons 40',
      'x',
      'y',
      'z',
      'Invoice No 77',
    ]);
    expect(classifyDocument(text).documentType).toBe('packing_list');
  });

  it('classifies an untitled invoice by its totals, VAT and bank account', () => {
    const text = documentText([
      'Brenner Maschinenbau GmbH',
      'Rechnungsnummer: RE-1',
      'Rechnungsdatum: 14.03.2023',
      'Nettobetrag 100,00',
      'MwSt 19,00',
      'Gesamtbetrag 119,00 EUR',
      'IBAN DE89 3704 0044 0532 0130 00',
    ]);
    expect(classifyDocument(text)).toMatchObject({ documentType: 'commercial_invoice' });
    expect(classifyDocument(text).confidence).toBeGreaterThan(0.3);
  });

  it('tells a booking confirmation quoting the B/L from a B/L', () => {
    const text = documentText([
      'BOOKING CONFIRMATION',
      'Booking No.: 254187963',
      'Shipper: A',
      'Consignee: B',
      'Port of Loading: X',
      'Port of Discharge: Y',
      'SI cut-off 10 Feb',
      'The bill of lading will be issued after shipment.',
    ]);
    expect(classifyDocument(text).documentType).toBe('booking_confirmation');
  });

  it('tells a delivery order quoting the B/L number from a B/L', () => {
    const text = documentText([
      'DELIVERY ORDER',
      'B/L No.: MAEU1234567',
      'Consignee: B',
      'Please release the following containers to the trucker.',
    ]);
    expect(classifyDocument(text).documentType).toBe('delivery_order');
  });

  it('keeps the header title of an arrival notice that repeats every B/L label', () => {
    const text = documentText([
      'ARRIVAL NOTICE',
      'Shipper: A',
      'Consignee: B',
      'Notify party: C',
      'Port of loading: X',
      'Port of discharge: Y',
      'Place of receipt: Z',
      'Ocean vessel: V',
      'Freight collect',
      'Number of originals: 3',
      'Shipped on board',
      'ETA: 2026-11-21',
    ]);
    expect(classifyDocument(text)).toMatchObject({ documentType: 'arrival_notice' });
    expect(classifyDocument(text).confidence).toBeGreaterThanOrEqual(0);
  });

  it('says other, with zero confidence, when two types are level and there is no title', () => {
    const text = documentText(['Shipper: A', 'Invoice No: 5']);
    expect(classifyDocument(text)).toMatchObject({ documentType: 'other', confidence: 0 });
  });
});
