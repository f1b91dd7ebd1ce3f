import { isAppError } from '../domain/errors.ts';
import { isNotReady } from './not-ready.ts';

/** What to do with a message whose handler failed: hide it for a while, or stop trying. */
export type RetryDecision =
  | { readonly kind: 'retry'; readonly delaySeconds: number }
  | { readonly kind: 'stop'; readonly reason: string };

/**
 * A pure rule from the delivery number (1 on the first), the handler's error and the time to a decision.
 * The local consumer and the Lambda batch path share it, so a deployed function retries on the same
 * schedule as the local run.
 */
export type RetryRule = (attempt: number, error: unknown, now: number) => RetryDecision;

export interface ExponentialRetryOptions {
  readonly baseSeconds?: number;
  /** Caps the delay; with the queue's maxReceiveCount it bounds how long a poison message takes to the DLQ. */
  readonly maxSeconds?: number;
  /** The longest `Retry-After` honoured; one misbehaving answer must not park a message for hours. */
  readonly maxRetryAfterSeconds?: number;
  readonly random?: () => number;
}

/** SQS's longest visibility timeout is 12 hours; an hour is already far past any upstream's Retry-After. */
const DEFAULT_MAX_RETRY_AFTER_SECONDS = 60 * 60;

/**
 * Doubles the delay with each delivery, with "equal jitter" (half fixed, half random) so that messages that
 * failed together, during an outage, do not all come back at the same instant. A `retryAfterMs` on the
 * error (the service's `Retry-After`) is honoured, capped. An `AppError` that is not retryable stops.
 */
export function exponentialRetry(options: ExponentialRetryOptions = {}): RetryRule {
  const {
    baseSeconds = 2,
    maxSeconds = 300,
    maxRetryAfterSeconds = DEFAULT_MAX_RETRY_AFTER_SECONDS,
    random = Math.random,
  } = options;
  return (attempt, error) => {
    const wait = expectedWait(error);
    if (wait !== undefined) return wait;
    const stop = stopReason(error);
    if (stop !== undefined) return stop;
    const ceiling = Math.min(maxSeconds, baseSeconds * 2 ** Math.max(0, attempt - 1));
    const jittered = ceiling / 2 + (random() * ceiling) / 2;
    return { kind: 'retry', delaySeconds: withRetryAfter(jittered, error, maxRetryAfterSeconds) };
  };
}

/** A fixed schedule by delivery number, e.g. extraction's 5 s, 10 s, 20 s…; same stop and Retry-After rules. */
export function scheduledRetry(
  delaySeconds: (attempt: number) => number,
  options: { readonly maxRetryAfterSeconds?: number } = {},
): RetryRule {
  const { maxRetryAfterSeconds = DEFAULT_MAX_RETRY_AFTER_SECONDS } = options;
  return (attempt, error) =>
    expectedWait(error) ??
    stopReason(error) ?? {
      kind: 'retry',
      delaySeconds: withRetryAfter(delaySeconds(attempt), error, maxRetryAfterSeconds),
    };
}

/** A `NotReadyError` is an expected wait: it comes back after its own short delay, without backoff. */
function expectedWait(error: unknown): RetryDecision | undefined {
  return isNotReady(error) ? { kind: 'retry', delaySeconds: error.retryAfterSeconds } : undefined;
}

/**
 * Errors that are not `AppError`s are unexpected (a bug, a dropped connection) and retried: the queue's
 * redrive policy bounds them. An `AppError` says itself whether another try can help.
 */
function stopReason(error: unknown): RetryDecision | undefined {
  if (!isAppError(error) || error.retryable) return undefined;
  return { kind: 'stop', reason: `${error.code}: ${error.message}` };
}

function withRetryAfter(delaySeconds: number, error: unknown, maxRetryAfterSeconds: number): number {
  const retryAfter = retryAfterSeconds(error);
  if (retryAfter === undefined) return delaySeconds;
  return Math.max(delaySeconds, Math.min(retryAfter, maxRetryAfterSeconds));
}

const retryAfterSeconds = (error: unknown): number | undefined => {
  if (typeof error !== 'object' || error === null || !('retryAfterMs' in error)) return undefined;
  const { retryAfterMs } = error;
  return typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs)
    ? Math.max(0, retryAfterMs) / 1000
    : undefined;
};
