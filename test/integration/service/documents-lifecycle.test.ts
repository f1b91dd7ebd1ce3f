import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentRepresentationResource, documentResource } from '../../../src/contract/document.ts';
import { errorDocument, singleDocument } from '../../../src/contract/json-api.ts';
import { makeBillOfLadingPdf } from '../../support/samples/bill-of-lading-pdf.ts';
import { makeInvoicePdf } from '../../support/samples/invoice-pdf.ts';
import {
  getDocument,
  type Harness,
  postDocument,
  startService,
  submit,
  upload,
  waitForOutcome,
} from './service-harness.ts';

const invoice = {
  invoice_number: 'INV-2026-77001',
  invoice_date: '2026-11-02',
  supplier_name: 'Ningbo Lotus Trading Co., Ltd.',
  buyer_name: 'Dallas Redwood Imports LLC',
  total_amount: '8120.00',
  currency: 'USD',
  line_items: [{ description: 'Oak dining chairs', quantity: '200', unit_price: '40.60', amount: '8120.00' }],
};

const billOfLading = {
  bill_of_lading_number: 'MAEU262400017',
  scac_label: null,
  carrier_name: 'Maersk',
  container_numbers: ['MSKU1000016'],
  vessel: 'MAERSK ELBA',
  voyage: '245W',
  port_of_loading: 'NINGBO, CN',
  port_of_discharge: 'LOS ANGELES, CA, US',
  shipper: { name: 'Ningbo Lotus Trading Co., Ltd.', address: ['88 Harbour Road'] },
  consignee: { name: 'Dallas Redwood Imports LLC', address: ['1200 Elm Street'] },
  cargo: [{ packages: 240, description: 'Oak dining chairs', gross_weight_kg: '4820.00' }],
};

const representationOf = (included: unknown[] | undefined) =>
  documentRepresentationResource.parse(
    (included ?? []).find((item) => documentRepresentationResource.safeParse(item).success),
  );

describe('documents: create, classify, extract', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startService();
  });
  afterAll(async () => {
    await h.close();
  });

  it('creates an invoice (201 without source), then extracts it as a commercial invoice', async () => {
    const bytes = await makeInvoicePdf(invoice);
    const signedId = await upload(h, bytes, { filename: 'INV-2026-77001.pdf' });
    const response = await postDocument(h, 'Invoice 77001', signedId);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const created = singleDocument(documentResource).parse(await response.json()).data;
    expect(created.attributes).not.toHaveProperty('source');
    expect(created.attributes).toMatchObject({
      name: 'Invoice 77001',
      file_name: 'INV-2026-77001.pdf',
      file_content_type: 'application/pdf',
      file_size_bytes: bytes.byteLength,
      extraction_attempts: 1,
      document_type: null,
    });
    expect(['pending', 'processing']).toContain(created.attributes.extraction_status);

    const done = await waitForOutcome(h, created.id, { query: '?include=last_document_representation' });
    expect(done.data.attributes).toMatchObject({
      source: 'api',
      document_type: 'commercial_invoice',
      extraction_status: 'extracted',
      extraction_error: null,
    });
    const representation = representationOf(done.included);
    expect(done.data.relationships.last_document_representation.data).toEqual({
      id: representation.id,
      type: 'document_representation',
    });
    expect(representation.attributes.document_type).toBe('commercial_invoice');
    expect(representation.attributes.payload).toMatchObject({
      invoice_number: 'INV-2026-77001',
      total_amount: '8120.00',
      currency: 'USD',
    });
  });

  it('extracts a bill of lading, and current_extraction is an alias of last_document_representation', async () => {
    const created = await submit(h, await makeBillOfLadingPdf(billOfLading), { filename: 'bl.pdf' });
    const done = await waitForOutcome(h, created.id, { query: '?include=current_extraction' });
    expect(done.data.attributes.document_type).toBe('bill_of_lading');
    expect(representationOf(done.included).attributes.payload).toMatchObject({
      bill_of_lading_number: 'MAEU262400017',
    });
  });

  it('rejects an unknown include with 400 and the upstream wording', async () => {
    const created = await submit(h, new TextEncoder().encode('include test'), { filename: 'a.txt' });
    const response = await h.api(`/v2/documents/${created.id}?include=shipments,bogus`);
    expect(response.status).toBe(400);
    expect(errorDocument.parse(await response.json()).errors[0]).toMatchObject({
      status: '400',
      title: 'Bad Request',
      source: { parameter: 'include' },
      detail: 'bogus is not specified as a relationship on V2::DocumentSerializer',
    });
  });

  it('keeps the full document envelope valid on GET', async () => {
    const created = await submit(h, new TextEncoder().encode('envelope'), { filename: 'b.txt' });
    const envelope = await getDocument(h, created.id);
    expect(envelope.links?.self).toContain(`/v2/documents/${created.id}`);
    expect(envelope.data.links).toEqual({
      self: `/v2/documents/${created.id}`,
      download: `/v2/documents/${created.id}/download_url`,
    });
  });
});
