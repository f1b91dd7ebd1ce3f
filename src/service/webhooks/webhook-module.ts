import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import type { Clock } from '../../domain/clock.ts';
import { ValidationError } from '../../domain/errors.ts';
import type { Logger } from '../../observability/logger.ts';
import { migrate } from '../../store/database.ts';
import { SqliteQueue } from '../../store/sqlite-queue.ts';
import type { ServiceEnv } from '../http/env.ts';
import { DeliveryJobHandler } from './delivery-job.ts';
import { DEFAULT_SHUTDOWN_GRACE_MS, DeliveryWorker } from './delivery-worker.ts';
import { eventRoutes } from './event-routes.ts';
import { type FindReference, notificationRoutes } from './notification-routes.ts';
import { type NotificationRecord, NotificationStore } from './notification-store.ts';
import { createNotifier, type Notifier } from './notifier.ts';
import { senderIpsRoute } from './sender-ips-route.ts';
import { createTargetAgents, type PrivateOrigins } from './target-guard.ts';
import { triggerRoute } from './trigger-route.ts';
import { webhookRoutes } from './webhook-routes.ts';
import { createSender, DEFAULT_DELIVERY_TIMEOUT_MS } from './webhook-sender.ts';
import { WebhookStore } from './webhook-store.ts';
import { WEBHOOK_MIGRATION_NAMESPACE, WEBHOOK_MIGRATIONS } from './webhook-tables.ts';

export type { DocumentEventInput, Notifier } from './notifier.ts';

/** The queue of delivery jobs, in the shared queue table. */
export const DELIVERY_QUEUE_NAME = 'webhook-deliveries';

/** A receiver may take at most this long; longer would pin delivery slots for minutes. */
const MAX_DELIVERY_TIMEOUT_MS = 60_000;

export interface WebhookModuleDeps {
  db: DatabaseSync;
  clock: Clock;
  logger: Logger;
  /** The `--allow-private-webhooks` mode: loopback and private targets may receive deliveries. */
  allowPrivateTargets: boolean;
  /** Private origins allowed anyway (the worker's own receiver under `stevedore up`). */
  privateOrigins?: PrivateOrigins;
  /** Jitter source, [0, 1); Math.random by default. */
  random?: () => number;
  /** How long a receiver has to answer; DEFAULT_DELIVERY_TIMEOUT_MS by default. */
  deliveryTimeoutMs?: number;
  /** How long `stop()` lets in-flight deliveries finish before handing them back. */
  shutdownGraceMs?: number;
  /** The resource a notification is about, for `include=reference_object`; none included without it. */
  findReference?: FindReference;
}

export interface WebhookModule {
  /** Routes relative to `/v2`; expects `account` to be set by the auth middleware. */
  router: Hono<ServiceEnv>;
  notifier: Notifier;
  /**
   * Gives back the claims of attempts a killed run left, so their deliveries go out as soon as their jobs
   * return. Only under the data dir's lock: another live process may be holding a claim otherwise.
   */
  releaseLeases(): number;
  /** Starts the delivery loop. */
  start(): void;
  /** Stops polling; in-flight deliveries finish within the grace period or go back to the queue. */
  stop(): Promise<void>;
  /** Resolves once no delivery is in flight (tests, and callers that drain before closing the database). */
  idle(): Promise<void>;
}

export function createWebhookModule(deps: WebhookModuleDeps): WebhookModule {
  const timeoutMs = deps.deliveryTimeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_DELIVERY_TIMEOUT_MS) {
    throw new ValidationError(`deliveryTimeoutMs must be an integer from 1 to ${MAX_DELIVERY_TIMEOUT_MS}`, {
      option: 'deliveryTimeoutMs',
      value: timeoutMs,
    });
  }
  migrate(deps.db, WEBHOOK_MIGRATION_NAMESPACE, WEBHOOK_MIGRATIONS);
  const logger = deps.logger.child({ module: 'webhooks' });
  const webhooks = new WebhookStore(deps.db);
  const notifications = new NotificationStore(deps.db);
  const policy = { allowPrivate: deps.allowPrivateTargets, origins: deps.privateOrigins };
  const send = createSender(createTargetAgents(policy), timeoutMs);
  // An attempt waits at most one timeout for the response head and one for the body; a minute on top
  // covers the bookkeeping. Until then neither the job nor the notification goes to anyone else.
  const attemptBudgetSeconds = Math.ceil((2 * timeoutMs) / 1000) + 60;
  const queue = new SqliteQueue(deps.db, {
    name: DELIVERY_QUEUE_NAME,
    visibilityTimeoutSeconds: attemptBudgetSeconds,
    clock: deps.clock,
  });
  const { findReference } = deps;
  const handler = new DeliveryJobHandler({
    queue,
    notifications,
    webhooks,
    send,
    clock: deps.clock,
    logger,
    random: deps.random ?? Math.random,
    leaseMs: attemptBudgetSeconds * 1000,
    ...(findReference === undefined
      ? {}
      : {
          referenceGone: (n: NotificationRecord) =>
            findReference(n.accountId, n.referenceType, n.referenceId) === undefined,
        }),
  });
  const worker = new DeliveryWorker({
    queue,
    notifications,
    handler,
    clock: deps.clock,
    logger,
    shutdownGraceMs: deps.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS,
    attemptBudgetSeconds,
  });

  const router = new Hono<ServiceEnv>();
  // The fixed paths go first: `/webhooks/:id` would otherwise take "events" for an id.
  router.route('/webhooks', eventRoutes());
  router.route('/webhooks', senderIpsRoute());
  router.route('/webhooks', triggerRoute({ send, clock: deps.clock }));
  router.route('/webhooks', webhookRoutes({ webhooks, clock: deps.clock, policy }));
  router.route(
    '/webhook_notifications',
    notificationRoutes({
      notifications,
      webhooks,
      ...(deps.findReference === undefined ? {} : { findReference: deps.findReference }),
    }),
  );

  return {
    router,
    notifier: createNotifier({ db: deps.db, clock: deps.clock, logger, webhooks, notifications, worker }),
    releaseLeases: () => notifications.releaseAll(deps.clock.now()),
    start: () => worker.start(),
    stop: () => worker.stop(),
    idle: () => worker.idle(),
  };
}
