import type { z } from 'zod';
import type { DocumentRepresentationResource, DocumentResource } from '../../contract/document.ts';
import type { DocumentWebhookPayload } from '../../contract/document-webhook.ts';
import type { emailSubmissionSlimResource } from '../../contract/email-submission.ts';
import type { DocumentEvent } from '../../contract/webhook-events.ts';

/** Fixed ids, so example payloads are stable across calls and easy to recognise in a receiver's log. */
export const SAMPLE_IDS = {
  account: '6a0c1f0e-2d4b-4c1e-9a55-0f3e7f1b2c01',
  document: '4f5e2a8d-7c1b-4b9e-8d2f-3a6c5e9b1d02',
  emailSubmission: '9b3d6e1f-4a2c-4f8e-b7d1-2c5a8e3f6b03',
  representation: 'c2e7a4b9-1d6f-4e3a-9c8b-5f2d7a1e4c04',
} as const;

/** A timestamp fixed in the past of every sample, so samples do not depend on the clock. */
export const SAMPLE_TIME = '2026-03-10T14:02:11Z';

type EmailSubmissionSlim = z.infer<typeof emailSubmissionSlimResource>;

const sampleDocument = (event: DocumentEvent): DocumentResource => {
  const failed = event === 'document.extraction_failed';
  return {
    id: SAMPLE_IDS.document,
    type: 'document',
    attributes: {
      id: SAMPLE_IDS.document,
      name: 'INV-2026-0142.pdf',
      document_type: failed ? null : 'commercial_invoice',
      document_type_manual: null,
      classification_notes: null,
      source: 'email',
      file_name: 'INV-2026-0142.pdf',
      file_content_type: 'application/pdf',
      file_size_bytes: 48_213,
      extraction_status: failed ? 'failed' : 'extracted',
      extraction_attempts: 1,
      extraction_error: failed
        ? { reason: 'unreadable', detail: 'The PDF has no text layer and OCR found no text.' }
        : null,
      created_at: SAMPLE_TIME,
      updated_at: SAMPLE_TIME,
    },
    relationships: {
      account: { data: { id: SAMPLE_IDS.account, type: 'account' } },
      user: { data: null },
      email_submission: { data: { id: SAMPLE_IDS.emailSubmission, type: 'email_submission' } },
      last_document_representation: {
        data: failed ? null : { id: SAMPLE_IDS.representation, type: 'document_representation' },
      },
      shipments: { data: [] },
      cargos: { data: [] },
    },
    links: {
      self: `/v2/documents/${SAMPLE_IDS.document}`,
      download: `/v2/documents/${SAMPLE_IDS.document}/download_url`,
    },
  };
};

const sampleEmailSubmission: EmailSubmissionSlim = {
  id: SAMPLE_IDS.emailSubmission,
  type: 'email_submission',
  attributes: {
    subject: 'Invoice INV-2026-0142 for booking MEDU1234567',
    from: ['billing@example-forwarder.com'],
    to: ['documents@example-importer.com'],
    cc: [],
    sent_at: SAMPLE_TIME,
    message_id: '<inv-2026-0142@example-forwarder.com>',
    in_reply_to: null,
    references: [],
    content_type: 'multipart/mixed',
    documents_count: 1,
    created_at: SAMPLE_TIME,
    updated_at: SAMPLE_TIME,
    body_preview: 'Please find attached our invoice INV-2026-0142.',
  },
  relationships: {
    account: { data: { id: SAMPLE_IDS.account, type: 'account' } },
    user: { data: null },
    documents: { data: [{ id: SAMPLE_IDS.document, type: 'document' }] },
  },
};

const sampleRepresentation: DocumentRepresentationResource = {
  id: SAMPLE_IDS.representation,
  type: 'document_representation',
  attributes: {
    document_type: 'commercial_invoice',
    schema_version: '1',
    payload: {
      invoice_number: 'INV-2026-0142',
      invoice_date: '2026-03-09',
      seller: { name: 'Example Forwarding GmbH' },
      buyer: { name: 'Example Importer Inc.' },
      currency: 'USD',
      total_amount: '1840.00',
      container_numbers: ['MSCU1234566'],
    },
    created_at: SAMPLE_TIME,
    updated_at: SAMPLE_TIME,
  },
  relationships: { document: { data: { id: SAMPLE_IDS.document, type: 'document' } } },
};

/** `included` of a sample document event: the document, its email, and its representation when extracted. */
export const sampleDocumentIncluded = (event: DocumentEvent): DocumentWebhookPayload['included'] =>
  event === 'document.extracted'
    ? [sampleDocument(event), sampleEmailSubmission, sampleRepresentation]
    : [sampleDocument(event), sampleEmailSubmission];
