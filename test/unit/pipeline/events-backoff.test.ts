import { describe, expect, it } from 'vitest';
import {
  REEXTRACT_MAX_DELAY_SECONDS,
  reextractBackoffSeconds,
} from '../../../pipeline/stages/events-backoff.ts';

describe('reextractBackoffSeconds', () => {
  it('waits 30 s, then 2 min, then 8 min', () => {
    expect([1, 2, 3].map(reextractBackoffSeconds)).toEqual([30, 120, 480]);
  });

  it('never exceeds the longest delay a queue message can carry', () => {
    expect(reextractBackoffSeconds(4)).toBe(REEXTRACT_MAX_DELAY_SECONDS);
    expect(reextractBackoffSeconds(50)).toBe(REEXTRACT_MAX_DELAY_SECONDS);
  });

  it('treats an attempt below 1 as the first', () => {
    expect(reextractBackoffSeconds(0)).toBe(30);
  });
});
