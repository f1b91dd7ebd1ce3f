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
  /**
   * The numbers of a bill of lading or arrival notice and what the worker did with each; absent for
   * other documents and when `STEVEDORE_TRACK_CONTAINERS` is off.
   */
  readonly tracking?: TrackingRecord;
}

export interface TrackingRecord {
  /** The ref number every tracking request of this document carries: the document id. */
  readonly ref_number: string;
  readonly numbers: readonly TrackedNumberRecord[];
}

/**
 * One number: `tracked` (a tracking request exists, created now or before), `needs_person` (the service
 * did not auto-select a carrier, or it disagrees with the document's SCAC: the candidates say what it
 * thinks), `not_tracked` (the number is invalid).
 */
export interface TrackedNumberRecord {
  readonly number: string;
  readonly request_type: 'container' | 'bill_of_lading' | 'booking_number';
  readonly status: 'tracked' | 'needs_person' | 'not_tracked';
  /**
   * The service's `shipping_line.decision`: `auto_select`, `needs_confirmation` or `no_prediction`;
   * `unknown` when the service refused the number (the code is the reason).
   */
  readonly decision: string;
  /** The carrier tracked with, or the service's best guess when not tracked; null when it has none. */
  readonly scac: string | null;
  readonly tracking_request_id: string | null;
  /** Why it was not tracked; null when tracked. */
  readonly reason: string | null;
  readonly candidates: readonly { scac: string; name: string | null; confidence: number | null }[];
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
