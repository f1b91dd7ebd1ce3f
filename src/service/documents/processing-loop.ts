import type { Clock } from '../../domain/clock.ts';
import { AppError } from '../../domain/errors.ts';
import type { Logger } from '../../observability/logger.ts';
import { type Consumer, startConsumer } from '../../runtime/consumer.ts';
import { ConsumerStoppingError } from '../../runtime/consumer-errors.ts';
import type { MessageHandler } from '../../runtime/consumer-options.ts';
import type { ConsumerQueue } from '../../runtime/consumer-queue.ts';
import { type RetryRule, scheduledRetry } from '../../runtime/retry-rule.ts';
import { type ExtractionJob, extractionJobSchema } from './extraction-jobs.ts';
import {
  extractionRetryDelaySeconds,
  type JobOutcome,
  MAX_EXTRACTION_RECEIVES,
} from './process-extraction-job.ts';

/** Extraction is CPU-bound and shares the event loop with the API; two at once suits a 2-core machine. */
export const PROCESSING_CONCURRENCY = 2;
/** Hidden this long per receive; the heartbeat extends it while the job runs. */
export const JOB_VISIBILITY_TIMEOUT_SECONDS = 60;
/** Long-poll length; bounds how long stop() waits for the poll to notice on queues it cannot abort. */
const POLL_WAIT_SECONDS = 1;
/** How long stop() lets running jobs finish before handing them back to the queue. */
export const DEFAULT_DRAIN_MS = 10_000;
/**
 * Deliveries before the queue's redrive policy dead-letters a job. Above MAX_EXTRACTION_RECEIVES, so the
 * job's own give-up (an `extractor_error` outcome on the next delivery) always runs first, with one spare.
 */
export const EXTRACTION_MAX_RECEIVE_COUNT = MAX_EXTRACTION_RECEIVES + 2;
/** Where malformed jobs, and jobs whose give-up itself keeps crashing, end with their reason. */
export const EXTRACTION_DEAD_LETTER_QUEUE = 'service-document-extraction-dlq';

export type JobHandler = (
  job: ExtractionJob,
  options: { receiveCount: number; signal: AbortSignal },
) => Promise<JobOutcome>;

/** The extractor crashed on this delivery; the job comes back on the extraction schedule. */
export class ExtractionCrashedError extends AppError {
  constructor() {
    super('extraction_crashed', 'the extraction crashed; the job will be delivered again', {
      retryable: true,
    });
  }
}

/** A body that cannot be parsed now never will: keeping it would redeliver it forever. */
export class MalformedExtractionJobError extends AppError {
  constructor(cause: unknown) {
    super('malformed_extraction_job', 'the extraction job is not a valid job', { cause });
  }
}

/** Crashed jobs wait 5 s, 10 s, 20 s… (at most a minute); malformed ones stop and go to the DLQ. */
export const extractionRetry: RetryRule = scheduledRetry(extractionRetryDelaySeconds);

/** Turns the job handler's outcome into the consumer's contract: resolve when done, throw otherwise. */
export const extractionMessageHandler =
  (handle: JobHandler): MessageHandler =>
  async (message, { signal }) => {
    const outcome = await handle(parseJob(message.body), { receiveCount: message.receiveCount, signal });
    if (outcome === 'retry') throw new ExtractionCrashedError();
    // Abandoned on shutdown (or a handler timeout): never let the job be deleted as if done.
    if (outcome === 'abandoned') throw signal.reason ?? new ConsumerStoppingError();
  };

export interface ExtractionProcessing {
  start(): void;
  /**
   * Stops receiving, lets running jobs finish for up to `drainMs`, then hands the rest back to the queue
   * (visible at once) so that the next start picks them up without waiting for a timeout.
   */
  stop(options?: { drainMs?: number }): Promise<void>;
}

/**
 * Receives extraction jobs on the one queue consumer and runs up to `concurrency` at once. A job is deleted
 * only after its handler says it is done, so a crash at any point leaves it in the queue for redelivery.
 */
export function extractionProcessing(deps: {
  queue: ConsumerQueue;
  handle: JobHandler;
  clock: Clock;
  logger: Logger;
  concurrency?: number;
}): ExtractionProcessing {
  let consumer: Consumer | undefined;
  return {
    start: () => {
      consumer ??= startConsumer({
        queue: deps.queue,
        handler: extractionMessageHandler(deps.handle),
        retry: extractionRetry,
        concurrency: deps.concurrency ?? PROCESSING_CONCURRENCY,
        visibilityTimeoutSeconds: JOB_VISIBILITY_TIMEOUT_SECONDS,
        waitSeconds: POLL_WAIT_SECONDS,
        drainMs: DEFAULT_DRAIN_MS,
        clock: deps.clock,
        logger: deps.logger.child({ module: 'extraction-jobs' }),
      });
    },
    stop: async (options = {}) => {
      await consumer?.stop(options);
    },
  };
}

function parseJob(body: string): ExtractionJob {
  try {
    return extractionJobSchema.parse(JSON.parse(body));
  } catch (error) {
    throw new MalformedExtractionJobError(error);
  }
}
