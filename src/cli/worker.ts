import type { ServiceClient } from '../client/service-client.ts';
import type { Config } from '../config/settings.ts';
import type { Logger } from '../observability/logger.ts';

/** Counts per state, for the live progress line of `stevedore up`. */
export interface ProgressCounts {
  /** Files staged and waiting to be handed to the service. */
  readonly queued: number;
  /** Handed over, waiting for an extraction outcome. */
  readonly processing: number;
  readonly extracted: number;
  readonly failed: number;
  /** Set aside at intake (empty, unsupported). */
  readonly rejected: number;
  /** Origins whose content the service already had. */
  readonly duplicates: number;
  /** Messages that kept failing and sit in a dead-letter queue. */
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
}

/**
 * Starts the worker. The command receives it as a parameter: `src/` never imports `pipeline/`, so
 * the executable's entry point (`bin/stevedore.ts`) passes the pipeline's implementation in.
 */
export type StartWorker = (input: WorkerInput) => Promise<RunningWorker>;
