import { setTimeout as delay } from 'node:timers/promises';
import type { DocumentEvent } from '../../contract/webhook-events.ts';
import { AppError } from '../../domain/errors.ts';
import type { ExtractDocument } from '../../extraction/extract-document.ts';
import type { Logger } from '../../observability/logger.ts';
import type { BlobFiles } from '../uploads/blob-files.ts';
import type { DocumentRecord } from './document-records.ts';
import { documentEventIncluded } from './document-serializer.ts';
import type { DocumentStore } from './document-store.ts';
import type { EmailSubmissionStore } from './email-submission-store.ts';
import type { ExtractionJob } from './extraction-jobs.ts';
import type { ExtractionOutcome, ExtractionOutcomeStore } from './extraction-outcome-store.ts';

/** Deliveries of one job before it ends as `extractor_error`: a crash that repeats is not bad luck. */
export const MAX_EXTRACTION_RECEIVES = 3;
/** An extraction still running after this long counts as a crash (async hang; CPU-bound code cannot be cut short). */
export const EXTRACTION_TIMEOUT_MS = 120_000;
/** The extractor takes the whole file in memory; larger files fail instead of exhausting the heap. */
export const MAX_EXTRACTION_BYTES = 256 * 1024 * 1024;

/** Pure retry rule: how long a job that crashed on delivery `receiveCount` waits before the next try. */
export const extractionRetryDelaySeconds = (receiveCount: number): number =>
  Math.min(60, 5 * 2 ** (receiveCount - 1));

/** Structurally the webhook module's notifier: synchronous, durable, idempotent per (document, attempt, event). */
export interface DocumentEventNotifier {
  publishDocumentEvent(input: {
    accountId: string;
    event: DocumentEvent;
    documentId: string;
    extractionAttempt: number;
    included: unknown[];
  }): void;
}

export interface ProcessDeps {
  readonly documents: DocumentStore;
  readonly outcomes: ExtractionOutcomeStore;
  readonly emailSubmissions: EmailSubmissionStore;
  readonly files: BlobFiles;
  readonly extract: ExtractDocument;
  readonly notifier: DocumentEventNotifier;
  readonly logger: Logger;
  readonly timeoutMs?: number;
}

/** done: delete the job; retry: let it come back later; abandoned: shutting down, leave the job alone. */
export type JobOutcome = 'done' | 'retry' | 'abandoned';

/**
 * Runs one attempt: classify and extract, write the outcome once, publish the webhook event, in that
 * order, so that a crash anywhere leaves a job whose redelivery finishes the work without repeating it.
 */
export async function processExtractionJob(
  deps: ProcessDeps,
  job: ExtractionJob,
  options: { receiveCount: number; signal: AbortSignal },
): Promise<JobOutcome> {
  const log = deps.logger.child({ documentId: job.documentId, attempt: job.attempt });
  const document = deps.documents.find(job.documentId);
  if (document === undefined || document.extractionAttempts !== job.attempt) {
    log.info('job superseded by a newer attempt or for a missing document; dropped');
    return 'done';
  }
  if (document.outcomeAttempt >= job.attempt) {
    // Redelivery after the outcome was written: only the notification may be missing.
    publish(deps, document);
    return 'done';
  }

  let outcome: ExtractionOutcome;
  if (options.receiveCount > MAX_EXTRACTION_RECEIVES) {
    outcome = crashed(`extraction did not finish in ${MAX_EXTRACTION_RECEIVES} tries`);
  } else {
    deps.outcomes.markProcessing(document.id, job.attempt);
    try {
      outcome = await withTimeout(
        (signal) => runExtractor(deps, document, signal),
        deps.timeoutMs ?? EXTRACTION_TIMEOUT_MS,
      );
    } catch (error) {
      if (options.signal.aborted) return 'abandoned';
      log.error({ err: error, receiveCount: options.receiveCount }, 'extraction crashed');
      if (options.receiveCount < MAX_EXTRACTION_RECEIVES) return 'retry';
      outcome = crashed(`extraction crashed ${options.receiveCount} times; last error: ${describe(error)}`);
    }
  }
  if (options.signal.aborted) return 'abandoned';

  const written = deps.outcomes.write(document.id, job.attempt, outcome);
  const current = deps.documents.find(document.id);
  if (!written) log.info('outcome already written by another delivery or superseded');
  if (current !== undefined) publish(deps, current);
  log.info({ status: current?.extractionStatus, documentType: current?.documentType }, 'extraction finished');
  return 'done';
}

async function runExtractor(
  deps: ProcessDeps,
  document: DocumentRecord,
  signal: AbortSignal,
): Promise<ExtractionOutcome> {
  if (document.fileSizeBytes !== null && document.fileSizeBytes > MAX_EXTRACTION_BYTES) {
    return {
      ok: false,
      reason: 'file_too_large',
      detail: `${document.fileName} is ${document.fileSizeBytes} bytes; extraction handles up to ${MAX_EXTRACTION_BYTES}`,
      documentType: null,
    };
  }
  const bytes = await deps.files.read(document.sha256);
  return deps.extract(
    bytes,
    { filename: document.fileName, contentType: document.fileContentType },
    { signal },
  );
}

/** Publishes the event of the document's current attempt, once it has an outcome; idempotent downstream. */
function publish(deps: ProcessDeps, document: DocumentRecord): void {
  // A newer attempt was started after this outcome: that attempt will publish its own event.
  if (document.outcomeAttempt !== document.extractionAttempts) return;
  const event: DocumentEvent =
    document.extractionStatus === 'extracted' ? 'document.extracted' : 'document.extraction_failed';
  const representation =
    document.lastRepresentationId === null
      ? undefined
      : deps.documents.representation(document.lastRepresentationId);
  const emailSubmission =
    document.emailSubmissionId === null ? undefined : deps.emailSubmissions.find(document.emailSubmissionId);
  deps.notifier.publishDocumentEvent({
    accountId: document.accountId,
    event,
    documentId: document.id,
    extractionAttempt: document.outcomeAttempt,
    included: documentEventIncluded({
      document,
      representation: representation ?? null,
      emailSubmission: emailSubmission ?? null,
    }),
  });
}

const crashed = (detail: string): ExtractionOutcome => ({
  ok: false,
  reason: 'extractor_error',
  detail,
  documentType: null,
});

/** Races the work against a timer; on time-out the work's signal aborts, so a pooled thread stops too. */
async function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, timeoutMs: number): Promise<T> {
  const timer = new AbortController();
  const stop = new AbortController();
  try {
    return await Promise.race([
      work(stop.signal),
      delay(timeoutMs, undefined, { signal: timer.signal }).then(() => {
        stop.abort();
        throw new AppError('extraction_timeout', `extraction took longer than ${timeoutMs} ms`, {
          retryable: true,
        });
      }),
    ]);
  } finally {
    timer.abort();
  }
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));
