import type { DocumentType } from '../../../src/extraction/document-type.ts';
import { makeArrivalNoticePdf } from './arrival-notice-pdf.ts';
import { makeBillOfLadingPdf } from './bill-of-lading-pdf.ts';
import { expectedArrivalNotice, expectedBillOfLading, expectedPackingList } from './expected-payloads.ts';
import { makeInvoicePdf } from './invoice-pdf.ts';
import { makePackingListPdf } from './packing-list-pdf.ts';
import { createRandom, type Random } from './random.ts';
import {
  randomArrivalNoticeFields,
  randomBillOfLadingFields,
  randomInvoiceFields,
  randomPackingListFields,
} from './sample-fields.ts';
import { randomStyle, type SampleStyle } from './sample-style.ts';

export interface SampleDocument {
  name: string;
  bytes: Uint8Array;
  style: SampleStyle;
  expected: { documentType: DocumentType; payload: Record<string, unknown> };
}

type Made = Omit<SampleDocument, 'name' | 'style'> & { reference: string };
type Maker = (random: Random, style: SampleStyle) => Promise<Made>;

const MAKERS: readonly Maker[] = [
  async (random, style) => {
    const fields = randomInvoiceFields(random);
    return {
      bytes: await makeInvoicePdf(fields, style),
      reference: fields.invoice_number ?? 'invoice',
      expected: { documentType: 'commercial_invoice', payload: fields },
    };
  },
  async (random, style) => {
    const fields = randomBillOfLadingFields(random);
    return {
      bytes: await makeBillOfLadingPdf(fields, style),
      reference: fields.bill_of_lading_number ?? 'bl',
      expected: { documentType: 'bill_of_lading', payload: expectedBillOfLading(fields) },
    };
  },
  async (random, style) => {
    const fields = randomArrivalNoticeFields(random);
    return {
      bytes: await makeArrivalNoticePdf(fields, style),
      reference: fields.bill_of_lading_number ?? 'an',
      expected: { documentType: 'arrival_notice', payload: expectedArrivalNotice(fields) },
    };
  },
  async (random, style) => {
    const fields = randomPackingListFields(random);
    return {
      bytes: await makePackingListPdf(fields, style),
      reference: fields.packing_list_number ?? 'pl',
      expected: { documentType: 'packing_list', payload: expectedPackingList(fields) },
    };
  },
];

/**
 * `count` distinct one-page PDFs, cycling through the four document types with random field values and
 * print styles. The same seed gives the same documents, byte for byte.
 */
export async function makeSampleCorpus(count: number, seed: number): Promise<SampleDocument[]> {
  const random = createRandom(seed);
  const documents: SampleDocument[] = [];
  for (let i = 0; i < count; i += 1) {
    const maker = MAKERS[i % MAKERS.length];
    if (maker === undefined) throw new RangeError('no sample makers');
    const style = randomStyle(random);
    const made = await maker(random, style);
    const reference = made.reference.replace(/[^A-Za-z0-9-]/g, '_');
    documents.push({
      name: `${String(i + 1).padStart(4, '0')}-${made.expected.documentType}-${reference}.pdf`,
      bytes: made.bytes,
      style,
      expected: made.expected,
    });
  }
  return documents;
}
