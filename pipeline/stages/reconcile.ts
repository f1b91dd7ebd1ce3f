import { listOpenDocuments, readAttempt } from '../ledger/documents.ts';
import { hasNudged, markNudged } from '../ledger/markers.ts';
import type { EventsDeps } from './events-deps.ts';
import {
  DOCUMENT_STATE_INCLUDES,
  type DocumentState,
  stateFromDocumentResponse,
} from './events-document-state.ts';
import { recordExtracted, recordFailure } from './events-outcome.ts';

/**
 * A document still pending or processing this many thresholds after its last change is taken as stuck
 * (a job lost in a restart, say) and re-extracted once.
 */
export const STUCK_FACTOR = 3;
/** Lookups per pass, so a backlog after downtime drains over several passes instead of one burst. */
export const DEFAULT_MAX_LOOKUPS_PER_PASS = 50;

export interface ReconcileDeps extends EventsDeps {
  /** A document with no outcome this long after ingest created it is looked up. */
  readonly reconcileAfterSeconds: number;
  readonly maxLookupsPerPass?: number;
}

export type ReconcileAction =
  | 'recovered'
  | 'unchanged'
  | 'waiting_for_reextract'
  | 'in_progress'
  | 'nudged'
  | 'error';

export interface ReconcileSummary {
  /** Open documents: ingest created them and their outcome file is not final yet. */
  readonly documents: number;
  /** Of those, open past the threshold. */
  readonly overdue: number;
  /** Looked up this pass (at most `maxLookupsPerPass`). */
  readonly lookedUp: number;
  readonly actions: Readonly<Record<ReconcileAction, number>>;
}

/**
 * One pass: every open document (an `open/` marker: no outcome yet, or a file not yet settled) older than
 * the threshold is read from the service, and what the service says is handled exactly as the webhook
 * would have been. This is how a lost webhook is recovered. Only the open markers are listed, so a pass
 * costs what is in flight, not the whole history.
 */
export const reconcileOnce = async (deps: ReconcileDeps): Promise<ReconcileSummary> => {
  const {
    ledger,
    clock,
    logger,
    reconcileAfterSeconds,
    maxLookupsPerPass = DEFAULT_MAX_LOOKUPS_PER_PASS,
  } = deps;
  const now = clock.now();
  const cutoff = now - reconcileAfterSeconds * 1000;
  const documents = await listOpenDocuments(ledger, (documentId, error) => {
    // One bad entry must not stop the recovery of every other document.
    logger.error({ err: error, documentId }, 'open marker is malformed; document skipped');
  });
  const overdue = documents
    .filter((document) => document.createdAt <= cutoff)
    .sort((a, b) => a.createdAt - b.createdAt);

  const actions: Record<ReconcileAction, number> = {
    recovered: 0,
    unchanged: 0,
    waiting_for_reextract: 0,
    in_progress: 0,
    nudged: 0,
    error: 0,
  };
  const batch = overdue.slice(0, maxLookupsPerPass);
  for (const document of batch) {
    const action = await reconcileDocument(document.documentId, document.createdAt, deps).catch(
      (error: unknown): ReconcileAction => {
        logger.warn({ err: error, documentId: document.documentId }, 'reconcile lookup failed');
        return 'error';
      },
    );
    actions[action] += 1;
    if (action === 'recovered') deps.metrics?.count('lostWebhooksRecovered');
  }
  const summary = { documents: documents.length, overdue: overdue.length, lookedUp: batch.length, actions };
  if (batch.length > 0) logger.info(summary, 'reconcile pass');
  return summary;
};

const reconcileDocument = async (
  documentId: string,
  createdAt: number,
  deps: ReconcileDeps,
): Promise<ReconcileAction> => {
  const state = stateFromDocumentResponse(await deps.client.getDocument(documentId, DOCUMENT_STATE_INCLUDES));
  const log = deps.logger.child({ documentId, status: state.document.extraction_status });
  switch (state.document.extraction_status) {
    case 'extracted': {
      const action = await recordExtracted(state, deps);
      if (action !== 'duplicate') log.warn({ action }, 'recovered an extraction whose webhook never arrived');
      return action === 'duplicate' ? 'unchanged' : 'recovered';
    }
    case 'failed':
      return reconcileFailure(state, deps);
    case 'pending':
    case 'processing':
      return reconcileInProgress(state, createdAt, deps);
  }
};

const reconcileFailure = async (state: DocumentState, deps: ReconcileDeps): Promise<ReconcileAction> => {
  const { ledger, clock, backoff, reconcileAfterSeconds } = deps;
  const attempt = Math.max(1, state.document.extraction_attempts);
  const seen = await readAttempt(ledger, state.documentId, attempt);
  // The webhook arrived and a re-extraction waits out its backoff: nothing is lost yet.
  if (
    seen !== undefined &&
    clock.now() - seen.recordedAt < (reconcileAfterSeconds + backoff(attempt)) * 1000
  ) {
    return 'waiting_for_reextract';
  }
  const action = await recordFailure(state, deps);
  if (action === 'duplicate' || action === 'ignored_stale_attempt' || action === 'ignored_after_success') {
    return 'unchanged';
  }
  deps.logger.warn(
    { documentId: state.documentId, action },
    'recovered a failure the events stage had not acted on',
  );
  return 'recovered';
};

const reconcileInProgress = async (
  state: DocumentState,
  createdAt: number,
  deps: ReconcileDeps,
): Promise<ReconcileAction> => {
  const { ledger, client, clock, logger, reconcileAfterSeconds } = deps;
  // Measured from the last change, so a document that was just re-extracted is not called stuck.
  const updatedAt = Date.parse(state.document.updated_at);
  const lastChange = Number.isNaN(updatedAt) ? createdAt : Math.max(createdAt, updatedAt);
  if (clock.now() - lastChange < STUCK_FACTOR * reconcileAfterSeconds * 1000) return 'in_progress';
  if (await hasNudged(ledger, state.documentId)) return 'in_progress';
  await client.reextractDocument(state.documentId);
  await markNudged(ledger, state.documentId, clock.now(), state.document.extraction_status);
  logger.warn(
    { documentId: state.documentId, status: state.document.extraction_status },
    'document stuck in progress; re-extraction requested once',
  );
  return 'nudged';
};
