import type { DocumentAttributes, DocumentType, documentSources } from '../../src/contract/document.ts';
import type { Origin } from '../messages.ts';

/**
 * The layout of the files users read: `results/<documentId>.json` and `failed/<documentId>.json`. Field
 * names follow the service's wire format (snake_case). Bump the version on any incompatible change.
 */
export const RESULT_FORMAT_VERSION = 1;

/**
 * One place the same content arrived from: a dropped file, a mail attachment, an S3 object, or, for a
 * document another client of the account created, the service's own `source` of it (`api`, `upload`, ...).
 */
export interface OriginRecord {
  readonly origin_id: string;
  readonly source: Origin['source'] | (typeof documentSources)[number];
  readonly file_name: string;
  readonly location: string | null;
  readonly received_at: string;
  /** The message a mail attachment came in (source `imap`); absent for other sources. */
  readonly email?: EmailRecord;
}

export interface EmailRecord {
  readonly subject: string | null;
  readonly from: readonly string[];
  readonly to: readonly string[];
  readonly cc: readonly string[];
  readonly message_id: string | null;
  readonly sent_at: string | null;
}

export interface ExtractionResultRecord {
  readonly format_version: typeof RESULT_FORMAT_VERSION;
  readonly status: 'extracted';
  readonly document_id: string;
  /** The representation's type, else the document's classification. */
  readonly document_type: DocumentType | null;
  readonly schema_version: string | null;
  /** The extracted values; null only if the service reported success without a representation. */
  readonly payload: Readonly<Record<string, unknown>> | null;
  /** Null for a document that did not come through stevedore (created by another client, say). */
  readonly sha256: string | null;
  readonly origins: readonly OriginRecord[];
  readonly document: DocumentAttributes;
}

/** One failed extraction: `attempt` is the document's `extraction_attempts` when it failed. */
export interface AttemptRecord {
  readonly attempt: number;
  /** When the service finished that attempt (the document's `updated_at`). */
  readonly at: string;
  readonly reason: string;
  readonly detail: string;
}

export interface ExtractionFailureRecord {
  readonly format_version: typeof RESULT_FORMAT_VERSION;
  readonly status: 'failed';
  readonly document_id: string;
  /** Of the last attempt. */
  readonly reason: string;
  readonly detail: string;
  /** Every failed attempt stevedore saw, oldest first. */
  readonly attempts: readonly AttemptRecord[];
  readonly sha256: string | null;
  readonly origins: readonly OriginRecord[];
  readonly document: DocumentAttributes;
}
