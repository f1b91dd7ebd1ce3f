import type { Page } from '../http/pagination.ts';
import type { ListQuery, RowFacts, SortKey } from './list-query.ts';

/**
 * Rows read per step of a scan: small enough that one step holds little in memory, large enough that a
 * scan of a big account is a few hundred statements, not one per row.
 */
export const SCAN_CHUNK_ROWS = 500;

/** Lets the requests waiting on the event loop run: a scan of a big account must not hold the service. */
export const yieldToOthers = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * One page of the rows that pass a list query's derived filters, and how many pass in all. The rows come
 * in chunks newest first (the SQL filters already applied), so the answer is exact however many rows the
 * account has: without a sort, only the page's rows are kept; with one, every passing row's sort values
 * are (the order needs them all), then the page is cut. Between chunks the scan `pause`s, so that other
 * requests are served while a long one runs; keyset chunks keep rows written meanwhile out of it.
 */
export async function scanPage<R extends { readonly seq: number }>(
  chunk: (beforeSeq: number | null, limit: number) => readonly R[],
  factsOf: (row: R) => RowFacts,
  query: ListQuery,
  page: Page,
  pause: () => Promise<void> = yieldToOthers,
): Promise<{ rows: R[]; total: number }> {
  const kept: Array<{ row: R; keys: Array<string | null> }> = [];
  let total = 0;
  let before: number | null = null;
  for (;;) {
    const rows = chunk(before, SCAN_CHUNK_ROWS);
    for (const row of rows) {
      const facts = factsOf(row);
      if (!query.filters.every((passes) => passes(facts))) continue;
      if (query.sort.length > 0) {
        kept.push({ row, keys: query.sort.map((key) => key.field(facts)) });
      } else if (total >= page.offset && total < page.offset + page.size) {
        kept.push({ row, keys: [] });
      }
      total += 1;
    }
    const last = rows.at(-1);
    if (last === undefined || rows.length < SCAN_CHUNK_ROWS) break;
    before = last.seq;
    await pause();
  }
  if (query.sort.length === 0) return { rows: kept.map(({ row }) => row), total };
  kept.sort((a, b) => compareKeys(query.sort, a.keys, b.keys) || b.row.seq - a.row.seq);
  return { rows: kept.slice(page.offset, page.offset + page.size).map(({ row }) => row), total };
}

/** Sort values compare as strings (ISO 8601 times sort in time order); a missing value sorts last either way. */
function compareKeys(sort: readonly SortKey[], a: Array<string | null>, b: Array<string | null>): number {
  for (const [index, key] of sort.entries()) {
    const left = a[index] ?? null;
    const right = b[index] ?? null;
    if (left === right) continue;
    if (left === null) return 1;
    if (right === null) return -1;
    const order = left < right ? -1 : 1;
    return key.descending ? -order : order;
  }
  return 0;
}
