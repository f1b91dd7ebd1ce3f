const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Wait before each retry: the Standard Webhooks example schedule (5 s … 24 h) stretched to the upstream's
 * 12 retries, about 6.2 days in all, so a receiver that is down over a long weekend still gets the event.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
  24 * HOUR,
  24 * HOUR,
];

/** The upstream documents "up to 12" retries after the first attempt. */
export const MAX_RETRIES = RETRY_DELAYS_MS.length;

/** ±20 % spreads the retries of many notifications that failed together (one receiver outage). */
export const JITTER_RATIO = 0.2;

/**
 * How long to wait after attempt number `attempt` (1 for the first) failed, or `'give_up'` once the
 * retries are spent. `random` returns a number in [0, 1), like `Math.random`.
 */
export function retryDelay(attempt: number, random: () => number): number | 'give_up' {
  if (!Number.isInteger(attempt) || attempt < 1)
    throw new RangeError(`attempt must be 1 or more, got ${attempt}`);
  const base = RETRY_DELAYS_MS[attempt - 1];
  if (base === undefined) return 'give_up';
  const factor = 1 + (2 * random() - 1) * JITTER_RATIO;
  return Math.round(base * factor);
}
