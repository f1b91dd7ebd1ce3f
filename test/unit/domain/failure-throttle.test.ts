import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/domain/clock.ts';
import { FailureThrottle } from '../../../src/domain/failure-throttle.ts';

describe('FailureThrottle', () => {
  it('refuses a client once it has `limit` failures in the window, until the oldest ages out', () => {
    const clock = new ManualClock();
    const throttle = new FailureThrottle(clock, 3, 60_000);
    for (let index = 0; index < 3; index += 1) {
      expect(throttle.retryAfterSeconds('a')).toBeUndefined();
      throttle.failed('a');
      clock.advance(10_000);
    }
    // Failures at 0, 10 and 20 s; now 30 s: the one at 0 s ages out at 60 s.
    expect(throttle.retryAfterSeconds('a')).toBe(30);
    expect(throttle.retryAfterSeconds('b')).toBeUndefined();
    clock.advance(30_000);
    expect(throttle.retryAfterSeconds('a')).toBeUndefined();
  });

  it('never says retry after 0 seconds, and forgets a client that succeeded', () => {
    const clock = new ManualClock();
    const throttle = new FailureThrottle(clock, 1, 1_000);
    throttle.failed('a');
    clock.advance(999);
    expect(throttle.retryAfterSeconds('a')).toBe(1);
    throttle.succeeded('a');
    expect(throttle.retryAfterSeconds('a')).toBeUndefined();
  });

  it('keeps memory bounded: a client cycling through addresses cannot grow it past its cap', () => {
    const clock = new ManualClock();
    const throttle = new FailureThrottle(clock, 1, 60_000);
    throttle.failed('first');
    for (let index = 0; index < 10_000; index += 1) throttle.failed(`spray-${index}`);
    // The stalest client was forgotten to make room; the newest are still counted.
    expect(throttle.retryAfterSeconds('first')).toBeUndefined();
    expect(throttle.retryAfterSeconds('spray-9999')).toBe(60);
  });
});
