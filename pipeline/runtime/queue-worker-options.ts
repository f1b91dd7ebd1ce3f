import { ValidationError } from '../../src/domain/errors.ts';
import type { Logger } from '../../src/observability/logger.ts';
import type { Queue, QueueMessage } from '../ports.ts';
import { exponentialBackoff, type RedeliveryBackoff } from './redelivery-backoff.ts';

export interface HandlerContext {
  /** Aborts when the worker hands the message back on shutdown, loses it, or the handler runs too long. */
  readonly signal: AbortSignal;
  /** Carries the message id. */
  readonly logger: Logger;
}

export type MessageHandler = (message: QueueMessage, context: HandlerContext) => Promise<void>;

export interface QueueWorkerOptions {
  readonly queue: Queue;
  /** Resolves when the message is done (it is deleted); throws to have it delivered again. */
  readonly handler: MessageHandler;
  /** Messages handled at once. */
  readonly concurrency: number;
  /** Asked for on every receive, and renewed by the heartbeat while a handler runs. */
  readonly visibilityTimeoutSeconds: number;
  /** How often a running message's visibility is renewed; shorter than the timeout. Default a third of it. */
  readonly heartbeatSeconds?: number;
  /** Long poll per receive. Default 20 s (the SQS maximum); shutdown ends it early on abortable adapters. */
  readonly waitSeconds?: number;
  /**
   * A handler running longer than this gets its signal aborted and its heartbeat stopped, so the message
   * reappears for another try; it bounds a stuck handler. Default 15 minutes.
   */
  readonly handlerTimeoutSeconds?: number;
  /** Visibility given to a failed message. Default exponential from 2 s to 5 min. */
  readonly backoff?: RedeliveryBackoff;
  /** Pause after a failed receive (the queue's store is busy or unreachable). */
  readonly receiveErrorPauseMs?: number;
  readonly logger: Logger;
  /** Aborting it stops the worker as `stop()` does, with `drainMs`. */
  readonly signal?: AbortSignal;
  /** How long a stop triggered by `signal` waits for running handlers. Default 10 s. */
  readonly drainMs?: number;
}

export interface ResolvedWorkerOptions extends Required<Omit<QueueWorkerOptions, 'signal'>> {
  readonly signal: AbortSignal | undefined;
}

/** SQS returns at most 10 messages per receive. */
export const MAX_RECEIVE_BATCH = 10;
/** A worker with more handlers than this would hold more open uploads than a service key is allowed. */
const MAX_CONCURRENCY = 100;

/** Checks every option and the rules between them, and reports all problems at once. */
export function resolveWorkerOptions(options: QueueWorkerOptions): ResolvedWorkerOptions {
  const {
    visibilityTimeoutSeconds,
    heartbeatSeconds = visibilityTimeoutSeconds / 3,
    waitSeconds = 20,
    handlerTimeoutSeconds = 15 * 60,
    backoff = exponentialBackoff(),
    receiveErrorPauseMs = 1_000,
    drainMs = 10_000,
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
  check(waitSeconds >= 0 && waitSeconds <= 20, `waitSeconds must be from 0 to 20, got ${waitSeconds}`);
  check(
    isPositive(handlerTimeoutSeconds),
    `handlerTimeoutSeconds must be positive, got ${handlerTimeoutSeconds}`,
  );
  check(receiveErrorPauseMs >= 0, `receiveErrorPauseMs must not be negative, got ${receiveErrorPauseMs}`);
  check(drainMs >= 0, `drainMs must not be negative, got ${drainMs}`);
  if (problems.length > 0) {
    throw new ValidationError(`invalid queue worker options: ${problems.join('; ')}`, { problems });
  }
  return {
    ...options,
    heartbeatSeconds,
    waitSeconds,
    handlerTimeoutSeconds,
    backoff,
    receiveErrorPauseMs,
    drainMs,
    signal: options.signal,
  };
}

const isPositive = (value: number): boolean => Number.isFinite(value) && value > 0;
