import { describe, expect, it } from 'vitest';
import { extractDocument } from '../../../src/extraction/extract-document.ts';
import { makeTextPdf } from '../../support/samples/special-pdfs.ts';

/** Hand-laid pages whose wording and formats differ from the sample generator's. */
const hints = { filename: 'doc.pdf', contentType: null };
const extract = async (lines: Parameters<typeof makeTextPdf>[0]) =>
  extractDocument(await makeTextPdf(lines), hints);

describe('commercial invoice label and format variants', () => {
  it('reads "Invoice #", a US slashed date, "Sold To" and a euro total written the European way', async () => {
    const result = await extract([
      { text: 'INVOICE', x: 50, size: 20 },
      [
        { text: 'Invoice #', x: 50 },
        { text: 'A-77120', x: 140 },
        { text: 'Date', x: 330 },
        { text: '11/21/2026', x: 400 },
      ],
      'Vendor: Valencia Crescent Textiles S.L.',
      'Sold To: Antwerp Northwind Imports B.V.',
      'Unit price and subtotal per attached order.',
      'Grand Total: 12.345,60 EUR',
    ]);
    expect(result).toMatchObject({ ok: true, documentType: 'commercial_invoice' });
    expect(result.ok && result.payload).toEqual({
      invoice_number: 'A-77120',
      invoice_date: '2026-11-21',
      supplier_name: 'Valencia Crescent Textiles S.L.',
      buyer_name: 'Antwerp Northwind Imports B.V.',
      total_amount: '12345.60',
      currency: 'EUR',
      line_items: null,
    });
  });

  it('reads day-first slashed dates when another date on the page proves the order', async () => {
    const result = await extract([
      'COMMERCIAL INVOICE',
      'Invoice Number: 5512   Invoice Date: 03/04/2026',
      'Payment due: 25/04/2026',
      'Total (GBP): 1,050.00',
    ]);
    expect(result.ok && result.payload).toMatchObject({
      invoice_date: '2026-04-03',
      total_amount: '1050.00',
      currency: 'GBP',
    });
  });

  it('takes the currency from a Currency field when the total has none', async () => {
    const result = await extract([
      'COMMERCIAL INVOICE',
      'Invoice No. 2026-118',
      'Currency: CNY',
      'Total Amount: 88,000.00',
    ]);
    expect(result.ok && result.payload).toMatchObject({ total_amount: '88000.00', currency: 'CNY' });
  });

  it('does not read a total from "Total Qty"', async () => {
    const result = await extract(['COMMERCIAL INVOICE', 'Invoice No. 2026-119', 'Total Qty: 50 PCS']);
    expect(result.ok && result.payload).toMatchObject({ total_amount: null, currency: null });
  });

  it('reads an item table with right-aligned numbers', async () => {
    const result = await extract([
      'COMMERCIAL INVOICE',
      'Invoice No.: 9001',
      [
        { text: 'Description', x: 50 },
        { text: 'Quantity', x: 300 },
        { text: 'Price', x: 390 },
        { text: 'Total', x: 480 },
      ],
      [
        { text: 'Widgets, blue', x: 50 },
        { text: '1,000', x: 318 },
        { text: '2.50', x: 400 },
        { text: '2,500.00', x: 490 },
      ],
      [
        { text: 'Gadgets', x: 50 },
        { text: '20', x: 330 },
        { text: '110.00', x: 395 },
        { text: '2,200.00', x: 490 },
      ],
      'Total: USD 4,700.00',
    ]);
    expect(result.ok && result.payload).toMatchObject({
      total_amount: '4700.00',
      currency: 'USD',
      line_items: [
        { description: 'Widgets, blue', quantity: '1000', unit_price: '2.50', amount: '2500.00' },
        { description: 'Gadgets', quantity: '20', unit_price: '110.00', amount: '2200.00' },
      ],
    });
  });
});

