import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { readInteger } from '../../store/sql-row.ts';
import { storeCall } from '../../store/store-errors.ts';
import {
  COLUMN,
  type CursorValues,
  type DocumentFilters,
  type DocumentPage,
  escapeLike,
  filterWhere,
  flip,
  ftsPhrase,
  indexFor,
  type Order,
  orderBy,
  orderOf,
  type PageRequest,
  type SortKey,
  type Where,
} from './document-list-sql.ts';
import { type DocumentRecord, toDocumentRecord } from './document-records.ts';

export type {
  CursorValues,
  DocumentFilters,
  DocumentPage,
  PageRequest,
  SortField,
  SortKey,
} from './document-list-sql.ts';

/**
 * A filtered total is counted up to this many rows and then reported as "at least": counting costs a
 * read per row, and a client paging through a list this long follows `next` rather than `last`.
 */
export const MAX_COUNTED_TOTAL = 1_000;
/** Trigrams need three characters; a shorter substring is matched by reading names. */
const TRIGRAM_LENGTH = 3;
/**
 * A name substring with at most this many matches is looked up (then sorted); one with more is common
 * enough that reading names in sort order fills a page after a few rows per match.
 */
const SPARSE_NAME_MATCHES = 1_000;
/** A long substring's rarest trigram is among its first few; each probe is a bounded index read. */
const MAX_TRIGRAMS_PROBED = 16;

interface KeyRow {
  readonly rowid: number;
  readonly cursor: CursorValues;
}

/**
 * Document lists that cost the page they return: an index per sort order, keyset seeks for pages reached
 * by a cursor, pages past the middle read from the far end, totals from maintained counts.
 */
export class DocumentList {
  constructor(private readonly db: DatabaseSync) {}

  page(
    accountId: string,
    filters: DocumentFilters,
    sort: readonly SortKey[],
    page: PageRequest,
  ): DocumentPage {
    return storeCall('list documents', () => {
      const order = orderOf(sort);
      const names = this.nameMatches(accountId, filters.filename);
      const where = filterWhere(accountId, filters, names === 'many' ? undefined : names);
      const maintained = this.maintainedTotal(accountId, filters);
      const { keys, hasNext, hasPrev } = this.keys(order, where, page, maintained);
      // Past the bound on names alone, and no other filter to thin them: no need to count again.
      const onlyNames =
        filters.documentTypes === undefined &&
        filters.createdFrom === undefined &&
        filters.createdTo === undefined;
      const known = names === 'many' && onlyNames ? { total: MAX_COUNTED_TOTAL, exact: false } : maintained;
      const { total, exact } = known ?? this.countedTotal(where, page, keys.length, hasNext);
      return {
        records: this.load(keys.map((key) => key.rowid)),
        total,
        totalExact: exact,
        hasNext,
        hasPrev,
        firstCursor: keys[0]?.cursor,
        lastCursor: keys.at(-1)?.cursor,
      };
    });
  }

  private keys(
    order: Order,
    where: Where,
    page: PageRequest,
    known: { total: number } | undefined,
  ): { keys: KeyRow[]; hasNext: boolean; hasPrev: boolean } {
    const { size } = page;
    if (page.kind !== 'number') {
      if (page.kind === 'after') {
        const keys = this.seek(order, where, page.cursor, size + 1);
        return { keys: keys.slice(0, size), hasNext: keys.length > size, hasPrev: true };
      }
      const keys = this.seek(flip(order), where, page.cursor, size + 1);
      return { keys: keys.slice(0, size).reverse(), hasNext: true, hasPrev: keys.length > size };
    }
    const offset = (page.number - 1) * size;
    const hasPrev = page.number > 1;
    if (known !== undefined) {
      const { total } = known;
      if (offset >= total) return { keys: [], hasNext: false, hasPrev };
      // A page past the middle is nearer the other end: read it backwards from there.
      const end = Math.min(offset + size, total);
      const fromEnd = total - end;
      if (fromEnd < offset) {
        const keys = this.scan(flip(order), where, end - offset, fromEnd).reverse();
        return { keys, hasNext: end < total, hasPrev };
      }
    }
    const keys = this.scan(order, where, size + 1, offset);
    return { keys: keys.slice(0, size), hasNext: keys.length > size, hasPrev };
  }

  /** Keys in `order` from `offset`; the index holds every column read, so skipped rows cost no lookup. */
  private scan(order: Order, where: Where, limit: number, offset: number): KeyRow[] {
    return this.keyRows(order, where, [], [], limit, offset);
  }

  /**
   * Keys after `cursor` in `order`, as up to three index ranges: the rest of the cursor's (primary,
   * secondary) group, the rest of its primary group, then the primary values beyond it. Each range is a
   * seek, so a deep page costs no more than the first.
   */
  private seek(order: Order, where: Where, cursor: CursorValues, limit: number): KeyRow[] {
    const [primary, secondary, rowid] = cursor;
    const after = (index: number): string => (order.descending[index] ? '<' : '>');
    const p = COLUMN[order.primary];
    const s = COLUMN[order.secondary];
    const ranges: Array<{ clauses: string[]; params: SQLInputValue[] }> = [
      { clauses: [`${p} = ?`, `${s} = ?`, `rowid ${after(2)} ?`], params: [primary, secondary, rowid] },
      { clauses: [`${p} = ?`, `${s} ${after(1)} ?`], params: [primary, secondary] },
      { clauses: [`${p} ${after(0)} ?`], params: [primary] },
    ];
    const keys: KeyRow[] = [];
    for (const range of ranges) {
      if (keys.length >= limit) break;
      keys.push(...this.keyRows(order, where, range.clauses, range.params, limit - keys.length, 0));
    }
    return keys;
  }

