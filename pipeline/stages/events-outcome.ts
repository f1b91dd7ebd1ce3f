import { AppError } from '../../src/domain/errors.ts';
import {
  closeOpenMarker,
  isOpen,
  readAttempts,
  readOutcome,
  readProvenance,
  writeAttempt,
  writeOutcome,
} from '../ledger/documents.ts';
import { hasRecovered, hasRequestedReextract, markRecovered } from '../ledger/markers.ts';
import type { AttemptEntry } from '../ledger/values.ts';
import { encodeMessage } from '../messages.ts';
import type { OriginRecord, TrackingRecord } from '../sinks/result-records.ts';
import type { EventsDeps } from './events-deps.ts';
import type { DocumentState } from './events-document-state.ts';
import { isPermanentFailure } from './events-failure-reasons.ts';
import { buildFailureRecord, buildResultRecord, ledgerOrigins, UNKNOWN_FAILURE } from './events-records.ts';
import { trackDocument } from './events-tracking.ts';

/**
 * The outcome rules, shared by the webhook path and the reconciler. Each step is idempotent and the
 * ledger entry that ends a step is written after its effect, so a crash anywhere only repeats work.
 *
 * Ordering rule: `outcome/<id>` holds the FIRST final outcome and never changes. A success always wins:
 * a failure that arrives after `extracted` is ignored, while a success that arrives after the document
 * was routed to `failed/` still writes `results/`, removes the failure file and is recorded under
 * `recovered/<id>`. Among failures the attempt number decides: one older than an attempt already seen is
 * ignored. A failure whose reason re-extraction cannot change goes to `failed/` at once.
 *
 * Origins: an `origin_added` message handled while an outcome is being written finds no outcome yet and
 * leaves the file alone, trusting the outcome to list every origin. So each writer of an outcome file,
 * once its outcome is recorded, reads the origins again and rewrites the file until what it wrote is
 * what the ledger holds (`settleOrigins`); only then is the document's open marker closed. A crash before
 * that leaves the marker open, and the redelivery (or the reconciler) settles the file again.
 */

/** Rewrites of one outcome file while origins keep arriving, before the message is left for redelivery. */
export const MAX_ORIGIN_ROUNDS = 5;

export type OutcomeAction =
  | 'extracted'
  | 'recovered'
  | 'duplicate'
  | 'ignored_after_success'
  | 'ignored_stale_attempt'
  | 'reextract_scheduled'
  | 'routed_to_failed';

/** Origins kept arriving faster than the file could be rewritten; a redelivery tries again. */
export class OriginsUnsettledError extends AppError {
  constructor(documentId: string) {
    super(
      'origins_unsettled',
      `the origins of document ${documentId} kept changing while its file was written`,
      {
        retryable: true,
        details: { documentId, rounds: MAX_ORIGIN_ROUNDS },
      },
    );
  }
}

export const recordExtracted = async (state: DocumentState, deps: EventsDeps): Promise<OutcomeAction> => {
  const { ledger } = deps;
  const outcome = await readOutcome(ledger, state.documentId);
  if (outcome === 'extracted') {
    // Open still: a run that wrote this outcome stopped before its file was settled.
    if (await isOpen(ledger, state.documentId)) {
      const tracking = await trackDocument(state, deps);
      const rewrite = () => writeResult(state, tracking, deps);
      await finish(state, await rewrite(), deps, rewrite);
    }
    return 'duplicate';
  }
  if (outcome === 'failed') return recover(state, deps);

  // Before the outcome: a tracking call that must be tried again leaves no outcome behind, so the
  // redelivery comes back here, and the ledger skips the numbers already tracked.
  const tracking = await trackDocument(state, deps);
  const rewrite = () => writeResult(state, tracking, deps);
  const written = await rewrite();
  const decided = await writeOutcome(ledger, state.documentId, 'extracted');
  await finish(state, written, deps, rewrite);
  if (decided) return observed('extracted', written, deps);
  // A failure was routed between our read and our write: the success still wins.
  return (await readOutcome(ledger, state.documentId)) === 'failed' ? recover(state, deps) : 'duplicate';
};

const recover = async (state: DocumentState, deps: EventsDeps): Promise<OutcomeAction> => {
  const { ledger, sink, clock } = deps;
  if (await hasRecovered(ledger, state.documentId)) return 'duplicate';
  const tracking = await trackDocument(state, deps);
  const rewrite = () => writeResult(state, tracking, deps);
  const written = await rewrite();
  await sink.removeFailure(state.documentId);
  // Before the marker: a crash in between makes the redelivery recover, and settle, again.
  await settleOrigins(state.documentId, written, deps, rewrite);
  await markRecovered(ledger, state.documentId, clock.now());
  return observed('recovered', written, deps);
};

