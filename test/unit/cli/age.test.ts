import { describe, expect, it } from 'vitest';
import { formatAge } from '../../../src/cli/age.ts';

describe('formatAge', () => {
  it('uses the largest unit that fits, rounding down', () => {
    expect(formatAge(59_999)).toBe('59 s');
    expect(formatAge(60_000)).toBe('1 min');
    expect(formatAge(3 * 3_600_000 + 59 * 60_000)).toBe('3 h');
    expect(formatAge(50 * 3_600_000)).toBe('2 d');
  });

  it('shows a time slightly in the future (clocks of two processes) as 0 s', () => {
    expect(formatAge(-250)).toBe('0 s');
  });
});
