import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../../domain/clock.ts';
import type { Logger } from '../../observability/logger.ts';
import { MAX_RECEIVE_MESSAGES } from '../../store/queue-options.ts';
import type { ReceivedMessage, SqliteQueue } from '../../store/sqlite-queue.ts';
import { type DeliveryJobHandler, deliveryJobBody } from './delivery-job.ts';
import type { NotificationStore } from './notification-store.ts';

/** Deliveries in flight at once, over all webhooks (each webhook also has its own, smaller limit). */
export const MAX_CONCURRENT_DELIVERIES = 16;
/** `stop()` lets in-flight deliveries finish this long before aborting and handing them back. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 5_000;
/** Long-poll length; also bounds how long `stop()` waits for the loop to notice. */
const POLL_WAIT_SECONDS = 1;
/** Pause after an unexpected loop failure (a locked database), so the loop does not spin. */
const LOOP_ERROR_PAUSE_MS = 1_000;
/** How often the loop looks for notifications whose first job never reached the queue. */
const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 100;

export interface DeliveryWorkerDeps {
  readonly queue: SqliteQueue;
  readonly notifications: NotificationStore;
  readonly handler: DeliveryJobHandler;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly shutdownGraceMs: number;
}

/** Settles when `signal` aborts; never rejects. */
const aborted = (signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });

/** The delivery loop: receives jobs with bounded concurrency, and stops gracefully. */
export class DeliveryWorker {
  private readonly inFlight = new Set<Promise<void>>();
  private polling = new AbortController();
  private deliveries = new AbortController();
  private loop: Promise<void> | undefined;
  /** Settles when `stop()` is called; one per run, so waiting on it repeatedly adds no listeners. */
  private stopping: Promise<void> = Promise.resolve();
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(private readonly deps: DeliveryWorkerDeps) {}

  start(): void {
    if (this.loop !== undefined) return;
    this.polling = new AbortController();
    this.deliveries = new AbortController();
    this.lastSweep = Number.NEGATIVE_INFINITY;
    this.stopping = aborted(this.polling.signal);
    this.loop = this.run(this.polling.signal);
  }

  /** Stops polling, lets in-flight deliveries finish within the grace period, then hands the rest back. */
  async stop(): Promise<void> {
    if (this.loop === undefined) return;
    this.polling.abort();
    await this.loop;
    this.loop = undefined;
    if (this.inFlight.size === 0) return;
    const grace = new AbortController();
    await Promise.race([
      Promise.all(this.inFlight),
      sleep(this.deps.shutdownGraceMs, undefined, { signal: grace.signal }).catch(() => undefined),
    ]);
    grace.abort();
    this.deliveries.abort();
    await Promise.all(this.inFlight);
  }

  /** Resolves once no delivery is in flight. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  /** Sends the first job of each new notification, then marks it enqueued (the sweep retries otherwise). */
  async enqueue(created: readonly { id: string; webhookId: string }[]): Promise<void> {
    if (created.length === 0) return;
    await this.deps.queue.sendBatch(created.map(({ id, webhookId }) => deliveryJobBody(id, webhookId)));
    this.deps.notifications.markEnqueued(created.map(({ id }) => id));
  }

  private async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        await this.sweepIfDue();
        const room = MAX_CONCURRENT_DELIVERIES - this.inFlight.size;
        if (room <= 0) {
          await Promise.race([...this.inFlight, this.stopping]);
          continue;
        }
        const messages = await this.deps.queue.receive({
          maxMessages: Math.min(room, MAX_RECEIVE_MESSAGES),
          waitSeconds: POLL_WAIT_SECONDS,
          signal,
        });
        for (const message of messages) this.track(message);
      } catch (error) {
        this.deps.logger.error({ err: error }, 'webhook delivery loop failed; pausing');
        await sleep(LOOP_ERROR_PAUSE_MS, undefined, { signal }).catch(() => undefined);
      }
    }
  }

  private async sweepIfDue(): Promise<void> {
    const now = this.deps.clock.now();
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
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

  private track(message: ReceivedMessage): void {
    const task: Promise<void> = this.deps.handler
      .handle(message, this.deliveries.signal)
      .catch((error: unknown) => {
        // The message stays in the queue and comes back after its visibility timeout.
        this.deps.logger.error({ err: error, messageId: message.id }, 'webhook delivery job failed');
      })
      .finally(() => this.inFlight.delete(task));
    this.inFlight.add(task);
  }
}
