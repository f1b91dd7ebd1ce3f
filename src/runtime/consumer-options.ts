import type { Clock } from '../domain/clock.ts';
import { ValidationError } from '../domain/errors.ts';
import type { Logger } from '../observability/logger.ts';
import { MAX_WAIT_SECONDS } from '../store/queue-options.ts';
import type { ConsumerMessage, ConsumerQueue } from './consumer-queue.ts';
import { exponentialRetry, type RetryRule } from './retry-rule.ts';

export interface HandlerContext {
  /** Aborts when the consumer hands the message back on shutdown, loses it, or the handler runs too long. */
  readonly signal: AbortSignal;
  /** Carries the message id and receive count. */
  readonly logger: Logger;
}

/**
 * The one handler contract: resolve when the message is done (the consumer deletes it); throw to fail it.
 * The error's `retryable` (an `AppError`) and the retry rule decide what happens next.
 */
export type MessageHandler = (message: ConsumerMessage, context: HandlerContext) => Promise<void>;

export interface ConsumerOptions {
  readonly queue: ConsumerQueue;
  readonly handler: MessageHandler;
  /** Messages handled at once. */
  readonly concurrency: number;
  /** Asked for on every receive, and renewed by the heartbeat while a handler runs. */
  readonly visibilityTimeoutSeconds: number;
  /** How often a running message's visibility is renewed; shorter than the timeout. Default a third of it. */
  readonly heartbeatSeconds?: number;
  /** Long poll per receive. Default 20 s (the SQS maximum); stop ends it early on abortable queues. */
  readonly waitSeconds?: number;
  /** A handler running longer gets its signal aborted and its heartbeat stopped. Default 15 minutes. */
  readonly handlerTimeoutSeconds?: number;
  /** What a failure leads to. Default `exponentialRetry()`. */
  readonly retry?: RetryRule;
  /** Pause after a failed receive (the queue's store is busy or unreachable). Default 1 s. */
  readonly receiveErrorPauseMs?: number;
  /** How long `stop()` waits for running handlers before handing their messages back. Default 10 s. */
  readonly drainMs?: number;
  /**
   * Messages claimed beyond the free handler slots, kept to start as slots free up. Default 0. With a
   * queue that has `deleteAndReceive`, each receive then also deletes the messages finished since the
   * last one: a local database pays one commit per `prefetch + 1` messages instead of one per message.
   */
  readonly prefetch?: number;
  /** Runs heartbeats, timeouts, pauses and the drain limit; a `ManualClock` in tests. */
  readonly clock: Clock;
  readonly logger: Logger;
  /** Aborting it stops the consumer as `stop()` does. */
  readonly signal?: AbortSignal;
}

export interface ResolvedConsumerOptions extends Required<Omit<ConsumerOptions, 'signal'>> {
  readonly signal: AbortSignal | undefined;
}

/** More handlers than this would hold more open uploads than a service key is allowed. */
export const MAX_CONCURRENCY = 100;
/** One SQS-sized receive's worth: more would hold messages invisible to other consumers for no gain. */
export const MAX_PREFETCH = 10;
const DEFAULT_HANDLER_TIMEOUT_SECONDS = 15 * 60;
const DEFAULT_RECEIVE_ERROR_PAUSE_MS = 1_000;
const DEFAULT_DRAIN_MS = 10_000;

/** Checks every option and the rules between them, and reports all problems at once. */
export function resolveConsumerOptions(options: ConsumerOptions): ResolvedConsumerOptions {
  const {
    visibilityTimeoutSeconds,
    heartbeatSeconds = visibilityTimeoutSeconds / 3,
    waitSeconds = MAX_WAIT_SECONDS,
    handlerTimeoutSeconds = DEFAULT_HANDLER_TIMEOUT_SECONDS,
    retry = exponentialRetry(),
    receiveErrorPauseMs = DEFAULT_RECEIVE_ERROR_PAUSE_MS,
    drainMs = DEFAULT_DRAIN_MS,
    prefetch = 0,
  } = options;
  const problems: string[] = [];
  const check = (ok: boolean, problem: string): void => {
    if (!ok) problems.push(problem);
  };
  check(
    Number.isInteger(options.concurrency) &&
      options.concurrency >= 1 &&
      options.concurrency <= MAX_CONCURRENCY,
    `concurrency must be an integer from 1 to ${MAX_CONCURRENCY}, got ${options.concurrency}`,
  );
  check(
    isPositive(visibilityTimeoutSeconds),
    `visibilityTimeoutSeconds must be positive, got ${visibilityTimeoutSeconds}`,
  );
  check(
    isPositive(heartbeatSeconds) && heartbeatSeconds < visibilityTimeoutSeconds,
    `heartbeatSeconds must be positive and shorter than visibilityTimeoutSeconds (${visibilityTimeoutSeconds}), ` +
      `got ${heartbeatSeconds}`,
  );
  check(
    waitSeconds >= 0 && waitSeconds <= MAX_WAIT_SECONDS,
    `waitSeconds must be from 0 to ${MAX_WAIT_SECONDS}, got ${waitSeconds}`,
  );
  check(
    isPositive(handlerTimeoutSeconds),
    `handlerTimeoutSeconds must be positive, got ${handlerTimeoutSeconds}`,
  );
  check(receiveErrorPauseMs >= 0, `receiveErrorPauseMs must not be negative, got ${receiveErrorPauseMs}`);
  check(drainMs >= 0, `drainMs must not be negative, got ${drainMs}`);
  check(
    Number.isInteger(prefetch) && prefetch >= 0 && prefetch <= MAX_PREFETCH,
    `prefetch must be an integer from 0 to ${MAX_PREFETCH}, got ${prefetch}`,
  );
  if (problems.length > 0) {
    throw new ValidationError(`invalid queue consumer options: ${problems.join('; ')}`, { problems });
  }
  return {
    ...options,
    heartbeatSeconds,
    waitSeconds,
    handlerTimeoutSeconds,
    retry,
    receiveErrorPauseMs,
    drainMs,
    prefetch,
    signal: options.signal,
  };
}

const isPositive = (value: number): boolean => Number.isFinite(value) && value > 0;
