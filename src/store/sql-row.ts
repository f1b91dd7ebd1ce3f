import type { SQLOutputValue } from 'node:sqlite';
import { StoreCorruptError } from './store-errors.ts';

/** A row as `node:sqlite` returns it; the readers below check each column instead of casting the row. */
export type SqlRow = Record<string, SQLOutputValue>;

export function readText(row: SqlRow, column: string): string {
  const value = row[column];
  if (typeof value !== 'string') throw unexpected(column, value, 'text');
  return value;
}

export function readInteger(row: SqlRow, column: string): number {
  const value = row[column];
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw unexpected(column, value, 'integer');
  return value;
}

/** A nullable integer column; NULL reads as undefined. */
export function readOptionalInteger(row: SqlRow, column: string): number | undefined {
  return row[column] === null ? undefined : readInteger(row, column);
}

/** `changes` is a bigint only when a statement opts into `readBigInts`; ours never do. */
export const changedRows = (result: { changes: number | bigint }): number => Number(result.changes);

function unexpected(column: string, value: SQLOutputValue | undefined, expected: string): StoreCorruptError {
  return new StoreCorruptError(`column ${column} holds ${describe(value)}, expected ${expected}`, {
    column,
    expected,
  });
}

const describe = (value: SQLOutputValue | undefined): string =>
  value === null ? 'null' : value instanceof Uint8Array ? 'a blob' : typeof value;
