import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/domain/errors.ts';
import { exponentialRetry, scheduledRetry } from '../../../src/runtime/retry-rule.ts';

const NOW = Date.UTC(2026, 0, 1);
const transient = new AppError('service_unavailable', 'try later', { retryable: true });

/** An error as the service client throws it for a 429 with `Retry-After`. */
const throttled = (retryAfterMs: number): AppError & { retryAfterMs: number } =>
  Object.assign(new AppError('rate_limited', 'slow down', { retryable: true }), { retryAfterMs });

describe('exponentialRetry', () => {
  it('doubles the ceiling with each delivery, between half and all of it, up to the cap', () => {
    const low = exponentialRetry({ baseSeconds: 2, maxSeconds: 300, random: () => 0 });
    const high = exponentialRetry({ baseSeconds: 2, maxSeconds: 300, random: () => 1 });
    expect([1, 2, 3, 4].map((attempt) => low(attempt, transient, NOW))).toEqual(
      [1, 2, 4, 8].map((delaySeconds) => ({ kind: 'retry', delaySeconds })),
    );
    expect(high(4, transient, NOW)).toEqual({ kind: 'retry', delaySeconds: 16 });
    expect(high(30, transient, NOW)).toEqual({ kind: 'retry', delaySeconds: 300 });
  });

  it('retries errors that are not AppErrors: unexpected failures are left to the redrive policy', () => {
    const rule = exponentialRetry({ random: () => 0 });
    expect(rule(1, new TypeError('undefined is not a function'), NOW)).toEqual({
      kind: 'retry',
      delaySeconds: 1,
    });
  });

  it('stops on an AppError that is not retryable, with its code and message as the reason', () => {
    const rule = exponentialRetry();
    expect(rule(1, new AppError('validation_failed', 'body is not JSON'), NOW)).toEqual({
      kind: 'stop',
      reason: 'validation_failed: body is not JSON',
    });
  });

  it('waits at least the Retry-After of the error, capped so one answer cannot park a message for long', () => {
    const rule = exponentialRetry({ random: () => 0, maxRetryAfterSeconds: 600 });
    expect(rule(1, throttled(90_000), NOW)).toEqual({ kind: 'retry', delaySeconds: 90 });
    expect(rule(1, throttled(86_400_000), NOW)).toEqual({ kind: 'retry', delaySeconds: 600 });
    expect(rule(8, throttled(1_000), NOW)).toEqual({ kind: 'retry', delaySeconds: 128 });
  });
});

describe('scheduledRetry', () => {
  it('follows its schedule by delivery number, with the same stop and Retry-After rules', () => {
    const rule = scheduledRetry((attempt) => Math.min(60, 5 * 2 ** (attempt - 1)));
    expect([1, 2, 3, 5].map((attempt) => rule(attempt, transient, NOW))).toEqual(
      [5, 10, 20, 60].map((delaySeconds) => ({ kind: 'retry', delaySeconds })),
    );
    expect(rule(1, throttled(30_000), NOW)).toEqual({ kind: 'retry', delaySeconds: 30 });
    expect(rule(1, new AppError('bad_job', 'unreadable'), NOW)).toMatchObject({ kind: 'stop' });
  });
});
