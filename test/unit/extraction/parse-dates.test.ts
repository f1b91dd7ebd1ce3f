import { describe, expect, it } from 'vitest';
import { inferSlashDateOrder, parseDate } from '../../../src/extraction/parse/dates.ts';

describe('parseDate', () => {
  it.each([
    ['2026-11-21', '2026-11-21'],
    ['2026/11/21', '2026-11-21'],
    ['21 Nov 2026', '2026-11-21'],
    ['21-NOV-2026', '2026-11-21'],
    ['21-Nov-26', '2026-11-21'],
    ['21st November 2026', '2026-11-21'],
    ['Nov 21, 2026', '2026-11-21'],
    ['November 21 2026', '2026-11-21'],
    ['11/21/2026', '2026-11-21'],
    ['21/11/2026', '2026-11-21'],
    ['21.11.2026', '2026-11-21'],
    ['Sept 3, 2026', '2026-09-03'],
    ['Date: 05 Jan 2027 (local)', '2027-01-05'],
  ])('reads %s as %s', (printed, iso) => {
    expect(parseDate(printed)).toBe(iso);
  });

  it('reads an ambiguous slashed date month first unless told otherwise', () => {
    expect(parseDate('03/04/2026')).toBe('2026-03-04');
    expect(parseDate('03/04/2026', 'day_first')).toBe('2026-04-03');
  });

  it.each(['31/02/2026', '2026-13-01', '32 Jan 2026', 'no date here', 'INV-2026-00042'])(
    'finds no date in %s',
    (printed) => {
      expect(parseDate(printed)).toBeNull();
    },
  );

  it('accepts 29 February only in leap years', () => {
    expect(parseDate('2028-02-29')).toBe('2028-02-29');
    expect(parseDate('2026-02-29')).toBeNull();
  });
});

describe('inferSlashDateOrder', () => {
  it('takes the order from an unambiguous date elsewhere in the document', () => {
    expect(inferSlashDateOrder('ETA 25/11/2026\nLFD 03/12/2026')).toBe('day_first');
    expect(inferSlashDateOrder('ETA 11/25/2026\nLFD 12/03/2026')).toBe('month_first');
  });

  it('leaves the order unknown when every date is ambiguous and the language is unknown', () => {
    expect(inferSlashDateOrder('ETA 03/04/2026')).toBeNull();
    expect(parseDate('03/04/2026', null)).toBeNull();
  });

  it('reads ambiguous dates month first in English, day first with British cues and in other languages', () => {
    expect(inferSlashDateOrder('The invoice amount is due to the shipper: 03/04/2026')).toBe('month_first');
    expect(inferSlashDateOrder('The invoice amount is due in GBP: 03/04/2026')).toBe('day_first');
    expect(inferSlashDateOrder('Date de la facture 03/04/2026, montant du')).toBe('day_first');
    expect(inferSlashDateOrder('Rechnung und Datum 03/04/2026')).toBe('day_first');
  });

  it.each([
    ['28 Nov 2022', '2022-11-28'],
    ['28 novembre 2022', '2022-11-28'],
    ['1er décembre 2022', '2022-12-01'],
    ['28. November 2022', '2022-11-28'],
    ['3. März 2023', '2023-03-03'],
    ['28 november 2022', '2022-11-28'],
    ['12 mei 2023', '2023-05-12'],
    ['28 de noviembre de 2022', '2022-11-28'],
    ['5 agosto 2023', '2023-08-05'],
    ['28 dicembre 2022', '2022-12-28'],
    ['28-nov-22', '2022-11-28'],
    ['November 28th, 2022', '2022-11-28'],
    ['28.11.2022', '2022-11-28'],
    ['2022-11-28', '2022-11-28'],
  ])('reads %s in any of the six languages', (printed, iso) => {
    expect(parseDate(printed, null)).toBe(iso);
  });
});
