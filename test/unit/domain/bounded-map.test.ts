import { describe, expect, it } from 'vitest';
import { setNewest } from '../../../src/domain/bounded-map.ts';

describe('setNewest', () => {
  it('keeps the newest entries up to the capacity, a key set again becoming the newest', () => {
    const map = new Map<string, number>();
    setNewest(map, 'a', 1, 2);
    setNewest(map, 'b', 2, 2);
    setNewest(map, 'a', 3, 2);
    setNewest(map, 'c', 4, 2);
    expect([...map]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
  });

  it('brings a map already over the capacity back under it', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    setNewest(map, 'd', 4, 2);
    expect([...map.keys()]).toEqual(['c', 'd']);
  });
});