describe('bill of lading label variants', () => {
  it('reads an explicit SCAC, "Vessel & Voyage", POL/POD and dashed container numbers', async () => {
    const result = await extract([
      'SEA WAYBILL',
      'Waybill No.: HLCUHAM260912345   SCAC: HLCU',
      'Shipper: Hamburg Summit Machinery GmbH',
      'Consignee: Savannah Lotus Imports LLC',
      'Vessel & Voyage: BERLIN EXPRESS V.042W',
      'POL: HAMBURG, DE   POD: SAVANNAH, GA, US',
      'Container / Seal: HLXU 555123-0 / SL998877',
      'Freight collect. Shipped on board.',
    ]);
    expect(result).toMatchObject({ ok: true, documentType: 'bill_of_lading' });
    expect(result.ok && result.payload).toEqual({
      bill_of_lading_number: 'HLCUHAM260912345',
      scac: 'HLCU',
      container_numbers: ['HLXU5551230'],
      rejected_container_numbers: [],
      seal_numbers: ['SL998877'],
      vessel_name: 'BERLIN EXPRESS',
      voyage_number: '042W',
      port_of_loading: 'HAMBURG, DE',
      port_of_loading_locode: 'DEHAM',
      port_of_discharge: 'SAVANNAH, GA, US',
      port_of_discharge_locode: 'USSAV',
      shipper: 'Hamburg Summit Machinery GmbH',
      consignee: 'Savannah Lotus Imports LLC',
      notify_party: null,
    });
  });

  it('rejects invalid container numbers with the reason, keeping the valid ones', async () => {
    const result = await extract([
      'BILL OF LADING',
      'B/L No.: MAEU262418530',
      'Containers: MSKU1000016, MSKU1000017, TGHX2048103, OOLU55512O5, ONEU100001',
    ]);
    expect(result.ok && result.payload).toMatchObject({
      container_numbers: ['MSKU1000016'],
      rejected_container_numbers: [
        { value: 'MSKU1000017', reason: 'check_digit_mismatch', detail: 'check digit should be 6, got 7' },
        {
          value: 'TGHX2048103',
          reason: 'invalid_category',
          detail: "the category (character 4) must be U, J or Z, got 'X'",
        },
        {
          value: 'OOLU55512O5',
          reason: 'invalid_serial',
          detail: 'the serial number and check digit (characters 5-11) must be digits',
        },
        { value: 'ONEU100001', reason: 'wrong_length', detail: 'expected 11 characters, got 10' },
      ],
    });
  });
});

describe('arrival notice and packing list variants', () => {
  it('reads ETA and last free day written as "Nov 21, 2026" and "LFD 26-Nov-2026"', async () => {
    const result = await extract([
      'ARRIVAL NOTICE',
      'MBL No.: ONEYSHAF12345678',
      'Vessel Name: ONE APUS   Voyage No.: 061E',
      'Discharge Port: LONG BEACH, CA, US',
      'Estimated Time of Arrival: Nov 21, 2026',
      'LFD 26-Nov-2026',
      'Container: NYKU 008685 2',
    ]);
    expect(result.ok && result.payload).toEqual({
      bill_of_lading_number: 'ONEYSHAF12345678',
      container_numbers: ['NYKU0086852'],
      rejected_container_numbers: [],
      vessel: 'ONE APUS',
      voyage: '061E',
      port_of_discharge: 'LONG BEACH, CA, US',
      port_of_discharge_locode: 'USLGB',
      eta: '2026-11-21',
      last_free_day: '2026-11-26',
    });
  });

  it('converts a gross weight in pounds and reads a packing reference', async () => {
    const result = await extract([
      'PACKING LIST',
      'Ref. No.: SHP-55120',
      'Total No. of Packages: 1,200 CTNS',
      'Gross Weight: 24,000 LBS',
      'Net weight: 22,000 LBS',
    ]);
    expect(result.ok && result.payload).toEqual({
      packing_list_number: 'SHP-55120',
      shipper: null,
      consignee: null,
      package_count: 1200,
      gross_weight_kg: '10886.217',
      container_numbers: [],
      rejected_container_numbers: [],
      port_of_loading: null,
      port_of_discharge: null,
    });
  });
});
