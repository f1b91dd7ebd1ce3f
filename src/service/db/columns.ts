import type { SqlRow } from '../../store/sql-row.ts';
import { StoreCorruptError } from '../../store/store-errors.ts';

// Readers for the nullable and JSON columns of the service tables; `store/sql-row.ts` covers the rest.

export function readNullableText(row: SqlRow, column: string): string | null {
  const value = row[column];
  if (value === null) return null;
  if (typeof value !== 'string') throw corrupt(column, 'text or null');
  return value;
}

export function readNullableInteger(row: SqlRow, column: string): number | null {
  const value = row[column];
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw corrupt(column, 'integer or null');
  return value;
}

export function readJsonObject(row: SqlRow, column: string): Record<string, unknown> {
  const parsed = parseJson(row, column);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw corrupt(column, 'a JSON object');
  // A plain JSON object: every key maps to a JSON value, which `unknown` describes.
  return Object.fromEntries(Object.entries(parsed));
}

export function readStringArray(row: SqlRow, column: string): string[] {
  const parsed = parseJson(row, column);
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) {
    throw corrupt(column, 'a JSON array of strings');
  }
  return parsed;
}

/** Epoch milliseconds as the ISO 8601 text the API shows. */
export const isoTime = (ms: number): string => new Date(ms).toISOString();

function parseJson(row: SqlRow, column: string): unknown {
  const value = row[column];
  if (typeof value !== 'string') throw corrupt(column, 'JSON text');
  try {
    return JSON.parse(value);
  } catch {
    throw corrupt(column, 'valid JSON');
  }
}

const corrupt = (column: string, expected: string): StoreCorruptError =>
  new StoreCorruptError(`column ${column} does not hold ${expected}`, { column, expected });
