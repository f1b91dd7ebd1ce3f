import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '../../observability/logger.ts';
import type { ReceivedMessage, SqliteQueue } from '../../store/sqlite-queue.ts';
import { type ExtractionJob, extractionJobSchema } from './extraction-jobs.ts';
import { extractionRetryDelaySeconds, type JobOutcome } from './process-extraction-job.ts';

/** Extraction is CPU-bound and shares the event loop with the API; two at once suits a 2-core machine. */
export const PROCESSING_CONCURRENCY = 2;
/** Hidden this long per receive; the heartbeat extends it while the job runs. */
export const JOB_VISIBILITY_TIMEOUT_SECONDS = 60;
/** Well inside the visibility timeout, so one late beat does not let another consumer take the job. */
const HEARTBEAT_INTERVAL_MS = (JOB_VISIBILITY_TIMEOUT_SECONDS * 1000) / 3;
/** Long-poll length; bounds how long stop() waits for the poll to notice. */
const POLL_WAIT_SECONDS = 1;
/** Pause after a failed receive (locked database, say) before polling again. */
const RECEIVE_ERROR_PAUSE_MS = 1_000;
/** How long stop() lets running jobs finish before handing them back to the queue. */
export const DEFAULT_DRAIN_MS = 10_000;

export type JobHandler = (
  job: ExtractionJob,
  options: { receiveCount: number; signal: AbortSignal },
) => Promise<JobOutcome>;

/**
 * Receives extraction jobs and runs up to `concurrency` at once. A job is deleted only after its handler
 * says it is done, so a crash at any point leaves it in the queue for redelivery.
 */
export class ProcessingLoop {
  private readonly running = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private readonly abandon = new AbortController();
  private readonly inFlight = new Map<string, ReceivedMessage>();
  private loop: Promise<void> | undefined;

  constructor(
    private readonly deps: {
      queue: Pick<SqliteQueue, 'receive' | 'delete' | 'changeVisibility'>;
      handle: JobHandler;
      logger: Logger;
      concurrency?: number;
    },
  ) {}

  start(): void {
    this.loop ??= this.run();
  }

  /**
   * Stops receiving, lets running jobs finish for up to `drainMs`, then hands the rest back to the queue
   * (visible at once) so that the next start picks them up without waiting for a timeout.
   */
  async stop(options: { drainMs?: number } = {}): Promise<void> {
    const { drainMs = DEFAULT_DRAIN_MS } = options;
    this.stopping.abort();
    await this.loop;
    const drained = Promise.allSettled([...this.running]).then(() => true);
    const timer = new AbortController();
    const finished = await Promise.race([
      drained,
      delay(drainMs, false, { signal: timer.signal }).catch(() => false),
    ]);
    timer.abort();
    if (finished) return;
    this.abandon.abort();
    for (const message of this.inFlight.values()) {
      await this.deps.queue.changeVisibility(message.receiptHandle, 0).catch((error: unknown) => {
        this.deps.logger.warn({ err: error, messageId: message.id }, 'could not hand a job back');
      });
    }
  }

  private async run(): Promise<void> {
    const concurrency = this.deps.concurrency ?? PROCESSING_CONCURRENCY;
    const signal = this.stopping.signal;
    while (!signal.aborted) {
      if (this.running.size >= concurrency) {
        await Promise.race(this.running);
        continue;
      }
      let messages: ReceivedMessage[];
      try {
        messages = await this.deps.queue.receive({
          maxMessages: Math.min(10, concurrency - this.running.size),
          waitSeconds: POLL_WAIT_SECONDS,
          visibilityTimeoutSeconds: JOB_VISIBILITY_TIMEOUT_SECONDS,
          signal,
        });
      } catch (error) {
        this.deps.logger.error({ err: error }, 'could not receive extraction jobs');
        await delay(RECEIVE_ERROR_PAUSE_MS, undefined, { signal }).catch(() => undefined);
        continue;
      }
      for (const message of messages) {
        const task = this.process(message).finally(() => this.running.delete(task));
        this.running.add(task);
      }
    }
  }

  private async process(message: ReceivedMessage): Promise<void> {
    const { queue, logger } = this.deps;
    const parsed = safeJob(message.body);
    if (parsed === undefined) {
      // A body that cannot be parsed now never will be: keeping it would redeliver it forever.
      logger.error(
        { messageId: message.id, body: message.body.slice(0, 200) },
        'dropping malformed extraction job',
      );
      await queue.delete(message.receiptHandle).catch(() => undefined);
      return;
    }
    this.inFlight.set(message.id, message);
    const heartbeat = setInterval(() => {
      queue
        .changeVisibility(message.receiptHandle, JOB_VISIBILITY_TIMEOUT_SECONDS)
        .catch((error: unknown) => {
          logger.warn({ err: error, messageId: message.id }, 'heartbeat failed');
        });
    }, HEARTBEAT_INTERVAL_MS);
    heartbeat.unref();
    let outcome: JobOutcome;
    try {
      outcome = await this.deps.handle(parsed, {
        receiveCount: message.receiveCount,
        signal: this.abandon.signal,
      });
    } catch (error) {
      logger.error({ err: error, messageId: message.id }, 'extraction job failed');
      outcome = 'retry';
    } finally {
      clearInterval(heartbeat);
    }
    // Once abandoned, stop() has handed the job back and the database may be closed: touch nothing.
    if (outcome === 'abandoned' || this.abandon.signal.aborted) return;
    this.inFlight.delete(message.id);
    try {
      if (outcome === 'done') await queue.delete(message.receiptHandle);
      else
        await queue.changeVisibility(
          message.receiptHandle,
          extractionRetryDelaySeconds(message.receiveCount),
        );
    } catch (error) {
      // Stale handle: the job outlived its visibility and someone else holds it; their run is idempotent.
      logger.warn({ err: error, messageId: message.id, outcome }, 'could not settle extraction job');
    }
  }
}

function safeJob(body: string): ExtractionJob | undefined {
  try {
    return extractionJobSchema.safeParse(JSON.parse(body)).data;
  } catch {
    return undefined;
  }
}