  private keyRows(
    order: Order,
    where: Where,
    clauses: readonly string[],
    params: readonly SQLInputValue[],
    limit: number,
    offset: number,
  ): KeyRow[] {
    // The plan is chosen here, not left to the planner, which may pick an index that needs a sort.
    const source = where.byName ? 'NOT INDEXED' : `INDEXED BY ${indexFor(order)}`;
    const sql = `SELECT rowid AS key_rowid, ${COLUMN[order.primary]} AS key_primary,
        ${COLUMN[order.secondary]} AS key_secondary
      FROM documents ${source} WHERE ${[...where.clauses, ...clauses].join(' AND ')}
      ORDER BY ${orderBy(order)} LIMIT ? OFFSET ?`;
    return this.db
      .prepare(sql)
      .all(...where.params, ...params, limit, offset)
      .map((row) => {
        const rowid = readInteger(row, 'key_rowid');
        const primary = row.key_primary;
        const secondary = row.key_secondary;
        return {
          rowid,
          cursor: [
            typeof primary === 'number' ? primary : String(primary),
            typeof secondary === 'number' ? secondary : String(secondary),
            rowid,
          ],
        };
      });
  }

  private load(rowids: readonly number[]): DocumentRecord[] {
    if (rowids.length === 0) return [];
    const rows = this.db
      .prepare(
        `SELECT rowid AS key_rowid, * FROM documents WHERE rowid IN (${rowids.map(() => '?').join(', ')})`,
      )
      .all(...rowids);
    const byRowid = new Map(rows.map((row) => [readInteger(row, 'key_rowid'), toDocumentRecord(row)]));
    return rowids.flatMap((rowid) => {
      const record = byRowid.get(rowid);
      return record === undefined ? [] : [record];
    });
  }

  /**
   * The rowids whose names may contain `filename` when there are at most SPARSE_NAME_MATCHES of them,
   * `'many'` when there are more in this account, undefined without a name filter. A rare trigram of
   * the substring (or the whole substring) finds candidates in the trigram index; failing that (too
   * short, or made of common trigrams) the account's names are read, stopping at the bound.
   */
  private nameMatches(accountId: string, filename: string | undefined): number[] | 'many' | undefined {
    if (filename === undefined || filename === '') return undefined;
    const chars = [...filename];
    const bound = SPARSE_NAME_MATCHES + 1;
    // Each lookup stops at the bound, so a common trigram costs no more than a rare one.
    const lookup = this.db.prepare('SELECT rowid FROM documents_fts WHERE documents_fts MATCH ? LIMIT ?');
    const matches = (text: string): number[] =>
      lookup.all(ftsPhrase(text), bound).map((row) => readInteger(row, 'rowid'));
    let best: number[] | undefined;
    const grams = Math.max(0, Math.min(chars.length - TRIGRAM_LENGTH + 1, MAX_TRIGRAMS_PROBED));
    for (let start = 0; start < grams; start += 1) {
      const rowids = matches(chars.slice(start, start + TRIGRAM_LENGTH).join(''));
      if (rowids.length < bound && (best === undefined || rowids.length < best.length)) best = rowids;
    }
    // Common trigrams can still make a rare substring ("word" + "042").
    if (best === undefined && grams > 1) {
      const whole = matches(filename);
      if (whole.length < bound) best = whole;
    }
    if (best !== undefined) return best;
    // The names index holds the account's names and rowids: a covering scan, with no row looked up.
    const scanned = this.db
      .prepare(
        `SELECT rowid FROM documents INDEXED BY documents_account_name
         WHERE account_id = ? AND file_name LIKE ? ESCAPE '\\' LIMIT ?`,
      )
      .all(accountId, `%${escapeLike(filename)}%`, bound)
      .map((row) => readInteger(row, 'rowid'));
    return scanned.length < bound ? scanned : 'many';
  }

  /** Unfiltered and type-filtered totals, from the counts the triggers maintain; undefined for others. */
  private maintainedTotal(
    accountId: string,
    filters: DocumentFilters,
  ): { total: number; exact: true } | undefined {
    const maintained =
      (filters.filename === undefined || filters.filename === '') &&
      filters.createdFrom === undefined &&
      filters.createdTo === undefined;
    if (!maintained) return undefined;
    const types = filters.documentTypes;
    const row = this.db
      .prepare(
        `SELECT coalesce(sum(n), 0) AS total FROM document_counts WHERE account_id = ?
         ${types === undefined ? '' : `AND type_key IN (${types.map(() => '?').join(', ') || 'NULL'})`}`,
      )
      .get(accountId, ...(types ?? []));
    return { total: row === undefined ? 0 : readInteger(row, 'total'), exact: true };
  }

  /**
   * A first-by-number page that came back short holds the whole rest of the list, so it gives the total;
   * otherwise the rows are counted up to MAX_COUNTED_TOTAL.
   */
  private countedTotal(
    where: Where,
    page: PageRequest,
    got: number,
    hasNext: boolean,
  ): { total: number; exact: boolean } {
    if (page.kind === 'number' && !hasNext && (got > 0 || page.number === 1)) {
      return { total: (page.number - 1) * page.size + got, exact: true };
    }
    const row = this.db
      .prepare(
        `SELECT count(*) AS total FROM (
           SELECT 1 FROM documents ${where.byName ? 'NOT INDEXED' : ''} WHERE ${where.clauses.join(' AND ')} LIMIT ?
         )`,
      )
      .get(...where.params, MAX_COUNTED_TOTAL + 1);
    const total = row === undefined ? 0 : readInteger(row, 'total');
    return total > MAX_COUNTED_TOTAL ? { total: MAX_COUNTED_TOTAL, exact: false } : { total, exact: true };
  }
}
