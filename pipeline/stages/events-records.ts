import type { ExtractionError } from '../../src/contract/document.ts';
import type { DocumentProvenance } from '../ledger/documents.ts';
import type { AttemptEntry } from '../ledger/values.ts';
import type { Origin } from '../messages.ts';
import {
  type AttemptRecord,
  type ExtractionFailureRecord,
  type ExtractionResultRecord,
  type OriginRecord,
  RESULT_FORMAT_VERSION,
  type TrackingRecord,
} from '../sinks/result-records.ts';
import type { DocumentState } from './events-document-state.ts';

/** Turns what the stage knows into the files users read; pure, so both paths write identical bytes. */

const originRecord = (origin: Origin): OriginRecord => ({
  origin_id: origin.originId,
  source: origin.source,
  file_name: origin.fileName,
  location: origin.location,
  received_at: origin.receivedAt,
  ...(origin.email === undefined
    ? {}
    : {
        email: {
          subject: origin.email.subject,
          from: origin.email.from,
          to: origin.email.to,
          cc: origin.email.cc,
          message_id: origin.email.messageId,
          sent_at: origin.email.sentAt,
        },
      }),
});

/** The prefix of the origin id of a document stevedore did not create; the document id follows. */
export const SERVICE_ORIGIN_PREFIX = 'service:';

/**
 * Where the document came from. Ours: every origin in the ledger. Someone else's (another client of the
 * account, the web app): the service's record of it, so the file says who created it rather than nothing.
 */
export const originsOf = (
  state: DocumentState,
  provenance: DocumentProvenance | undefined,
): OriginRecord[] =>
  provenance === undefined
    ? [
        {
          origin_id: `${SERVICE_ORIGIN_PREFIX}${state.documentId}`,
          // The upstream may omit `source`; a document we did not create came in through the API.
          source: state.document.source ?? 'api',
          file_name: state.document.file_name,
          location: null,
          received_at: state.document.created_at,
        },
      ]
    : ledgerOrigins(provenance);

/** The origins ingest recorded for a document of ours; none for a document that is not. */
export const ledgerOrigins = (provenance: DocumentProvenance | undefined): OriginRecord[] =>
  (provenance?.origins ?? []).map(originRecord);

export const buildResultRecord = (
  state: DocumentState,
  provenance: DocumentProvenance | undefined,
  tracking?: TrackingRecord,
): ExtractionResultRecord => ({
  format_version: RESULT_FORMAT_VERSION,
  status: 'extracted',
  document_id: state.documentId,
  document_type: state.representation?.document_type ?? state.document.document_type,
  schema_version: state.representation?.schema_version ?? null,
  payload: state.representation?.payload ?? null,
  sha256: provenance?.sha256 ?? null,
  origins: originsOf(state, provenance),
  document: state.document,
  ...(tracking === undefined ? {} : { tracking }),
});

export const buildFailureRecord = (
  state: DocumentState,
  error: ExtractionError,
  attempts: readonly AttemptEntry[],
  provenance: DocumentProvenance | undefined,
): ExtractionFailureRecord => ({
  format_version: RESULT_FORMAT_VERSION,
  status: 'failed',
  document_id: state.documentId,
  reason: error.reason,
  detail: error.detail,
  attempts: attempts.map(
    (entry): AttemptRecord => ({
      attempt: entry.attempt,
      at: entry.at,
      reason: entry.reason,
      detail: entry.detail,
    }),
  ),
  sha256: provenance?.sha256 ?? null,
  origins: originsOf(state, provenance),
  document: state.document,
});

/** A failure reported without an error object still needs a reason a person can act on. */
export const UNKNOWN_FAILURE: ExtractionError = {
  reason: 'unknown',
  detail: 'the service reported a failed extraction without an error',
};
