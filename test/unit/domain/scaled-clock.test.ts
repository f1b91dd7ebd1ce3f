import { expect, test } from 'vitest';
import { ManualClock } from '../../../src/domain/clock.ts';
import { scaledClock } from '../../../src/domain/scaled-clock.ts';

test('a scaled clock runs faster from its creation, and its timers fire sooner by the same factor', () => {
  const base = new ManualClock(1_000_000);
  const fast = scaledClock(base, 60);
  expect(fast.now()).toBe(1_000_000);
  base.advance(1_000);
  expect(fast.now()).toBe(1_060_000);
  let fired = false;
  fast.setTimeout(() => {
    fired = true;
  }, 60_000);
  base.advance(999);
  expect(fired).toBe(false);
  base.advance(1);
  expect(fired).toBe(true);
});

test('scale 1 is the base clock itself; a scale that is not positive is refused', () => {
  const base = new ManualClock();
  expect(scaledClock(base, 1)).toBe(base);
  expect(() => scaledClock(base, 0)).toThrow(RangeError);
  expect(() => scaledClock(base, Number.NaN)).toThrow(RangeError);
});
