import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { documentWebhookPayload } from '../../contract/document-webhook.ts';
import type { WebhookEvent } from '../../contract/webhook-events.ts';
import type { Clock } from '../../domain/clock.ts';
import { AppError } from '../../domain/errors.ts';
import type { Logger } from '../../observability/logger.ts';
import { transaction } from '../../store/database.ts';
import type { DeliveryWorker } from './delivery-worker.ts';
import { documentEventPayload } from './document-payload.ts';
import type { NotificationStore } from './notification-store.ts';
import type { WebhookStore } from './webhook-store.ts';

export interface DocumentEventInput {
  accountId: string;
  event: 'document.extracted' | 'document.extraction_failed';
  documentId: string;
  /** Together with the document and the event, identifies the event: publishing it again is a no-op. */
  extractionAttempt: number;
  /** The document, its email submission and its latest representation, as the API serializes them. */
  included: unknown[];
}

/**
 * An event of the common envelope (tracking requests, containers): `payload` builds the body for one
 * notification, given its id, its webhook's id and its creation time (ISO 8601).
 */
export interface ResourceEventInput {
  accountId: string;
  event: WebhookEvent;
  referenceType: string;
  /** Together with the webhook and the event, identifies the event: publishing it again is a no-op. */
  referenceId: string;
  payload: (notification: { id: string; webhookId: string; createdAt: string }) => unknown;
}

export interface Notifier {
  publishDocumentEvent(input: DocumentEventInput): void;
  publishEvent(input: ResourceEventInput): void;
}

export interface NotifierDeps {
  readonly db: DatabaseSync;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly webhooks: WebhookStore;
  readonly notifications: NotificationStore;
  readonly worker: Pick<DeliveryWorker, 'enqueue'>;
}

/**
 * Turns a document event into one notification per subscribed active webhook. Rows are written in one
 * transaction (the caller's, when one is open, so the event commits with the document's outcome); the
 * delivery jobs follow once that transaction has committed, and the worker's sweep sends any job a crash
 * left behind.
 */
export function createNotifier(deps: NotifierDeps): Notifier {
  return {
    publishDocumentEvent(input: DocumentEventInput): void {
      const subscribers = deps.webhooks.subscribers(input.accountId, input.event);
      if (subscribers.length === 0) return;
      const createdAt = deps.clock.now();
      const rows = subscribers.map((webhook) => {
        const id = randomUUID();
        const payload = documentEventPayload({
          notificationId: id,
          event: input.event,
          documentId: input.documentId,
          createdAt: new Date(createdAt).toISOString(),
          included: input.included,
        });
        const checked = documentWebhookPayload.safeParse(payload);
        if (!checked.success) {
          throw new AppError(
            'invalid_webhook_payload',
            `the ${input.event} payload does not match the contract`,
            {
              cause: checked.error,
              details: { documentId: input.documentId, issues: checked.error.issues.slice(0, 5) },
            },
          );
        }
        // Serialized once: every attempt sends these exact bytes, so signatures and dedupe stay stable.
        return { id, webhookId: webhook.id, body: JSON.stringify(payload) };
      });

      insertAndEnqueue(deps, rows, {
        accountId: input.accountId,
        event: input.event,
        referenceType: 'document',
        referenceId: input.documentId,
        extractionAttempt: input.extractionAttempt,
        createdAt,
      });
    },
    publishEvent(input: ResourceEventInput): void {
      const subscribers = deps.webhooks.subscribers(input.accountId, input.event);
      if (subscribers.length === 0) return;
      const createdAt = deps.clock.now();
      const rows = subscribers.map((webhook) => {
        const id = randomUUID();
        const payload = input.payload({
          id,
          webhookId: webhook.id,
          createdAt: new Date(createdAt).toISOString(),
        });
        return { id, webhookId: webhook.id, body: JSON.stringify(payload) };
      });
      insertAndEnqueue(deps, rows, {
        accountId: input.accountId,
        event: input.event,
        referenceType: input.referenceType,
        referenceId: input.referenceId,
        // Resource events happen once each: the reference id alone identifies them.
        extractionAttempt: 0,
        createdAt,
      });
    },
  };
}

/**
 * Writes the notifications (in the caller's transaction when one is open, so the event commits with its
 * cause), then enqueues their deliveries once that transaction has committed.
 */
function insertAndEnqueue(
  deps: NotifierDeps,
  rows: ReadonlyArray<{ id: string; webhookId: string; body: string }>,
  event: {
    accountId: string;
    event: WebhookEvent;
    referenceType: string;
    referenceId: string;
    extractionAttempt: number;
    createdAt: number;
  },
): void {
  const insert = () =>
    rows.filter((row) =>
      deps.notifications.insertIfAbsent({ ...event, id: row.id, webhookId: row.webhookId, body: row.body }),
    );
  const insideCallerTransaction = deps.db.isTransaction;
  const created = insideCallerTransaction ? insert() : transaction(deps.db, insert);
  if (created.length === 0) return;

  const enqueue = (): void => {
    deps.worker.enqueue(created).catch((error: unknown) => {
      deps.logger.warn(
        { err: error, count: created.length },
        'webhook jobs not enqueued; the sweep will retry',
      );
    });
  };
  // A queue send opens its own transaction, which cannot nest in the caller's; a synchronous
  // transaction has committed by the next turn of the event loop.
  if (insideCallerTransaction) setImmediate(enqueue);
  else enqueue();
}
