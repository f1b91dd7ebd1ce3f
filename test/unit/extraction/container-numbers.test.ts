import { describe, expect, it } from 'vitest';
import { findContainerNumbers } from '../../../src/extraction/fields/container-numbers.ts';
import { documentText } from './document-text-fixture.ts';

describe('findContainerNumbers', () => {
  it('accepts numbers that pass ISO 6346 anywhere, normalised, in document order, once each', () => {
    const text = documentText(['MSKU 100001 6 and CMAU555123-2', 'again MSKU1000016', 'HLXU5551230']);
    expect(findContainerNumbers(text)).toEqual({
      accepted: ['MSKU1000016', 'CMAU5551232', 'HLXU5551230'],
      rejected: [],
    });
  });

  it('rejects a wrong check digit anywhere, with the reason', () => {
    expect(findContainerNumbers(documentText(['Equipment MEDU2048108']))).toEqual({
      accepted: [],
      rejected: [
        { value: 'MEDU2048108', reason: 'check_digit_mismatch', detail: 'check digit should be 9, got 8' },
      ],
    });
  });

  it('reports near misses only on lines about containers', () => {
    const text = documentText(['Container No.: ONEU10000177', 'PO reference ABCD1234567 and ONEU10000177']);
    expect(findContainerNumbers(text).rejected).toEqual([
      { value: 'ONEU10000177', reason: 'wrong_length', detail: 'expected 11 characters, got 12' },
    ]);
  });

  it('ignores near misses elsewhere, such as order numbers', () => {
    const text = documentText(['Order ABCX123456 shipped', 'PO reference ABCD1234567']);
    expect(findContainerNumbers(text)).toEqual({ accepted: [], rejected: [] });
  });

  it('reports a wrong category letter on a container line', () => {
    expect(findContainerNumbers(documentText(['Cntr: TGHX2048103'])).rejected).toEqual([
      {
        value: 'TGHX2048103',
        reason: 'invalid_category',
        detail: "the category (character 4) must be U, J or Z, got 'X'",
      },
    ]);
  });

  it('skips identifiers known to be something else, such as the B/L number', () => {
    const text = documentText(['B/L: MSKU1000017', 'Containers: MEDU2048109']);
    expect(findContainerNumbers(text, ['MSKU1000017', null])).toEqual({
      accepted: ['MEDU2048109'],
      rejected: [],
    });
  });

  it('does not find container numbers inside longer carrier B/L numbers', () => {
    const text = documentText(['MAEU262418530 CMDUSHA1234567 HLCUHAM260912345 EGLV123456789012']);
    expect(findContainerNumbers(text)).toEqual({ accepted: [], rejected: [] });
  });
});
