import type { ExtractionFailureRecord, ExtractionResultRecord, OriginRecord } from './result-records.ts';

/**
 * What ingest recorded of a document: where it came from and the content behind it. An outcome file written
 * before ingest had recorded the document (its restart raced the service's webhook) named the service's
 * record and no digest; both are put right together.
 */
export interface OutcomeProvenance {
  readonly sha256: string;
  readonly origins: readonly OriginRecord[];
}

/**
 * Where outcomes go: a folder locally, S3 later. Every call is idempotent (writing the same record twice
 * leaves one file; removing a missing failure is not an error), because the events stage may repeat a
 * step after a crash or a redelivery.
 */
export interface ResultSink {
  /** Stores `results/<documentId>.json`, replacing any earlier version. */
  writeResult(record: ExtractionResultRecord): Promise<void>;
  /** Stores `failed/<documentId>.json`, replacing any earlier version. */
  writeFailure(record: ExtractionFailureRecord): Promise<void>;
  /** Removes `failed/<documentId>.json` when a late success supersedes a routed failure. */
  removeFailure(documentId: string): Promise<void>;
  /**
   * Replaces the origins, and the content digest they name, in the document's outcome file; false when it
   * has none yet.
   */
  updateOrigins(documentId: string, provenance: OutcomeProvenance): Promise<boolean>;
}
