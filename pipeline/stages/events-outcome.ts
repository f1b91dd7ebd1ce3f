import { encodeMessage } from '../messages.ts';
import type { EventsDeps } from './events-deps.ts';
import type { DocumentState } from './events-document-state.ts';
import { ledgerKeys, readAttempts, readOutcome, readProvenance, writeAttempt } from './events-ledger.ts';
import { buildFailureRecord, buildResultRecord, UNKNOWN_FAILURE } from './events-records.ts';

/**
 * The outcome rules, shared by the webhook path and the reconciler. Each step is idempotent and the
 * ledger entry that ends a step is written after its effect, so a crash anywhere only repeats work.
 *
 * Ordering rule: `outcome/<id>` holds the FIRST final outcome and never changes. A success always wins:
 * a failure that arrives after `extracted` is ignored, while a success that arrives after the document
 * was routed to `failed/` still writes `results/`, removes the failure file and is recorded under
 * `recovered/<id>`. Among failures the attempt number decides: one older than an attempt already seen is
 * ignored.
 */

export type OutcomeAction =
  | 'extracted'
  | 'recovered'
  | 'duplicate'
  | 'ignored_after_success'
  | 'ignored_stale_attempt'
  | 'reextract_scheduled'
  | 'routed_to_failed';

export const recordExtracted = async (state: DocumentState, deps: EventsDeps): Promise<OutcomeAction> => {
  const { ledger, sink } = deps;
  const outcome = await readOutcome(ledger, state.documentId);
  if (outcome === 'extracted') return 'duplicate';
  if (outcome === 'failed') return recover(state, deps);

  const provenance = await readProvenance(ledger, state.documentId);
  await sink.writeResult(buildResultRecord(state, provenance));
  if (await ledger.putIfAbsent(ledgerKeys.outcome(state.documentId), 'extracted')) return 'extracted';
  // A failure was routed between our read and our write: the success still wins.
  return (await readOutcome(ledger, state.documentId)) === 'failed' ? recover(state, deps) : 'duplicate';
};

const recover = async (state: DocumentState, deps: EventsDeps): Promise<OutcomeAction> => {
  const { ledger, sink, clock } = deps;
  const key = ledgerKeys.recovered(state.documentId);
  if ((await ledger.get(key)) !== undefined) return 'duplicate';
  const provenance = await readProvenance(ledger, state.documentId);
  await sink.writeResult(buildResultRecord(state, provenance));
  await sink.removeFailure(state.documentId);
  await ledger.putIfAbsent(key, JSON.stringify({ at: new Date(clock.now()).toISOString() }));
  return 'recovered';
};

export const recordFailure = async (state: DocumentState, deps: EventsDeps): Promise<OutcomeAction> => {
  const { ledger, sink, queue, clock, maxReextracts, backoff } = deps;
  const { documentId, document } = state;
  const outcome = await readOutcome(ledger, documentId);
  if (outcome === 'extracted') return 'ignored_after_success';
  if (outcome === 'failed') return 'duplicate';

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
  if (attempt <= maxReextracts) {
    if ((await ledger.get(ledgerKeys.reextract(documentId, attempt))) !== undefined) return 'duplicate';
    await queue.send(encodeMessage({ kind: 'reextract', version: 1, documentId, attempt }), {
      delaySeconds: backoff(attempt),
    });
    return 'reextract_scheduled';
  }

  const provenance = await readProvenance(ledger, documentId);
  await sink.writeFailure(buildFailureRecord(state, error, attempts, provenance));
  if (await ledger.putIfAbsent(ledgerKeys.outcome(documentId), 'failed')) return 'routed_to_failed';
  // A success landed between our read and our write; it wins, so take our file back.
  if ((await readOutcome(ledger, documentId)) === 'extracted') {
    await sink.removeFailure(documentId);
    return 'ignored_after_success';
  }
  return 'duplicate';
};