export const recordFailure = async (state: DocumentState, deps: EventsDeps): Promise<OutcomeAction> => {
  const { ledger, sink, queue, clock, maxReextracts, backoff } = deps;
  const { documentId, document } = state;
  const outcome = await readOutcome(ledger, documentId);
  if (outcome === 'extracted') return 'ignored_after_success';
  if (outcome === 'failed') {
    if (await isOpen(ledger, documentId)) {
      const rewrite = failureWriter(state, await readAttempts(ledger, documentId), deps);
      await finish(state, await rewrite(), deps, rewrite);
    }
    return 'duplicate';
  }

  // The service counts every extraction run, so a redelivered failure carries the same number and is
  // recorded once. A document that somehow reports 0 still failed once.
  const attempt = Math.max(1, document.extraction_attempts);
  const error = document.extraction_error ?? UNKNOWN_FAILURE;
  await writeAttempt(ledger, documentId, {
    attempt,
    at: document.updated_at,
    reason: error.reason,
    detail: error.detail,
    recordedAt: clock.now(),
  });
  const attempts = await readAttempts(ledger, documentId);
  const latest = attempts.at(-1)?.attempt ?? attempt;
  if (latest > attempt) return 'ignored_stale_attempt';

  // Attempt n failed after n - 1 re-extractions, so re-extraction number n is the next one.
  if (attempt <= maxReextracts && !isPermanentFailure(error.reason)) {
    if (await hasRequestedReextract(ledger, documentId, attempt)) return 'duplicate';
    await queue.send(encodeMessage({ kind: 'reextract', version: 1, documentId, attempt }), {
      delaySeconds: backoff(attempt),
    });
    deps.metrics?.count('reextracted');
    return 'reextract_scheduled';
  }

  const writeFailure = failureWriter(state, attempts, deps);
  const written = await writeFailure();
  if (await writeOutcome(ledger, documentId, 'failed')) {
    await finish(state, written, deps, writeFailure);
    return observed('routed_to_failed', written, deps);
  }
  // A success landed between our read and our write; it wins, so take our file back.
  if ((await readOutcome(ledger, documentId)) === 'extracted') {
    await sink.removeFailure(documentId);
    return 'ignored_after_success';
  }
  return 'duplicate';
};

/**
 * Counts a final outcome and its latency from the earliest origin's arrival, once per document: only the
 * call that decided the outcome gets here, so redeliveries do not count again.
 */
const observed = (
  action: 'extracted' | 'recovered' | 'routed_to_failed',
  origins: readonly OriginRecord[],
  deps: EventsDeps,
): OutcomeAction => {
  const { metrics, clock } = deps;
  if (metrics === undefined) return action;
  metrics.count(action === 'routed_to_failed' ? 'failed' : 'extracted');
  const arrivals = origins.map((origin) => Date.parse(origin.received_at)).filter(Number.isFinite);
  if (arrivals.length > 0) metrics.latency(clock.now() - Math.min(...arrivals));
  return action;
};

/** Settles the file's origins, then closes the document's open marker: its outcome file is final. */
const finish = async (
  state: DocumentState,
  written: readonly OriginRecord[],
  deps: EventsDeps,
  rewrite: () => Promise<readonly OriginRecord[]>,
): Promise<void> => {
  await settleOrigins(state.documentId, written, deps, rewrite);
  await closeOpenMarker(deps.ledger, state.documentId);
};

/** Writes `failed/<id>.json` from the ledger's origins as they are now; answers the origins written. */
const failureWriter =
  (state: DocumentState, attempts: readonly AttemptEntry[], deps: EventsDeps) =>
  async (): Promise<readonly OriginRecord[]> => {
    const error = state.document.extraction_error ?? UNKNOWN_FAILURE;
    const provenance = await readProvenance(deps.ledger, state.documentId);
    const record = buildFailureRecord(state, error, attempts, provenance);
    await deps.sink.writeFailure(record);
    return record.origins;
  };

/** Writes `results/<id>.json` from the ledger's origins as they are now; answers the origins written. */
const writeResult = async (
  state: DocumentState,
  tracking: TrackingRecord | undefined,
  deps: EventsDeps,
): Promise<readonly OriginRecord[]> => {
  const record = buildResultRecord(state, await readProvenance(deps.ledger, state.documentId), tracking);
  await deps.sink.writeResult(record);
  return record.origins;
};

/**
 * Called once the outcome is in the ledger: from then on an `origin_added` message updates the file
 * itself, so only origins recorded before that could be missing. Compares the ledger, not the file.
 */
export const settleOrigins = async (
  documentId: string,
  written: readonly OriginRecord[],
  deps: EventsDeps,
  rewrite: () => Promise<readonly OriginRecord[]>,
): Promise<void> => {
  let current = written;
  for (let round = 0; round < MAX_ORIGIN_ROUNDS; round += 1) {
    const provenance = await readProvenance(deps.ledger, documentId);
    // Not ours: the file names the service's record of the document, which no origin changes.
    if (provenance === undefined) return;
    if (sameOrigins(ledgerOrigins(provenance), current)) return;
    current = await rewrite();
  }
  throw new OriginsUnsettledError(documentId);
};

export const sameOrigins = (a: readonly OriginRecord[], b: readonly OriginRecord[]): boolean =>
  a.length === b.length && a.every((origin, index) => origin.origin_id === b[index]?.origin_id);
