import { describe, expect, it } from 'vitest';
import { MAX_PATTERN_LENGTH, patternProblem } from '../../../../src/service/tracking/validation-pattern.ts';

describe('patternProblem', () => {
  it.each([
    '^[A-Z]{3}-\\d{4}$',
    '^(?:PO|SO)-\\d+$',
    '^(foo|bar)$',
    '^(ab)+$',
    '^(?<code>[A-Z]{4})\\d{7}$',
    '^[(+)*]+$',
    '^a{2}(b)?c+$',
    '(?=x)x+',
    '(?:\\d|\\w)\\d*\\d*x',
    '^[A-Z]{4}\\d{7}$',
  ])('accepts the format %s', (pattern) => {
    expect(patternProblem(pattern)).toBeUndefined();
  });

  it.each([
    ['^(a+)+$', 'repeats or branches'],
    ['^(a|a)*$', 'repeats or branches'],
    ['^(?:a*){2,}$', 'repeats or branches'],
    ['^((ab)+)*$', 'repeats or branches'],
    ['^(\\d{1,3})+$', 'repeats or branches'],
    ['^(a?){30}a{30}$', 'repeats or branches'],
    ['^(a)\\1$', 'backreferences'],
    ['^(?<x>a)\\k<x>$', 'backreferences'],
    ['(', 'not a valid regular expression'],
    [`^${'a'.repeat(MAX_PATTERN_LENGTH)}$`, `longer than ${MAX_PATTERN_LENGTH}`],
    ['\\d*\\d*\\d*x', 'too many ways'],
    ['\\d{0,16}\\d{0,16}\\d{0,16}\\d{0,16}\\d*\\d*x', 'too many ways'],
    ['a?'.repeat(20), 'too many ways'],
  ])('refuses %s', (pattern, reason) => {
    expect(patternProblem(pattern)).toContain(reason);
  });
});
