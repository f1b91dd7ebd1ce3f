import { describe, expect, it } from 'vitest';
import {
  JITTER_RATIO,
  MAX_RETRIES,
  RETRY_DELAYS_MS,
  retryDelay,
} from '../../../src/service/webhooks/retry-schedule.ts';

const middle = () => 0.5;
const delays = (random: () => number): number[] =>
  Array.from({ length: MAX_RETRIES }, (_, index) => {
    const delay = retryDelay(index + 1, random);
    if (delay === 'give_up') throw new Error(`gave up at attempt ${index + 1}`);
    return delay;
  });

describe('retryDelay', () => {
  it('allows 12 retries after the first attempt, then gives up', () => {
    expect(MAX_RETRIES).toBe(12);
    expect(delays(middle)).toHaveLength(12);
    expect(retryDelay(MAX_RETRIES + 1, middle)).toBe('give_up');
    expect(retryDelay(100, middle)).toBe('give_up');
  });

  it('follows the stretched Standard Webhooks schedule without jitter at the midpoint', () => {
    expect(delays(middle)).toEqual([...RETRY_DELAYS_MS]);
    expect(RETRY_DELAYS_MS[0]).toBe(5_000);
    expect(RETRY_DELAYS_MS.at(-1)).toBe(24 * 60 * 60 * 1000);
  });

  it('never shortens the wait from one retry to the next for the same jitter', () => {
    for (const random of [() => 0, middle, () => 0.999_999]) {
      const schedule = delays(random);
      for (let index = 1; index < schedule.length; index += 1) {
        expect(schedule[index]).toBeGreaterThanOrEqual(schedule[index - 1] ?? 0);
      }
    }
  });

  it('keeps jitter within ±20 %', () => {
    for (const [index, base] of RETRY_DELAYS_MS.entries()) {
      const low = retryDelay(index + 1, () => 0);
      const high = retryDelay(index + 1, () => 0.999_999_999);
      expect(low).toBe(Math.round(base * (1 - JITTER_RATIO)));
      expect(high).toBeLessThanOrEqual(Math.round(base * (1 + JITTER_RATIO)));
      expect(high).toBeGreaterThan(base);
    }
    for (let n = 0; n < 200; n += 1) {
      const delay = retryDelay(4, Math.random);
      expect(delay).toBeGreaterThanOrEqual(0.8 * 2 * 60 * 60 * 1000);
      expect(delay).toBeLessThanOrEqual(1.2 * 2 * 60 * 60 * 1000);
    }
  });

  it('rejects attempt numbers below 1', () => {
    expect(() => retryDelay(0, middle)).toThrow(RangeError);
    expect(() => retryDelay(1.5, middle)).toThrow(RangeError);
  });
});
