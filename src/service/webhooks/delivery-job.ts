import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../domain/clock.ts';
import { AppError } from '../../domain/errors.ts';
import type { Logger } from '../../observability/logger.ts';
import { MAX_DELAY_SECONDS } from '../../store/queue-options.ts';
import type { ReceivedMessage } from '../../store/queue-types.ts';
import type { SqliteQueue } from '../../store/sqlite-queue.ts';
import { nextStep } from './delivery-outcome.ts';
import type {
  AttemptRecord,
  AttemptResult,
  NotificationRecord,
  NotificationStore,
} from './notification-store.ts';
import { deliveryHeaders } from './webhook-headers.ts';
import type { Send } from './webhook-sender.ts';
import type { WebhookRecord, WebhookStore } from './webhook-store.ts';

/**
 * Deliveries in flight at once to one webhook. A dead or slow receiver holds at most this many slots for a
 * timeout each, so it can never starve the other webhooks.
 */
export const MAX_IN_FLIGHT_PER_WEBHOOK = 2;
/**
 * Deliveries in flight at once for one account, over all its webhooks: half the pool. An account with many
 * slow or dead receivers (MAX_IN_FLIGHT_PER_WEBHOOK each) would otherwise hold every slot of the pool for a
 * timeout each, and other accounts' webhooks would wait behind them.
 */
export const MAX_IN_FLIGHT_PER_ACCOUNT = 8;
/** A job for a webhook that is at its limit goes back to the queue for this long. */
export const BUSY_WEBHOOK_DEFER_SECONDS = 1;

/** The webhook is at its in-flight limit; the job comes back after BUSY_WEBHOOK_DEFER_SECONDS. */
export class WebhookBusyError extends AppError {
  constructor() {
    super('webhook_busy', 'the webhook has as many deliveries in flight as it may', { retryable: true });
  }
}

/** The queue message: which notification to work on. The notification row holds all the state. */
const deliveryJob = z.object({ notification_id: z.string().min(1), webhook_id: z.string().min(1) });
type DeliveryJob = z.infer<typeof deliveryJob>;

export const deliveryJobBody = (notificationId: string, webhookId: string): string =>
  JSON.stringify({ notification_id: notificationId, webhook_id: webhookId } satisfies DeliveryJob);

