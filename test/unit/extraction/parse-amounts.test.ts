import { describe, expect, it } from 'vitest';
import {
  findCurrency,
  parseCurrencyCode,
  parseDecimal,
  parseMoney,
} from '../../../src/extraction/parse/amounts.ts';
import { parsePackageCount, parseWeightKg } from '../../../src/extraction/parse/quantities.ts';

describe('parseDecimal', () => {
  it.each([
    ['12,345.60', '12345.60'],
    ['12.345,60', '12345.60'],
    ['1,234', '1234'],
    ['1.234', '1234'],
    ['1,234,567', '1234567'],
    ['99.5', '99.5'],
    ['0,75', '0.75'],
    ["1'234.50", '1234.50'],
    ['007', '7'],
  ])('reads %s as %s', (printed, decimal) => {
    expect(parseDecimal(printed)).toBe(decimal);
  });

  it.each(['', 'abc', '1.2.3,4,5x', '--1'])('rejects %j', (printed) => {
    expect(parseDecimal(printed)).toBeNull();
  });
});

describe('parseMoney', () => {
  it.each([
    ['USD 12,345.60', '12345.60', 'USD'],
    ['12.345,60 EUR', '12345.60', 'EUR'],
    ['12 345,60 EUR', '12345.60', 'EUR'],
    ['$1,200', '1200', 'USD'],
    ['US$ 1,200.00', '1200.00', 'USD'],
    ['€ 3.500,00', '3500.00', 'EUR'],
    ['£75.10', '75.10', 'GBP'],
    ['JPY 1,200,000', '1200000', 'JPY'],
    ['RMB 88,000.00', '88000.00', 'CNY'],
    ['250.00 (USD)', '250.00', 'USD'],
  ])('reads %s as %s %s', (printed, amount, currency) => {
    expect(parseMoney(printed)).toEqual({ amount, currency });
  });

  it('keeps an amount without a currency, with currency null', () => {
    expect(parseMoney('1,234.00')).toEqual({ amount: '1234.00', currency: null });
  });

  it('does not take letters of a word for a currency code', () => {
    expect(parseMoney('TOTAL 1,234.00')).toEqual({ amount: '1234.00', currency: null });
  });

  it('ignores words that are not ISO 4217 codes', () => {
    expect(findCurrency('PCS and CTNS')).toBeNull();
    expect(findCurrency('paid in CHF')).toBe('CHF');
  });

  it('reads codes that double as words or units (KGS, ALL, TOP) as the word', () => {
    expect(parseMoney('12,000.50 KGS')).toEqual({ amount: '12000.50', currency: null });
    expect(findCurrency('ALL CHARGES PREPAID')).toBeNull();
  });

  it('accepts any ISO 4217 code, or a symbol, as the value of a currency field', () => {
    expect(parseCurrencyCode('TRY')).toBe('TRY');
    expect(parseCurrencyCode('eur (euro)')).toBe('EUR');
    expect(parseCurrencyCode('US$')).toBe('USD');
    expect(parseCurrencyCode('dollars')).toBeNull();
  });
});

describe('parseWeightKg', () => {
  it.each([
    ['12,345.60 KGS', '12345.60'],
    ['12.345,60 kg', '12345.60'],
    ['980 KGM', '980'],
    ['1,000 LBS', '453.592'],
    ['2.5 MT', '2500.0'],
    ['21,000.000 kilograms', '21000.000'],
  ])('reads %s as %s kg', (printed, kg) => {
    expect(parseWeightKg(printed)).toBe(kg);
  });

  it('does not guess a unit', () => {
    expect(parseWeightKg('12,345.60')).toBeNull();
  });
});

describe('parsePackageCount', () => {
  it.each([
    ['120 CARTONS', 120],
    ['45 PKGS', 45],
    ['1,200 pieces', 1200],
    ['12 pallets (STC 480 cartons)', 12],
    ['380', 380],
  ])('reads %s as %i', (printed, count) => {
    expect(parsePackageCount(printed)).toBe(count);
  });

  it('finds nothing in text without a count', () => {
    expect(parsePackageCount('see attached')).toBeNull();
  });
});

describe('numbers grouped by spaces', () => {
  it('reads a lone comma after space-grouped thousands as the decimal mark', () => {
    expect(parseDecimal('5 284,800')).toBe('5284.800');
    expect(parseDecimal("12'450.000")).toBe('12450.000');
    expect(parseDecimal('5,284')).toBe('5284');
  });
});
