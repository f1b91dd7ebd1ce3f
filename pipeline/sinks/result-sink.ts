import type { ExtractionFailureRecord, ExtractionResultRecord, OriginRecord } from './result-records.ts';

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
  /** Replaces the origins in the document's outcome file; false when it has none yet. */
  updateOrigins(documentId: string, origins: readonly OriginRecord[]): Promise<boolean>;
}