const parseJob = (body: string): DeliveryJob | undefined => {
  try {
    const parsed = deliveryJob.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

export interface DeliveryJobDeps {
  readonly queue: SqliteQueue;
  readonly notifications: NotificationStore;
  readonly webhooks: WebhookStore;
  readonly send: Send;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly random: () => number;
  /** How long a claimed attempt keeps others away; longer than any attempt can take. */
  readonly leaseMs: number;
  /** True when the notification's subject is gone (a deleted document): it is then never sent. */
  readonly referenceGone?: (notification: NotificationRecord) => boolean;
}

/**
 * Handles one delivery job: at most one attempt, then the job is acknowledged or rescheduled. A retry is a
 * delayed job; delays longer than the queue allows hop through several messages, each checking the
 * notification's `next_attempt_at`. Jobs are at least once: an attempt first claims the notification, so a
 * duplicate job finds nothing to do and is dropped. `handle` follows the queue consumer's contract: it
 * resolves when the job is done (the consumer deletes it) and throws to have it come back.
 */
export class DeliveryJobHandler {
  private readonly perWebhook = new Map<string, number>();
  private readonly perAccount = new Map<string, number>();

  constructor(private readonly deps: DeliveryJobDeps) {}

  /** `signal` aborts the attempt (shutdown); the job then goes back to the queue unattempted. */
  async handle(message: ReceivedMessage, signal: AbortSignal): Promise<void> {
    const { notifications, webhooks, clock, logger } = this.deps;
    const job = parseJob(message.body);
    if (job === undefined) {
      logger.error({ messageId: message.id }, 'dropping an unreadable webhook delivery job');
      return;
    }
    const notification = notifications.findById(job.notification_id);
    if (notification === undefined || notification.status !== 'pending') return;

    const now = clock.now();
    if (now < notification.nextAttemptAt) {
      await this.schedule(job, notification.nextAttemptAt - now);
      return;
    }
    const webhook = webhooks.findById(notification.webhookId);
    if (webhook === undefined || !webhook.active) {
      const reason = webhook === undefined ? 'the webhook was deleted' : 'the webhook is inactive';
      this.settleUnsent(notification, `not sent: ${reason}`);
      return;
    }
    if (this.deps.referenceGone?.(notification) === true) {
      this.settleUnsent(notification, `not sent: the ${notification.referenceType} was deleted`);
      return;
    }
    if ((this.perWebhook.get(webhook.id) ?? 0) >= MAX_IN_FLIGHT_PER_WEBHOOK) throw new WebhookBusyError();
    if ((this.perAccount.get(webhook.accountId) ?? 0) >= MAX_IN_FLIGHT_PER_ACCOUNT) {
      throw new WebhookBusyError();
    }
    if (!notifications.claim(notification.id, now, now + this.deps.leaseMs)) return;

    increment(this.perWebhook, webhook.id);
    increment(this.perAccount, webhook.accountId);
    try {
      await this.attempt(job, notification, webhook, signal);
    } finally {
      decrement(this.perWebhook, webhook.id);
      decrement(this.perAccount, webhook.accountId);
    }
  }

  private async attempt(
    job: DeliveryJob,
    notification: NotificationRecord,
    webhook: WebhookRecord,
    signal: AbortSignal,
  ): Promise<void> {
    const { notifications, webhooks, clock, logger, random } = this.deps;
    const number = notification.attempts + 1;
    const startedAt = clock.now();
    const headers = deliveryHeaders({
      body: notification.body,
      messageId: notification.id,
      secret: webhook.secret,
      custom: webhook.headers,
      at: new Date(startedAt),
    });
    const result = await this.deps.send({ url: webhook.url, body: notification.body, headers }, signal);
    if (result.aborted) {
      // Shutdown: as far as the receiver can tell no attempt happened; the next run makes it.
      // The consumer hands the job back (or retries it after a handler timeout): it must not be deleted.
      notifications.release(notification.id, clock.now());
      throw signal.reason;
    }
    const finishedAt = clock.now();
    const step = nextStep(
      {
        statusCode: result.statusCode,
        transportError: result.transportError,
        retryAfter: result.responseHeaders?.['retry-after'],
      },
      number,
      random,
      finishedAt,
    );
    const attempt: AttemptRecord = {
      id: randomUUID(),
      notificationId: notification.id,
      attempt: number,
      attemptedAt: startedAt,
      statusCode: result.statusCode,
      error: step.kind === 'succeeded' ? null : step.error,
      durationMs: result.durationMs,
      succeeded: step.kind === 'succeeded',
    };
    const state: AttemptResult =
      step.kind === 'succeeded'
        ? { status: 'succeeded' }
        : step.kind === 'retry'
          ? { status: 'pending', nextAttemptAt: finishedAt + step.delayMs }
          : { status: 'failed' };
    // Deactivate before settling: after a crash in between, the redelivered job finds the webhook inactive.
    if (step.kind === 'gone') webhooks.deactivate(webhook.id, finishedAt);
    notifications.recordAttempt(attempt, state, finishedAt);
    logger.info(
      {
        notificationId: notification.id,
        webhookId: webhook.id,
        attempt: number,
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        outcome: step.kind,
        ...(step.kind === 'succeeded' ? {} : { error: step.error }),
        ...(step.kind === 'retry' ? { retryInMs: step.delayMs } : {}),
      },
      'webhook delivery attempt',
    );
    if (step.kind === 'retry') await this.schedule(job, step.delayMs);
  }

  /** Fails a notification that can no longer be sent, leaving a log entry that says why. */
  private settleUnsent(notification: NotificationRecord, error: string): void {
    const now = this.deps.clock.now();
    this.deps.notifications.recordAttempt(
      {
        id: randomUUID(),
        notificationId: notification.id,
        attempt: notification.attempts + 1,
        attemptedAt: now,
        statusCode: null,
        error,
        durationMs: 0,
        succeeded: false,
      },
      { status: 'failed' },
      now,
    );
    this.deps.logger.info({ notificationId: notification.id, error }, 'webhook notification not sent');
  }

  /** Queues the job again `delayMs` from now, or a hop towards it when the queue cannot wait that long. */
  private async schedule(job: DeliveryJob, delayMs: number): Promise<void> {
    const delaySeconds = Math.min(Math.max(0, delayMs) / 1000, MAX_DELAY_SECONDS);
    await this.deps.queue.send(deliveryJobBody(job.notification_id, job.webhook_id), { delaySeconds });
  }
}

const increment = (counts: Map<string, number>, key: string): void => {
  counts.set(key, (counts.get(key) ?? 0) + 1);
};

const decrement = (counts: Map<string, number>, key: string): void => {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
};
