import type { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import type { Metrics as PowertoolsMetrics } from '@aws-lambda-powertools/metrics';
import type { Clock } from '../../src/domain/clock.ts';
import type { LogLevel } from '../../src/observability/logger.ts';
import type { ConsumerQueue } from '../../src/runtime/consumer-queue.ts';
import type { RetryRule } from '../../src/runtime/retry-rule.ts';

/** What every handler factory takes besides its ports: Powertools' logger and metrics, and a clock. */
export interface HandlerKit {
  /** Built once per function by the composition root (`serviceName: 'stevedore'`). */
  readonly logger: PowertoolsLogger;
  /** Built once per function (`namespace: 'Stevedore'`, default dimension `stage`). */
  readonly metrics: PowertoolsMetrics;
  readonly clock: Clock;
  /** The stages' own log level; Powertools' `POWERTOOLS_LOG_LEVEL` still filters after it. */
  readonly logLevel?: LogLevel;
}

/** The queue an SQS-fed function consumes: the visibility calls of its records (SQS has no dead-letter call). */
export type SourceQueue = Pick<ConsumerQueue, 'changeVisibility' | 'moveToDeadLetter'>;

export interface SqsHandlerTuning {
  /** The queue's visibility timeout; the heartbeat renews it for this long. */
  readonly visibilityTimeoutSeconds: number;
  /** The project's retry schedule for failed records; `exponentialRetry()` by default. */
  readonly retry?: RetryRule;
  /** A record is not started with less of the invocation left than this. */
  readonly minTimeLeftMs?: number;
}

/**
 * Room for one upload of a large file on a slow link plus its ledger writes; a record started with less
 * would likely be cut by the timeout, which redelivers the whole batch.
 */
export const DEFAULT_MIN_TIME_LEFT_MS = 30_000;

/**
 * A client built from a secret read at run time, rebuilt only when the secret changes (a rotation): the
 * secret comes from the parameters cache, so this costs a lookup per record, not a request.
 */
export const clientForSecret = <C>(
  secret: () => Promise<string>,
  build: (secret: string) => C,
): (() => Promise<C>) => {
  let current: { secret: string; client: C } | undefined;
  return async () => {
    const value = await secret();
    if (current?.secret !== value) current = { secret: value, client: build(value) };
    return current.client;
  };
};
