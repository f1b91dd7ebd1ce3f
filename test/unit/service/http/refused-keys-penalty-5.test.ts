import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../src/domain/clock.ts';
import {
  FREE_REFUSALS,
  MAX_HELD_REFUSALS,
  MAX_REFUSAL_HOLD_MS,
  MAX_REFUSED_KEYS_PER_MINUTE,
  REFUSAL_PENALTY_BASE_MS,
  RefusedKeys,
} from '../../../../src/service/http/refused-keys.ts';

/**
 * Abuse probe round 5: a key guesser that ignored 429 kept getting its answers (every key is still looked
 * up, so that a real key from the same address is served) as fast as it sent. Past FREE_REFUSALS 429s the
 * address's refusals are now held, answered one at a time at a doubling pace.
 */
const refuse = (keys: RefusedKeys, address: string): void => {
  for (let i = 0; i < MAX_REFUSED_KEYS_PER_MINUTE; i += 1) keys.failed(address);
  expect(keys.retryAfterSeconds(address)).toBeDefined();
};

/** Resolves the holds as they are answered, recording the order. */
const track = (holds: Promise<boolean>[]) => {
  const answered: number[] = [];
  holds.forEach((hold, index) => {
    void hold.then(() => answered.push(index));
  });
  return answered;
};
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('RefusedKeys.hold', () => {
  it('answers the first refusals at once, then one at a time at a doubling pace, whatever the concurrency', async () => {
    const clock = new ManualClock();
    const keys = new RefusedKeys(clock);
    refuse(keys, 'a');
    for (let i = 0; i < FREE_REFUSALS; i += 1) expect(await keys.hold('a')).toBe(false);

    const answered = track(Array.from({ length: 4 }, () => keys.hold('a')));
    await settle();
    expect(answered).toEqual([0]);
    clock.advance(REFUSAL_PENALTY_BASE_MS);
    await settle();
    expect(answered).toEqual([0, 1]);
    clock.advance(2 * REFUSAL_PENALTY_BASE_MS - 1);
    await settle();
    expect(answered).toEqual([0, 1]);
    clock.advance(1);
    await settle();
    expect(answered).toEqual([0, 1, 2]);
    clock.advance(4 * REFUSAL_PENALTY_BASE_MS);
    await settle();
    expect(answered).toEqual([0, 1, 2, 3]);

    // Another address is not held by this one's penalty.
    refuse(keys, 'b');
    expect(await keys.hold('b')).toBe(false);
  });

  it('holds a refusal at most MAX_REFUSAL_HOLD_MS, and starts over once the address is let through', async () => {
    const clock = new ManualClock();
    const keys = new RefusedKeys(clock);
    refuse(keys, 'a');
    for (let i = 0; i < FREE_REFUSALS; i += 1) await keys.hold('a');
    const answered = track(Array.from({ length: 50 }, () => keys.hold('a')));
    clock.advance(MAX_REFUSAL_HOLD_MS);
    await settle();
    expect(answered).toHaveLength(50);

    clock.advance(60_000);
    expect(keys.retryAfterSeconds('a')).toBeUndefined();
    refuse(keys, 'a');
    // The penalty started over: the next hundred refusals are answered at once again.
    expect(await keys.hold('a')).toBe(false);
  });

  it(`past ${MAX_HELD_REFUSALS} held refusals, answers at once and closes the connection`, async () => {
    const clock = new ManualClock();
    const keys = new RefusedKeys(clock);
    refuse(keys, 'a');
    for (let i = 0; i < FREE_REFUSALS; i += 1) await keys.hold('a');
    const held = Array.from({ length: MAX_HELD_REFUSALS }, () => keys.hold('a'));
    // The first of them was due at once and is no longer held; the rest fill the bound.
    await settle();
    held.push(keys.hold('a'));
    expect(await keys.hold('a')).toBe(true);
    clock.advance(MAX_REFUSAL_HOLD_MS);
    expect(new Set(await Promise.all(held))).toEqual(new Set([false]));
  });
});
