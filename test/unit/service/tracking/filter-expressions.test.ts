import { describe, expect, test } from 'vitest';
import { InvalidParameterError } from '../../../../src/domain/errors.ts';
import {
  dateFilter,
  instantFilter,
  prefixFilter,
  stringFilter,
} from '../../../../src/service/tracking/filter-expressions.ts';

const NOW = Date.parse('2026-10-10T15:00:00Z');

describe('date filters (the upstream list-filter reference)', () => {
  test('compare the date component with =, <, <=, > and >=', () => {
    const value = '2026-10-05T23:30:00Z';
    expect(dateFilter('filter[pickup_lfd]', ['2026-10-05'], NOW)(value)).toBe(true);
    expect(dateFilter('filter[pickup_lfd]', ['=2026-10-05'], NOW)(value)).toBe(true);
    expect(dateFilter('filter[pickup_lfd]', ['>2026-10-05'], NOW)(value)).toBe(false);
    expect(dateFilter('filter[pickup_lfd]', ['>=2026-10-05'], NOW)(value)).toBe(true);
    expect(dateFilter('filter[pickup_lfd]', ['<2026-10-06'], NOW)(value)).toBe(true);
    expect(dateFilter('filter[pickup_lfd]', ['<=2026-10-04'], NOW)(value)).toBe(false);
  });

  test('repeated bounds are AND, a comma list is OR, null only matches @not_exists', () => {
    const within = dateFilter('f', ['>=2026-10-01', '<=2026-10-07'], NOW);
    expect(within('2026-10-07T10:00:00Z')).toBe(true);
    expect(within('2026-10-08T00:00:00Z')).toBe(false);
    expect(within(null)).toBe(false);
    const either = dateFilter('f', ['2026-10-01,2026-10-09'], NOW);
    expect(either('2026-10-09T01:00:00Z')).toBe(true);
    expect(either('2026-10-02T01:00:00Z')).toBe(false);
    expect(dateFilter('f', ['@not_exists'], NOW)(null)).toBe(true);
    expect(dateFilter('f', ['@exists'], NOW)(null)).toBe(false);
  });

  test('today, N.days.ago and N.days.from_now count from the server day', () => {
    expect(dateFilter('f', ['today'], NOW)('2026-10-10T01:00:00Z')).toBe(true);
    expect(dateFilter('f', ['>=3.days.ago'], NOW)('2026-10-07T00:00:00Z')).toBe(true);
    expect(dateFilter('f', ['>=3.days.ago'], NOW)('2026-10-06T23:59:00Z')).toBe(false);
    expect(dateFilter('f', ['<=2.days.from_now'], NOW)('2026-10-12T12:00:00Z')).toBe(true);
  });

  test('a malformed date or an operator on a comma list is a 400 naming the parameter', () => {
    for (const bad of [['2026-13-01'], ['yesterday'], ['>=2026-10-01,2026-10-02'], ['2026-02-30']]) {
      let error: unknown;
      try {
        dateFilter('filter[pickup_lfd]', bad, NOW);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(InvalidParameterError);
      expect((error as InvalidParameterError).parameter).toBe('filter[pickup_lfd]');
    }
  });
});

test('instant filters compare instants, with offsets', () => {
  const after = instantFilter('filter[created_at]', ['>=2026-10-01T00:00:00+02:00']);
  expect(after('2026-09-30T22:00:00Z')).toBe(true);
  expect(after('2026-09-30T21:59:59Z')).toBe(false);
  expect(() => instantFilter('filter[created_at]', ['>=2026-10-01'])).toThrow(InvalidParameterError);
});

test('string filters: comma OR, optional =, presence, folded codes', () => {
  expect(stringFilter(['USLAX,USLGB'], { fold: true })('uslgb')).toBe(true);
  expect(stringFilter(['=USLAX'], { fold: true })('USLGB')).toBe(false);
  expect(stringFilter(['@not_exists'])(null)).toBe(true);
  expect(stringFilter(['@exists'])('x')).toBe(true);
});

test('prefix searches ignore case, a leading ~, spaces and dashes', () => {
  expect(prefixFilter(['~msc u'])(['MSCU-1234567'])).toBe(true);
  expect(prefixFilter(['TGHU'])(['MSCU1234567', null])).toBe(false);
});
