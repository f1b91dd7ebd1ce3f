import { describe, expect, it } from 'vitest';
import { StabilityTracker } from '../../../pipeline/sources/stability-tracker.ts';

const file = (size: number, mtimeMs = 1_000, ino = 7) => ({ size, mtimeMs, ino });

describe('StabilityTracker', () => {
  it('calls a file stable only once it has looked the same for the whole interval', () => {
    const tracker = new StabilityTracker(1_000);
    expect(tracker.observe('a.pdf', file(10), 0)).toBe(false);
    expect(tracker.observe('a.pdf', file(10), 999)).toBe(false);
    expect(tracker.observe('a.pdf', file(10), 1_000)).toBe(true);
  });

  it('starts the interval again whenever size, mtime or inode change', () => {
    const tracker = new StabilityTracker(1_000);
    tracker.observe('a.pdf', file(10), 0);
    expect(tracker.observe('a.pdf', file(20), 900)).toBe(false);
    expect(tracker.observe('a.pdf', file(20, 2_000), 1_800)).toBe(false);
    expect(tracker.observe('a.pdf', file(20, 2_000, 8), 2_700)).toBe(false);
    expect(tracker.observe('a.pdf', file(20, 2_000, 8), 3_699)).toBe(false);
    expect(tracker.observe('a.pdf', file(20, 2_000, 8), 3_700)).toBe(true);
  });

  it('forgets files no longer listed', () => {
    const tracker = new StabilityTracker(1_000);
    tracker.observe('a.pdf', file(10), 0);
    tracker.observe('b.pdf', file(10), 0);
    tracker.retainOnly(new Set(['b.pdf']));
    expect(tracker.size).toBe(1);
    expect(tracker.observe('a.pdf', file(10), 5_000)).toBe(false);
  });

  it('with an interval of 0 takes a file at first sight', () => {
    expect(new StabilityTracker(0).observe('a.pdf', file(1), 0)).toBe(true);
  });
});
