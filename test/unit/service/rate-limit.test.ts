import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/domain/clock.ts';
import { RATE_LIMIT_WINDOW_MS, RollingWindowLimiter } from '../../../src/service/http/rate-limit.ts';

describe('RollingWindowLimiter', () => {
  it('allows `limit` requests per rolling window and says when the oldest leaves it', () => {
    const clock = new ManualClock();
    const limiter = new RollingWindowLimiter(clock);
    const start = clock.now();
    // resetAtMs: when the oldest request counted leaves the window (the X-RateLimit-Reset header).
    expect(limiter.consume('k', 2)).toEqual({ allowed: true, remaining: 1, resetAtMs: start + 60_000 });
    clock.advance(15_000);
    expect(limiter.consume('k', 2)).toEqual({ allowed: true, remaining: 0, resetAtMs: start + 60_000 });
    clock.advance(15_000);
    expect(limiter.consume('k', 2)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    clock.advance(29_999);
    expect(limiter.consume('k', 2)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock.advance(1);
    // The first request is now exactly one window old: it no longer counts.
    expect(limiter.consume('k', 2)).toEqual({ allowed: true, remaining: 0, resetAtMs: start + 75_000 });
  });

  it('is rolling, not fixed: a burst at the end of one minute still counts at the start of the next', () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 0, 0, 59));
    const limiter = new RollingWindowLimiter(clock);
    for (let n = 0; n < 3; n += 1) expect(limiter.consume('k', 3).allowed).toBe(true);
    clock.advance(2_000);
    expect(limiter.consume('k', 3)).toEqual({ allowed: false, retryAfterSeconds: 58 });
  });

  it('does not count refused requests, and keeps keys apart', () => {
    const clock = new ManualClock();
    const limiter = new RollingWindowLimiter(clock);
    expect(limiter.consume('a', 1).allowed).toBe(true);
    for (let n = 0; n < 5; n += 1) expect(limiter.consume('a', 1).allowed).toBe(false);
    expect(limiter.consume('b', 1).allowed).toBe(true);
    clock.advance(RATE_LIMIT_WINDOW_MS);
    expect(limiter.consume('a', 1).allowed).toBe(true);
  });

  it('never advises Retry-After 0', () => {
    const clock = new ManualClock();
    const limiter = new RollingWindowLimiter(clock);
    limiter.consume('k', 1);
    clock.advance(RATE_LIMIT_WINDOW_MS - 1);
    expect(limiter.consume('k', 1)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});
