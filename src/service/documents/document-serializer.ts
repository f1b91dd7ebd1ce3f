import type { z } from 'zod';
import type { DocumentRepresentationResource, DocumentResource } from '../../contract/document.ts';
import type {
  EmailSubmissionResource,
  emailSubmissionSlimResource,
} from '../../contract/email-submission.ts';
import { isoTime } from '../db/columns.ts';
import type { DocumentRecord, EmailSubmissionRecord, RepresentationRecord } from './document-records.ts';

export type EmailSubmissionSlimResource = z.infer<typeof emailSubmissionSlimResource>;

/** Links are paths on the service's origin, so they hold in responses and in webhook bodies alike. */
export const documentPath = (id: string): string => `/v2/documents/${id}`;

/** Characters of the body shown as `body_preview` when a submission is included from a document. */
export const BODY_PREVIEW_LENGTH = 200;

/**
 * A document as JSON:API. The creation response leaves `source` out, as the upstream does; every later
 * read has it.
 */
export function serializeDocument(
  document: DocumentRecord,
  options: { withSource?: boolean } = {},
): DocumentResource {
  const { withSource = true } = options;
  return {
    id: document.id,
    type: 'document',
    attributes: {
      id: document.id,
      name: document.name,
      document_type: document.documentType,
      document_type_manual: document.documentTypeManual,
      classification_notes: document.classificationNotes,
      ...(withSource ? { source: document.source } : {}),
      file_name: document.fileName,
      file_content_type: document.fileContentType,
      file_size_bytes: document.fileSizeBytes,
      extraction_status: document.extractionStatus,
      extraction_attempts: document.extractionAttempts,
      extraction_error: document.extractionError,
      created_at: isoTime(document.createdAt),
      updated_at: isoTime(document.updatedAt),
    },
    relationships: {
      account: { data: { id: document.accountId, type: 'account' } },
      user: { data: null },
      email_submission: {
        data:
          document.emailSubmissionId === null
            ? null
            : { id: document.emailSubmissionId, type: 'email_submission' },
      },
      last_document_representation: {
        data:
          document.lastRepresentationId === null
            ? null
            : { id: document.lastRepresentationId, type: 'document_representation' },
      },
      shipments: { data: [] },
      cargos: { data: [] },
    },
    links: { self: documentPath(document.id), download: `${documentPath(document.id)}/download_url` },
  };
}

export function serializeRepresentation(
  representation: RepresentationRecord,
): DocumentRepresentationResource {
  return {
    id: representation.id,
    type: 'document_representation',
    attributes: {
      document_type: representation.documentType,
      schema_version: representation.schemaVersion,
      payload: representation.payload,
      created_at: isoTime(representation.createdAt),
      updated_at: isoTime(representation.updatedAt),
    },
    relationships: { document: { data: { id: representation.documentId, type: 'document' } } },
  };
}

const submissionCommon = (submission: EmailSubmissionRecord) => ({
  subject: submission.subject,
  from: [...submission.from],
  to: [...submission.to],
  cc: [...submission.cc],
  sent_at: submission.sentAt === null ? null : isoTime(submission.sentAt),
  message_id: submission.messageId,
  in_reply_to: submission.inReplyTo,
  references: [...submission.references],
  content_type: submission.contentType,
  documents_count: submission.documentIds.length,
  created_at: isoTime(submission.createdAt),
  updated_at: isoTime(submission.updatedAt),
});

const submissionRelationships = (submission: EmailSubmissionRecord) => ({
  account: { data: { id: submission.accountId, type: 'account' as const } },
  user: { data: null },
  documents: { data: submission.documentIds.map((id) => ({ id, type: 'document' as const })) },
});

const bodyPreview = (submission: EmailSubmissionRecord): string | null =>
  submission.body === null ? null : submission.body.replace(/\s+/g, ' ').trim().slice(0, BODY_PREVIEW_LENGTH);

/** The whole submission: its body, and the `body_preview` the docs-alias issue names for every submission. */
export function serializeEmailSubmission(submission: EmailSubmissionRecord): EmailSubmissionResource {
  return {
    id: submission.id,
    type: 'email_submission',
    attributes: {
      ...submissionCommon(submission),
      body: submission.body,
      body_preview: bodyPreview(submission),
    },
    relationships: submissionRelationships(submission),
  };
}

/** The variant included from a document or a document webhook: a preview instead of the body. */
export function serializeEmailSubmissionSlim(submission: EmailSubmissionRecord): EmailSubmissionSlimResource {
  return {
    id: submission.id,
    type: 'email_submission',
    attributes: { ...submissionCommon(submission), body_preview: bodyPreview(submission) },
    relationships: submissionRelationships(submission),
  };
}

export interface DocumentEventSubject {
  readonly document: DocumentRecord;
  readonly representation: RepresentationRecord | null;
  readonly emailSubmission: EmailSubmissionRecord | null;
}

/**
 * `included` of a document webhook (`document.extracted` / `document.extraction_failed`): the document,
 * its email submission (slim) when it came by mail, and its latest representation when it has one.
 */
export function documentEventIncluded(
  subject: DocumentEventSubject,
): Array<DocumentResource | EmailSubmissionSlimResource | DocumentRepresentationResource> {
  return [
    serializeDocument(subject.document),
    ...(subject.emailSubmission === null ? [] : [serializeEmailSubmissionSlim(subject.emailSubmission)]),
    ...(subject.representation === null ? [] : [serializeRepresentation(subject.representation)]),
  ];
}
