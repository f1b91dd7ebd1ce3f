import type { ServiceClient } from '../client/service-client.ts';
import type { Config } from '../config/settings.ts';
import type { Logger } from '../observability/logger.ts';
import type { MetricStage, Metrics } from '../observability/metrics.ts';

/**
 * Counts for the live progress line of `stevedore up`. Each is a durable figure of the data dir, the same
 * after a restart: what waits now (queued, processing, dead letters) or a total over its whole history
 * (extracted, failed, duplicates, and `rejected`, the files in `rejected/`).
 */
export interface ProgressCounts {
  /** Files staged and waiting to be handed to the service, now. */
  readonly queued: number;
  /** Handed over and without a final outcome file, now. */
  readonly processing: number;
  /** Outcome files in `results/`, in total. */
  readonly extracted: number;
  /** Outcome files in `failed/`, in total. */
  readonly failed: number;
  /**
   * Files set aside at intake (empty, unsupported) that sit in `rejected/` now, each with its reason
   * file; `stevedore retry rejected` takes them out of the count.
   */
  readonly rejected: number;
  /** Files whose content already had a document, in total. */
  readonly duplicates: number;
  /** Messages that kept failing and sit in a dead-letter queue, now. */
  readonly deadLetters: number;
}

export interface RunningWorker {
  /** Where the service should post webhooks. */
  readonly receiverUrl: string;
  progress(): Promise<ProgressCounts>;
  /** Stops taking work, finishes or hands back what is in flight. */
  stop(): Promise<void>;
}

export interface WorkerInput {
  readonly config: Config;
  readonly client: ServiceClient;
  /** The subscription's secret, looked up on every delivery so a rotated secret applies at once. */
  readonly webhookSecret: () => string;
  readonly logger: Logger;
  /** true only when this process holds the data dir's lock: what a killed run held comes back at once. */
  readonly reclaimInFlight?: boolean;
  /** Each stage's metrics (`up --metrics`); none when absent. */
  readonly metrics?: (stage: MetricStage) => Metrics;
}

/**
 * Starts the worker. The command receives it as a parameter: `src/` never imports `pipeline/`, so
 * the executable's entry point (`bin/stevedore.ts`) passes the pipeline's implementation in.
 */
export type StartWorker = (input: WorkerInput) => Promise<RunningWorker>;
