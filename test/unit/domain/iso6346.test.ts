import { describe, expect, it } from 'vitest';
import {
  computeCheckDigit,
  makeContainerNumber,
  normalizeContainerNumber,
  validateContainerNumber,
} from '../../../src/domain/iso6346.ts';

// Vectors from data/iso6346.md (computed with the reference script there).
const VALID: ReadonlyArray<[string, number]> = [
  ['MSKU1000016', 6],
  ['MEDU2048109', 9],
  ['CMAU5551232', 2],
  ['HLXU1000012', 2],
  ['EGHU2048109', 9],
  ['OOLU5551235', 5],
  ['ONEU1000017', 7],
  ['TGHU2048103', 3],
  ['QQQU5551239', 9],
  ['HLXU5551230', 0],
];

const INVALID: ReadonlyArray<[string, string]> = [
  ['MSKU1000017', 'check_digit_mismatch'],
  ['MEDU2048108', 'check_digit_mismatch'],
  ['CMAU5551322', 'check_digit_mismatch'],
  ['EGHU2048190', 'check_digit_mismatch'],
  ['HLXU5551231', 'check_digit_mismatch'],
  ['ONEU100001', 'wrong_length'],
  ['ONEU10000177', 'wrong_length'],
  ['OOLU55512O5', 'invalid_serial'],
  ['TGHX2048103', 'invalid_category'],
  ['MS1U1000016', 'invalid_owner_code'],
];

describe('computeCheckDigit', () => {
  it.each(VALID)('%s has check digit %i', (number, digit) => {
    expect(computeCheckDigit(number.slice(0, 10))).toBe(digit);
  });

  it('maps remainder 10 to 0 (HLXU555123: S = 3200, 3200 mod 11 = 10)', () => {
    expect(computeCheckDigit('HLXU555123')).toBe(0);
  });

  it('matches the icm test vectors', () => {
    expect(computeCheckDigit('NYKU008685')).toBe(2);
    expect(computeCheckDigit('CSQU305438')).toBe(3);
    expect(computeCheckDigit('CMAU163912')).toBe(0);
  });

  it('refuses input that is not 4 letters and 6 digits', () => {
    expect(() => computeCheckDigit('MSKU10000')).toThrow(RangeError);
    expect(() => computeCheckDigit('MS1U100001')).toThrow(RangeError);
  });
});

describe('normalizeContainerNumber', () => {
  it('uppercases and strips spaces, dashes, dots and slashes', () => {
    expect(normalizeContainerNumber(' msku 100001-6 ')).toBe('MSKU1000016');
    expect(normalizeContainerNumber('MSKU.100001/6')).toBe('MSKU1000016');
  });
});

describe('validateContainerNumber', () => {
  it.each(VALID)('accepts %s', (number) => {
    expect(validateContainerNumber(number)).toEqual({ valid: true, number });
  });

  it.each(INVALID)('rejects %s as %s', (input, reason) => {
    const result = validateContainerNumber(input);
    expect(result.valid).toBe(false);
    if (!result.valid) expect(result.reason).toBe(reason);
  });

  it('explains a check digit mismatch with the expected digit', () => {
    expect(validateContainerNumber('MSKU1000017')).toEqual({
      valid: false,
      reason: 'check_digit_mismatch',
      detail: 'check digit should be 6, got 7',
      normalized: 'MSKU1000017',
    });
  });

  it('accepts printed markings once normalised', () => {
    expect(validateContainerNumber('msku 100001 6')).toEqual({ valid: true, number: 'MSKU1000016' });
  });

  it('rejects an empty string', () => {
    const result = validateContainerNumber(' - ');
    expect(result.valid === false && result.reason).toBe('empty');
  });

  it('rejects Cyrillic look-alike letters instead of guessing', () => {
    // "МSKU1000016" with a Cyrillic М.
    const result = validateContainerNumber('\u041cSKU1000016');
    expect(result.valid === false && result.reason).toBe('invalid_owner_code');
  });

  it('accepts the J and Z categories', () => {
    const j = makeContainerNumber('ABCJ', 123);
    const z = makeContainerNumber('ABCZ', 123);
    expect(validateContainerNumber(j).valid).toBe(true);
    expect(validateContainerNumber(z).valid).toBe(true);
  });
});

describe('makeContainerNumber', () => {
  it('pads the serial and appends the check digit', () => {
    expect(makeContainerNumber('MSKU', 100001)).toBe('MSKU1000016');
    expect(makeContainerNumber('hlxu', 555123)).toBe('HLXU5551230');
  });
});
