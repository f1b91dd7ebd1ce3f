import { AppError } from '../../src/domain/errors.ts';
import { NotReadyError } from '../../src/runtime/not-ready.ts';
import { isKnownDocument, readOutcome, readProvenance } from '../ledger/documents.ts';
import {
  hasProcessedEvent,
  hasRequestedReextract,
  markEventProcessed,
  markReextractRequested,
} from '../ledger/markers.ts';
import {
  type DocumentEventMessage,
  type OriginAddedMessage,
  parseMessage,
  type QueueMessageBody,
  type ReextractMessage,
} from '../messages.ts';
import type { QueueMessage } from '../ports.ts';
import type { OriginRecord } from '../sinks/result-records.ts';
import type { EventsDeps } from './events-deps.ts';
import {
  DOCUMENT_STATE_INCLUDES,
  stateFromDocumentResponse,
  stateFromWebhook,
} from './events-document-state.ts';
import { type OutcomeAction, recordExtracted, recordFailure, settleOrigins } from './events-outcome.ts';
import { ledgerOrigins } from './events-records.ts';

/**
 * Deliveries of an event about a document stevedore has no `by-doc/` entry for, before it is treated as
 * someone else's document (created by another client of the account, say) and written with the service's
 * record of where it came from instead of ours. Ingest writes that entry within milliseconds of the
 * service creating the document, but a fast extraction can notify us first: one short wait is enough.
 */
export const UNKNOWN_DOCUMENT_MAX_RECEIVES = 2;

/** Far longer than ingest takes to record a document it just created, even on a loaded machine. */
export const UNKNOWN_DOCUMENT_WAIT_SECONDS = 2;

/**
 * Sources of documents this worker never creates (it creates through the API): an event about one of
 * these is someone else's at once, without waiting for a `by-doc/` entry that will never come.
 */
const FOREIGN_SOURCES: ReadonlySet<string> = new Set(['upload', 'email', 'split_document']);

/** The document is not in the ledger yet; a later delivery will likely find it. An expected wait. */
export class DocumentNotYetKnownError extends NotReadyError {
  constructor(documentId: string) {
    super('document_not_yet_known', `document ${documentId} has no by-doc entry yet`, {
      retryAfterSeconds: UNKNOWN_DOCUMENT_WAIT_SECONDS,
      details: { documentId },
    });
  }
}

/** A message that does not belong on the events queue. */
export class WrongQueueError extends AppError {
  constructor(kind: string) {
    super('wrong_queue', `a ${kind} message does not belong on the events queue`);
  }
}

/**
 * Handles one message of the events queue. Throws to leave the message for redelivery; the body is parsed
 * here, inside the message's own processing, so one bad body fails alone.
 */
export const handleEventsMessage = (message: QueueMessage, deps: EventsDeps): Promise<void> =>
  handleEventsBody(parseMessage(message.body), { receiveCount: message.receiveCount }, deps);

/** The same for an already parsed body (a Lambda handler parses with `processBatch`). */
export const handleEventsBody = async (
  body: QueueMessageBody,
  context: { receiveCount: number },
  deps: EventsDeps,
): Promise<void> => {
  switch (body.kind) {
    case 'document_event':
      await handleDocumentEvent(body, deps, context);
      return;
    case 'reextract':
      await handleReextract(body, deps);
      return;
    case 'origin_added':
      await handleOriginAdded(body, deps);
      return;
    case 'intake':
      throw new WrongQueueError(body.kind);
  }
};

/**
 * Processes a verified webhook once: the `event/<notificationId>` marker is written last, after the
 * outcome, so a crash in between repeats only idempotent steps.
 */
export const handleDocumentEvent = async (
  message: DocumentEventMessage,
  deps: EventsDeps,
  context: { receiveCount: number },
): Promise<OutcomeAction> => {
  const { ledger, logger } = deps;
  const { notificationId, documentId, event } = message;
  const log = logger.child({ notificationId, documentId, event });
  if (await hasProcessedEvent(ledger, notificationId)) {
    log.debug('notification already processed');
    return 'duplicate';
  }
  const fromWebhook = stateFromWebhook(message.payload, documentId);
  const source = fromWebhook?.document.source;
  const foreign = source !== undefined && FOREIGN_SOURCES.has(source);
  if (
    !foreign &&
    context.receiveCount < UNKNOWN_DOCUMENT_MAX_RECEIVES &&
    !(await isKnownDocument(ledger, documentId))
  ) {
    throw new DocumentNotYetKnownError(documentId);
  }

  const state =
    fromWebhook ??
    stateFromDocumentResponse(await deps.client.getDocument(documentId, DOCUMENT_STATE_INCLUDES));
  const action =
    event === 'document.extracted' ? await recordExtracted(state, deps) : await recordFailure(state, deps);

  await markEventProcessed(ledger, notificationId, {
    event,
    documentId,
    action,
    processedAt: deps.clock.now(),
  });
  log.info({ action }, 'document event processed');
  return action;
};

export type ReextractAction = 'requested' | 'duplicate' | 'already_final';

/**
 * Asks the service to extract the document again, once per attempt number: the `reextract/<id>/<n>`
 * marker is written after the call, so a crash in between asks twice at worst (the service then counts
 * one more attempt, still bounded by `maxReextracts`), and never zero times.
 */
export const handleReextract = async (
  message: ReextractMessage,
  deps: EventsDeps,
): Promise<ReextractAction> => {
  const { ledger, client, clock, logger } = deps;
  const { documentId, attempt } = message;
  const log = logger.child({ documentId, reextract: attempt });
  if ((await readOutcome(ledger, documentId)) !== undefined) {
    log.info('document reached an outcome meanwhile; re-extraction skipped');
    return 'already_final';
  }
  if (await hasRequestedReextract(ledger, documentId, attempt)) {
    log.debug('re-extraction already requested');
    return 'duplicate';
  }
  await client.reextractDocument(documentId);
  await markReextractRequested(ledger, documentId, attempt, clock.now());
  log.info('re-extraction requested');
  return 'requested';
};

/**
 * Adds a late origin to the document's outcome file. Without an outcome yet there is nothing to do: the
 * writer of the outcome settles the file's origins against the ledger after recording it, and ingest
 * recorded this origin before announcing it. Two of these for one document may run at once, so each
 * checks the ledger again after its write, as the outcome writers do.
 */
export const handleOriginAdded = async (message: OriginAddedMessage, deps: EventsDeps): Promise<boolean> => {
  const { documentId, originId } = message;
  if ((await readOutcome(deps.ledger, documentId)) === undefined) return false;
  // Ingest records `by-doc/` before it announces an origin; without it the file names the service, not us.
  if (!(await isKnownDocument(deps.ledger, documentId))) return false;
  let updated = false;
  const update = async (): Promise<readonly OriginRecord[]> => {
    const provenance = await readProvenance(deps.ledger, documentId);
    if (provenance === undefined) return [];
    const origins = ledgerOrigins(provenance);
    // The digest too: a file written before ingest recorded the document (a restart racing the webhook)
    // has none.
    updated = await deps.sink.updateOrigins(documentId, { sha256: provenance.sha256, origins });
    return origins;
  };
  await settleOrigins(documentId, await update(), deps, update);
  deps.logger.info({ documentId, originId, updated }, 'origin added to the outcome file');
  return updated;
};
