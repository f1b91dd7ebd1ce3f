import type { Clock, Timer } from '../../domain/clock.ts';
import { isAppError } from '../../domain/errors.ts';
import type { Logger } from '../../observability/logger.ts';
import { type Consumer, startConsumer } from '../../runtime/consumer.ts';
import { type RetryRule, scheduledRetry } from '../../runtime/retry-rule.ts';
import type { SqliteQueue } from '../../store/sqlite-queue.ts';
import { BUSY_WEBHOOK_DEFER_SECONDS, type DeliveryJobHandler, deliveryJobBody } from './delivery-job.ts';
import type { NotificationStore } from './notification-store.ts';

/** Deliveries in flight at once, over all webhooks (each webhook also has its own, smaller limit). */
export const MAX_CONCURRENT_DELIVERIES = 16;
/** `stop()` lets in-flight deliveries finish this long before aborting and handing them back. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 5_000;
/** Long-poll length; also bounds how long `stop()` waits for a poll it cannot abort. */
const POLL_WAIT_SECONDS = 1;
/** How often the worker looks for notifications whose first job never reached the queue. */
const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 100;

export interface DeliveryWorkerDeps {
  readonly queue: SqliteQueue;
  readonly notifications: NotificationStore;
  readonly handler: DeliveryJobHandler;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly shutdownGraceMs: number;
  /** How long one attempt may take, bookkeeping included; a job stays hidden that long. */
  readonly attemptBudgetSeconds: number;
}

/**
 * A job for a busy webhook comes back after a short pause. Anything else that fails (a locked database)
 * comes back after a whole attempt budget, as it would from the visibility timeout: the notification's own
 * retry schedule lives in the notification row, not in the job.
 */
export const deliveryRetry = (attemptBudgetSeconds: number): RetryRule => {
  const otherwise = scheduledRetry(() => attemptBudgetSeconds);
  return (attempt, error, now) =>
    isAppError(error) && error.code === 'webhook_busy'
      ? { kind: 'retry', delaySeconds: BUSY_WEBHOOK_DEFER_SECONDS }
      : otherwise(attempt, error, now);
};

/**
 * The delivery jobs on the one queue consumer, with bounded concurrency and a graceful stop, plus a periodic
 * sweep that enqueues notifications whose first job never reached the queue. Restartable.
 */
export class DeliveryWorker {
  private consumer: Consumer | undefined;
  private sweepTimer: Timer | undefined;
  private sweeping: Promise<void> = Promise.resolve();

  constructor(private readonly deps: DeliveryWorkerDeps) {}

  start(): void {
    if (this.consumer !== undefined) return;
    const { queue, handler, clock, logger } = this.deps;
    this.consumer = startConsumer({
      queue,
      handler: (message, { signal }) => handler.handle(message, signal),
      retry: deliveryRetry(this.deps.attemptBudgetSeconds),
      concurrency: MAX_CONCURRENT_DELIVERIES,
      visibilityTimeoutSeconds: this.deps.attemptBudgetSeconds,
      handlerTimeoutSeconds: this.deps.attemptBudgetSeconds,
      waitSeconds: POLL_WAIT_SECONDS,
      drainMs: this.deps.shutdownGraceMs,
      clock,
      logger,
    });
    this.sweep();
  }

  /** Stops polling, lets in-flight deliveries finish within the grace period, then hands the rest back. */
  async stop(): Promise<void> {
    const consumer = this.consumer;
    if (consumer === undefined) return;
    this.consumer = undefined;
    this.deps.clock.clearTimeout(this.sweepTimer);
    // Synchronously up to the consumer's stop, so its grace period starts on the clock right now.
    const stopped = consumer.stop();
    await Promise.all([stopped, this.sweeping]);
  }

  /** Resolves once no delivery is in flight. */
  async idle(): Promise<void> {
    await this.consumer?.onIdle();
  }

  /** Sends the first job of each new notification, then marks it enqueued (the sweep retries otherwise). */
  async enqueue(created: readonly { id: string; webhookId: string }[]): Promise<void> {
    if (created.length === 0) return;
    await this.deps.queue.sendBatch(created.map(({ id, webhookId }) => deliveryJobBody(id, webhookId)));
    this.deps.notifications.markEnqueued(created.map(({ id }) => id));
  }

  /** Runs a sweep now and schedules the next one; a failed sweep is logged and tried again next time. */
  private sweep(): void {
    if (this.consumer === undefined) return;
    this.sweeping = this.sweepOnce().catch((error: unknown) => {
      this.deps.logger.error({ err: error }, 'sweep of unenqueued webhook notifications failed');
    });
    this.sweepTimer = this.deps.clock.setTimeout(
      () => void this.sweeping.then(() => this.sweep()),
      SWEEP_INTERVAL_MS,
      { keepAlive: false },
    );
  }

  private async sweepOnce(): Promise<void> {
    for (;;) {
      const missing = this.deps.notifications.unenqueued(SWEEP_BATCH);
      if (missing.length > 0) {
        this.deps.logger.warn(
          { count: missing.length },
          'enqueueing webhook notifications left without a job',
        );
        await this.enqueue(missing);
      }
      if (missing.length < SWEEP_BATCH) return;
    }
  }
}
