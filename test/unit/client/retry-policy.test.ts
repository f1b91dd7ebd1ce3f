import { describe, expect, it } from 'vitest';
import { defaultRetryPolicy, nextDelay, parseRetryAfter } from '../../../src/client/retry-policy.ts';

describe('nextDelay', () => {
  const policy = defaultRetryPolicy;

  it('gives up on errors that are not retryable', () => {
    expect(nextDelay(policy, { attempt: 1, retryable: false })).toBeUndefined();
  });

  it('gives up after the last attempt', () => {
    expect(nextDelay(policy, { attempt: policy.maxAttempts, retryable: true })).toBeUndefined();
  });

  it('grows the jitter ceiling exponentially up to the cap', () => {
    const ceilings = [1, 2, 3, 4].map((attempt) => nextDelay(policy, { attempt, retryable: true }, () => 1));
    expect(ceilings).toEqual([250, 500, 1000, 2000]);
    const capped = nextDelay({ ...policy, maxAttempts: 20 }, { attempt: 19, retryable: true }, () => 1);
    expect(capped).toBe(policy.maxDelayMs);
  });

  it('draws full jitter between zero and the ceiling', () => {
    expect(nextDelay(policy, { attempt: 3, retryable: true }, () => 0)).toBe(0);
    expect(nextDelay(policy, { attempt: 3, retryable: true }, () => 0.5)).toBe(500);
  });

  it('honours Retry-After but caps it', () => {
    expect(nextDelay(policy, { attempt: 1, retryable: true, retryAfterMs: 3_000 })).toBe(3_000);
    expect(nextDelay(policy, { attempt: 1, retryable: true, retryAfterMs: 3_600_000 })).toBe(
      policy.maxRetryAfterMs,
    );
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  it('reads delay-seconds', () => expect(parseRetryAfter('7', now)).toBe(7_000));
  it('reads an HTTP date', () =>
    expect(parseRetryAfter(new Date(now + 30_000).toUTCString(), now)).toBe(30_000));
  it('ignores garbage and absence', () => {
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
