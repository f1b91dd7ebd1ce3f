import type { SQLInputValue } from 'node:sqlite';
import type { DocumentType } from '../../contract/document.ts';
import type { DocumentRecord } from './document-records.ts';

// The SQL pieces of a document list: sort orders, the indexes that serve them, and filters.

export type SortField = 'document_type' | 'created_at';
export interface SortKey {
  readonly field: SortField;
  readonly descending: boolean;
}

export interface DocumentFilters {
  readonly filename?: string;
  readonly documentTypes?: readonly DocumentType[];
  readonly createdFrom?: number;
  readonly createdTo?: number;
}

/** Where a page starts: the sort values and rowid of the row next to it. */
export type CursorValues = readonly [primary: string | number, secondary: string | number, rowid: number];

export type PageRequest =
  | { readonly kind: 'number'; readonly number: number; readonly size: number }
  | { readonly kind: 'after' | 'before'; readonly cursor: CursorValues; readonly size: number };

export interface DocumentPage {
  readonly records: DocumentRecord[];
  /** Exact unless `totalExact` is false; then a lower bound (MAX_COUNTED_TOTAL). */
  readonly total: number;
  readonly totalExact: boolean;
  readonly hasNext: boolean;
  readonly hasPrev: boolean;
  /** Cursors of the first and last rows, for the prev and next links. */
  readonly firstCursor: CursorValues | undefined;
  readonly lastCursor: CursorValues | undefined;
}

// The type as the indexes hold it: unclassified documents sort first and compare like any other value.
export const TYPE_KEY = "ifnull(document_type, '')";
export const COLUMN: Readonly<Record<SortField, string>> = {
  created_at: 'created_at',
  document_type: TYPE_KEY,
};

export interface Order {
  readonly primary: SortField;
  readonly secondary: SortField;
  /** Per component: primary, secondary, rowid. */
  readonly descending: readonly [boolean, boolean, boolean];
}

/**
 * The total order behind a sort: the fields asked for, then the other field, then rowid, which follows
 * the first field's direction so that one index scan (forwards or backwards) serves it.
 */
export function orderOf(sort: readonly SortKey[]): Order {
  const first = sort[0] ?? { field: 'created_at', descending: true };
  const primary = first.field;
  const secondary: SortField = primary === 'created_at' ? 'document_type' : 'created_at';
  const second = sort.find((key) => key.field === secondary);
  return {
    primary,
    secondary,
    descending: [first.descending, second?.descending ?? first.descending, first.descending],
  };
}

export const flip = (order: Order): Order => ({
  ...order,
  descending: [!order.descending[0], !order.descending[1], !order.descending[2]],
});

export const orderBy = (order: Order): string =>
  [COLUMN[order.primary], COLUMN[order.secondary], 'rowid']
    .map((column, index) => `${column} ${order.descending[index] ? 'DESC' : 'ASC'}`)
    .join(', ');

/** Escapes a substring for an FTS5 phrase, which matches it anywhere in a name with the trigram tokenizer. */
export const ftsPhrase = (text: string): string => `"${text.replaceAll('"', '""')}"`;
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

export interface Where {
  readonly clauses: string[];
  readonly params: SQLInputValue[];
  /**
   * Whether the rows come from a short list of candidate rowids (sorted afterwards) rather than from
   * walking the sort order's index.
   */
  readonly byName: boolean;
}

export function filterWhere(
  accountId: string,
  filters: DocumentFilters,
  nameMatches: readonly number[] | undefined,
): Where {
  const clauses = ['account_id = ?'];
  const params: SQLInputValue[] = [accountId];
  const { filename } = filters;
  if (filename !== undefined && filename !== '') {
    if (nameMatches !== undefined) {
      // Candidates from the trigram index (any account's) or a bounded scan; LIKE decides the match.
      clauses.push('rowid IN (SELECT value FROM json_each(?))', "file_name LIKE ? ESCAPE '\\'");
      params.push(JSON.stringify(nameMatches), `%${escapeLike(filename)}%`);
    } else {
      // Many matches: read names in sort order, which stops once the page is full.
      clauses.push("file_name LIKE ? ESCAPE '\\'");
      params.push(`%${escapeLike(filename)}%`);
    }
  }
  if (filters.documentTypes !== undefined) {
    clauses.push(`${TYPE_KEY} IN (${filters.documentTypes.map(() => '?').join(', ') || 'NULL'})`);
    params.push(...filters.documentTypes);
  }
  if (filters.createdFrom !== undefined) {
    clauses.push('created_at >= ?');
    params.push(filters.createdFrom);
  }
  if (filters.createdTo !== undefined) {
    clauses.push('created_at <= ?');
    params.push(filters.createdTo);
  }
  return { clauses, params, byName: nameMatches !== undefined && filename !== undefined && filename !== '' };
}

/** The index that serves `order` in one scan, forwards or backwards (see the schema's version 2). */
export const indexFor = (order: Order): string => {
  if (order.primary === 'created_at') return 'documents_by_created';
  return order.descending[0] === order.descending[1] ? 'documents_by_type' : 'documents_by_type_newest';
};
