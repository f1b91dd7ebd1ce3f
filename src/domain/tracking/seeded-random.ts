import { createHash } from 'node:crypto';

/** A deterministic stream of numbers in [0, 1) from a seed: the same seed gives the same journey. */
export interface SeededRandom {
  next(): number;
  /** An integer from `min` to `max`, both included. */
  int(min: number, max: number): number;
  /** A value from `min` to `max` (max excluded). */
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

export function seededRandom(seed: string): SeededRandom {
  let counter = 0;
  let pool: Buffer = Buffer.alloc(0);
  let offset = 0;
  const next = (): number => {
    if (offset + 4 > pool.length) {
      pool = createHash('sha256').update(`${seed}#${counter}`).digest();
      counter += 1;
      offset = 0;
    }
    const value = pool.readUInt32BE(offset);
    offset += 4;
    return value / 2 ** 32;
  };
  const random: SeededRandom = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new RangeError('pick from an empty list');
      return item;
    },
  };
  return random;
}
