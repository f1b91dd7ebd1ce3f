import { ingestedEntries } from '../../../pipeline/ledger/documents.ts';
import { ledgerEntries } from '../../../pipeline/ledger/values.ts';
import type { DocumentEventMessage, Origin } from '../../../pipeline/messages.ts';
import type { Ledger } from '../../../pipeline/ports.ts';
import {
  type ExtractionFailureRecord,
  type ExtractionResultRecord,
  RESULT_FORMAT_VERSION,
} from '../../../pipeline/sinks/result-records.ts';
import type {
  DocumentAttributes,
  DocumentRepresentationResource,
  DocumentResource,
} from '../../../src/contract/document.ts';
import type { DocumentWebhookPayload } from '../../../src/contract/document-webhook.ts';
import type { DocumentEvent } from '../../../src/contract/webhook-events.ts';

/** Builders of valid wire objects; each test overrides only what it is about. */

export const DOC = '0b4f3b5e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
export const SHA = 'a'.repeat(64);
const AT = '2026-01-01T00:00:00.000Z';

export const attributes = (overrides: Partial<DocumentAttributes> = {}): DocumentAttributes => ({
  id: DOC,
  name: 'invoice.pdf',
  document_type: 'commercial_invoice',
  document_type_manual: null,
  classification_notes: null,
  source: 'api',
  file_name: 'invoice.pdf',
  file_content_type: 'application/pdf',
  file_size_bytes: 1234,
  extraction_status: 'extracted',
  extraction_attempts: 1,
  extraction_error: null,
  created_at: AT,
  updated_at: AT,
  ...overrides,
});

export const failedAttributes = (attempt: number, reason = 'extractor_error'): DocumentAttributes =>
  attributes({
    extraction_status: 'failed',
    extraction_attempts: attempt,
    extraction_error: { reason, detail: `attempt ${attempt}: ${reason}` },
    updated_at: `2026-01-01T00:0${attempt}:00.000Z`,
  });

const REPRESENTATION = 'rep-1';

export const documentResource = (attrs: DocumentAttributes, withRepresentation = true): DocumentResource => ({
  id: attrs.id,
  type: 'document',
  attributes: attrs,
  relationships: {
    account: { data: { id: 'acct-1', type: 'account' } },
    user: { data: null },
    email_submission: { data: null },
    last_document_representation: {
      data: withRepresentation ? { id: REPRESENTATION, type: 'document_representation' } : null,
    },
    shipments: { data: [] },
    cargos: { data: [] },
  },
  links: { self: `/v2/documents/${attrs.id}`, download: `/v2/documents/${attrs.id}/download` },
});

export const representation = (documentId = DOC): DocumentRepresentationResource => ({
  id: REPRESENTATION,
  type: 'document_representation',
  attributes: {
    document_type: 'commercial_invoice',
    schema_version: '2026-03-23',
    payload: { invoice_number: 'INV-1', total_amount: '100.00', currency: 'USD' },
    created_at: AT,
    updated_at: AT,
  },
  relationships: { document: { data: { id: documentId, type: 'document' } } },
});

export const webhookPayload = (
  event: DocumentEvent,
  attrs: DocumentAttributes,
  notificationId = 'n-1',
): DocumentWebhookPayload => {
  const extracted = event === 'document.extracted';
  return {
    data: {
      id: notificationId,
      type: 'webhook_notification',
      attributes: { event, delivery_status: 'pending', created_at: AT, version: '2026-03-10' },
      relationships: { document: { data: { id: attrs.id, type: 'document' } } },
    },
    included: extracted
      ? [documentResource(attrs), representation(attrs.id)]
      : [documentResource(attrs, false)],
  };
};

export const eventMessage = (
  event: DocumentEvent,
  attrs: DocumentAttributes,
  notificationId = 'n-1',
): DocumentEventMessage => ({
  kind: 'document_event',
  version: 1,
  notificationId,
  event,
  documentId: attrs.id,
  payload: webhookPayload(event, attrs, notificationId),
  receivedAt: AT,
});

export const origins: Origin[] = [
  {
    originId: 'folder-1',
    source: 'folder',
    fileName: 'invoice.pdf',
    location: 'inbox/invoice.pdf',
    receivedAt: AT,
  },
  { originId: 'imap-7', source: 'imap', fileName: 'INV.pdf', location: 'INBOX/1/7', receivedAt: AT },
];

/** What ingest writes for a document it created (its first origin; the others as later arrivals). */
export const ingested = async (ledger: Ledger, documentId = DOC, createdAt = AT): Promise<void> => {
  const [first, ...later] = origins;
  if (first === undefined) throw new Error('no origins');
  await ledger.putAllIfAbsent(
    ingestedEntries(documentId, { sha256: SHA, createdAt: Date.parse(createdAt) }, first),
  );
  for (const origin of later) {
    const entry = ledgerEntries.origin(SHA, origin);
    await ledger.putIfAbsent(entry.key, entry.value);
  }
};

/** An outcome file's record of an extracted invoice, as a sink is handed it. */
export const resultRecord = (overrides: Partial<ExtractionResultRecord> = {}): ExtractionResultRecord => ({
  format_version: RESULT_FORMAT_VERSION,
  status: 'extracted',
  document_id: DOC,
  document_type: 'commercial_invoice',
  schema_version: '2026-03-23',
  payload: { total_amount: '1.00', currency: 'USD' },
  sha256: null,
  origins: [],
  document: attributes(),
  ...overrides,
});

/** An outcome file's record of an encrypted PDF that failed its one attempt. */
export const failureRecord = (overrides: Partial<ExtractionFailureRecord> = {}): ExtractionFailureRecord => ({
  format_version: RESULT_FORMAT_VERSION,
  status: 'failed',
  document_id: DOC,
  reason: 'encrypted',
  detail: 'the PDF is encrypted',
  attempts: [{ attempt: 1, at: AT, reason: 'encrypted', detail: 'the PDF is encrypted' }],
  sha256: null,
  origins: [],
  document: attributes(),
  ...overrides,
});
