import { describe, expect, test } from 'vitest';
import type { ListQuery, RowFacts } from '../../../../src/service/tracking/list-query.ts';
import { SCAN_CHUNK_ROWS, scanPage } from '../../../../src/service/tracking/list-scan.ts';

/** Rows numbered 1..count, newest (highest seq) first, each with a `day` attribute cycling through a week. */
const rows = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    seq: count - index,
    day: `2026-10-0${((count - index) % 7) + 1}`,
  }));

type Row = ReturnType<typeof rows>[number];

/** A keyset chunk reader over the rows, counting its calls. */
function chunked(all: readonly Row[]) {
  const calls: number[] = [];
  const chunk = (before: number | null, limit: number) => {
    calls.push(limit);
    return all.filter((row) => before === null || row.seq < before).slice(0, limit);
  };
  return { chunk, calls };
}

const facts = (row: Row): RowFacts => {
  const resource = {
    id: String(row.seq),
    type: 'container',
    attributes: { pickup_lfd: `${row.day}T00:00:00Z` },
  };
  return { resource, shipment: resource, updatedAt: row.seq, ids: { shipment: 's', request: 'r' } };
};

const onDay =
  (day: string): ListQuery['filters'][number] =>
  (f) =>
    f.resource.attributes.pickup_lfd === `${day}T00:00:00Z`;

describe('scanPage (the journey filters past the old 5,000-row cap)', () => {
  test('counts and pages every passing row of an account of 12,000 rows, in chunks', async () => {
    const all = rows(12_000);
    const { chunk, calls } = chunked(all);
    const expected = all.filter((row) => row.day === '2026-10-03');
    const { rows: page, total } = await scanPage(
      chunk,
      facts,
      { filters: [onDay('2026-10-03')], sort: [] },
      {
        number: 3,
        size: 50,
        offset: 100,
      },
    );
    expect(total).toBe(expected.length);
    expect(total).toBeGreaterThan(1_700);
    expect(page.map((row) => row.seq)).toEqual(expected.slice(100, 150).map((row) => row.seq));
    expect(calls.length).toBe(
      Math.ceil(all.length / SCAN_CHUNK_ROWS) + (all.length % SCAN_CHUNK_ROWS === 0 ? 1 : 0),
    );
  });

  test('the oldest rows pass too: the last page ends at the first row ever written', async () => {
    const all = rows(7_001);
    const { chunk } = chunked(all);
    const { rows: page, total } = await scanPage(
      chunk,
      facts,
      { filters: [() => true], sort: [] },
      {
        number: 141,
        size: 50,
        offset: 7_000,
      },
    );
    expect(total).toBe(7_001);
    expect(page.map((row) => row.seq)).toEqual([1]);
  });

  test('a sort orders every passing row, missing values last, newest first among equals', async () => {
    const all = rows(1_203);
    const { chunk } = chunked(all);
    const field = (f: RowFacts) =>
      Number(f.resource.id) % 5 === 0 ? null : String(f.resource.attributes.pickup_lfd);
    const { rows: page, total } = await scanPage(
      chunk,
      facts,
      { filters: [], sort: [{ field, descending: true }] },
      {
        number: 1,
        size: 1_203,
        offset: 0,
      },
    );
    expect(total).toBe(1_203);
    const keys = page.map((row) => (row.seq % 5 === 0 ? null : row.day));
    const firstNull = keys.indexOf(null);
    expect(keys.slice(firstNull).every((key) => key === null)).toBe(true);
    const present = keys.slice(0, firstNull) as string[];
    expect(present).toEqual([...present].sort().reverse());
    expect(page[0]?.day).toBe('2026-10-07');
  });

  test('the scan pauses between chunks, so that other requests run while it reads a big account', async () => {
    const all = rows(2_100);
    const { chunk, calls } = chunked(all);
    let pauses = 0;
    const { total } = await scanPage(
      chunk,
      facts,
      { filters: [() => true], sort: [] },
      { number: 1, size: 1, offset: 0 },
      async () => {
        pauses += 1;
      },
    );
    expect(total).toBe(2_100);
    expect(pauses).toBe(calls.length - 1);
  });
});
