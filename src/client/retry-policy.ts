/**
 * When to try a failed call again: a pure function of the attempt, what went wrong, and chance.
 * Exponential backoff with full jitter (AWS Builders' Library), a server's `Retry-After` honoured
 * but capped, so one misbehaving answer cannot park a worker for an hour.
 */
export interface RetryPolicy {
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** The longest `Retry-After` we wait out; longer ones are clipped to this. */
  readonly maxRetryAfterMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 250,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
};

export interface FailedAttempt {
  /** 1 for the first attempt. */
  readonly attempt: number;
  readonly retryable: boolean;
  readonly retryAfterMs?: number | undefined;
}

/** Milliseconds to wait before the next attempt, or `undefined` to give up. */
export const nextDelay = (
  policy: RetryPolicy,
  failure: FailedAttempt,
  random: () => number = Math.random,
): number | undefined => {
  if (!failure.retryable || failure.attempt >= policy.maxAttempts) return undefined;
  if (failure.retryAfterMs !== undefined)
    return Math.min(Math.max(0, failure.retryAfterMs), policy.maxRetryAfterMs);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failure.attempt - 1));
  return Math.round(random() * ceiling);
};

/** `Retry-After` is either delay-seconds or an HTTP date. */
export const parseRetryAfter = (value: string | null, now: number): number | undefined => {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
};
