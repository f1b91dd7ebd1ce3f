import { makeContainerNumber } from '../../../src/domain/iso6346.ts';
import type { DocumentType } from '../../../src/extraction/document-type.ts';
import type { ExtractionFailureReason } from '../../../src/extraction/extraction-error.ts';
import { type ArrivalNoticeFields, makeArrivalNoticePdf } from './arrival-notice-pdf.ts';
import { type BillOfLadingFields, makeBillOfLadingPdf } from './bill-of-lading-pdf.ts';
import { expectedArrivalNotice, expectedBillOfLading, expectedPackingList } from './expected-payloads.ts';
import { type InvoiceFields, makeInvoicePdf } from './invoice-pdf.ts';
import { makePackingListPdf, type PackingListFields } from './packing-list-pdf.ts';
import { makeEncryptedPdf, makeScannedLikePdf } from './special-pdfs.ts';

/** Hand-picked sample documents with fixed values, written to `examples/` for people to try by hand. */
export interface ExampleDocument {
  name: string;
  description: string;
  make(): Promise<Uint8Array>;
  expected:
    | { ok: true; documentType: DocumentType; payload: Record<string, unknown> }
    | { ok: false; reason: ExtractionFailureReason };
}

const INVOICE: InvoiceFields = {
  invoice_number: 'INV-2026-00042',
  invoice_date: '2026-11-21',
  supplier_name: 'Ningbo Lotus Trading Co., Ltd.',
  buyer_name: 'Dallas Redwood Imports LLC',
  total_amount: '12345.60',
  currency: 'USD',
  line_items: [
    { description: 'Oak dining chairs', quantity: '240', unit_price: '41.44', amount: '9945.60' },
    { description: 'Oak dining tables', quantity: '40', unit_price: '60.00', amount: '2400.00' },
  ],
};

const FIRST_CONTAINER = makeContainerNumber('MSKU', 100001);
const SECOND_CONTAINER = makeContainerNumber('MRKU', 482913);
const CONTAINERS = [FIRST_CONTAINER, SECOND_CONTAINER];

const BILL_OF_LADING: BillOfLadingFields = {
  bill_of_lading_number: 'MAEU262418530',
  scac_label: null,
  carrier_name: 'Maersk',
  container_numbers: CONTAINERS,
  vessel: 'MAERSK ELBA',
  voyage: '245W',
  port_of_loading: 'NINGBO, CN',
  port_of_discharge: 'LOS ANGELES, CA, US',
  shipper: { name: 'Ningbo Lotus Trading Co., Ltd.', address: ['88 Harbour Road', 'Ningbo 315000'] },
  consignee: { name: 'Dallas Redwood Imports LLC', address: ['1200 Elm Street', 'Dallas 75201'] },
  cargo: [
    { packages: 240, description: 'Oak dining chairs', gross_weight_kg: '4820.00' },
    { packages: 40, description: 'Oak dining tables', gross_weight_kg: '3150.50' },
  ],
};

// Same B/L with the first container's check digit changed from 6 (MSKU1000016) to 7.
const BILL_OF_LADING_BAD_CONTAINER: BillOfLadingFields = {
  ...BILL_OF_LADING,
  bill_of_lading_number: 'MAEU262418531',
  container_numbers: ['MSKU1000017', SECOND_CONTAINER],
};

const ARRIVAL_NOTICE: ArrivalNoticeFields = {
  bill_of_lading_number: 'MAEU262418530',
  carrier_name: 'Maersk',
  container_numbers: CONTAINERS,
  vessel: 'MAERSK ELBA',
  voyage: '245W',
  port_of_loading: 'NINGBO, CN',
  port_of_discharge: 'LOS ANGELES, CA, US',
  eta: '2026-12-14',
  last_free_day: '2026-12-19',
  consignee: 'Dallas Redwood Imports LLC',
  charges: [
    { description: 'Ocean Freight', amount: '2300.00', currency: 'USD' },
    { description: 'Terminal Handling Charge', amount: '385.00', currency: 'USD' },
  ],
};

const PACKING_LIST: PackingListFields = {
  packing_list_number: 'PL-2026-00042',
  invoice_number: 'INV-2026-00042',
  shipper: 'Ningbo Lotus Trading Co., Ltd.',
  consignee: 'Dallas Redwood Imports LLC',
  container_numbers: CONTAINERS,
  rows: [
    { marks: 'N/M', description: 'Oak dining chairs', packages: 240, gross_weight_kg: '4820.00' },
    { marks: 'N/M', description: 'Oak dining tables', packages: 40, gross_weight_kg: '3150.50' },
  ],
  package_unit: 'CARTONS',
};

export const EXAMPLE_DOCUMENTS: readonly ExampleDocument[] = [
  {
    name: 'commercial-invoice.pdf',
    description: 'Commercial invoice with a two-row item table.',
    make: () => makeInvoicePdf(INVOICE),
    expected: { ok: true, documentType: 'commercial_invoice', payload: INVOICE },
  },
  {
    name: 'bill-of-lading.pdf',
    description: 'Maersk bill of lading with two valid containers; SCAC MAEU comes from the B/L number.',
    make: () => makeBillOfLadingPdf(BILL_OF_LADING),
    expected: { ok: true, documentType: 'bill_of_lading', payload: expectedBillOfLading(BILL_OF_LADING) },
  },
  {
    name: 'bill-of-lading-invalid-container.pdf',
    description: 'The same B/L where MSKU1000017 has a wrong check digit (should be 6).',
    make: () => makeBillOfLadingPdf(BILL_OF_LADING_BAD_CONTAINER),
    expected: {
      ok: true,
      documentType: 'bill_of_lading',
      payload: expectedBillOfLading(BILL_OF_LADING_BAD_CONTAINER),
    },
  },
  {
    name: 'arrival-notice.pdf',
    description: 'Arrival notice for the B/L above, with ETA and last free day.',
    make: () => makeArrivalNoticePdf(ARRIVAL_NOTICE),
    expected: { ok: true, documentType: 'arrival_notice', payload: expectedArrivalNotice(ARRIVAL_NOTICE) },
  },
  {
    name: 'packing-list.pdf',
    description: 'Packing list: 280 cartons, 7970.50 kg gross.',
    make: () => makePackingListPdf(PACKING_LIST),
    expected: { ok: true, documentType: 'packing_list', payload: expectedPackingList(PACKING_LIST) },
  },
  {
    name: 'scanned.pdf',
    description: 'A page of drawn shapes and no text layer, like a scan.',
    make: makeScannedLikePdf,
    expected: { ok: false, reason: 'no_text_layer' },
  },
  {
    name: 'encrypted.pdf',
    description: 'A PDF that asks for a password.',
    make: async () => makeEncryptedPdf(),
    expected: { ok: false, reason: 'encrypted' },
  },
];
