import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { ValidationError } from '../domain/errors.ts';
import { migrate } from './database.ts';
import { changedRows, readText } from './sql-row.ts';
import { LedgerValueTooLargeError, storeCall } from './store-errors.ts';

/** Ledger values are small records (ids, outcomes); anything bigger belongs in the blob store. */
export const MAX_LEDGER_VALUE_BYTES = 64 * 1024;
/** The deployed ledger stores each key as an S3 object key, whose limit is 1,024 UTF-8 bytes. */
export const MAX_LEDGER_KEY_BYTES = 1024;

const LEDGER_MIGRATIONS: readonly string[] = [
  `CREATE TABLE ledger_entries (
     key TEXT PRIMARY KEY,
     value TEXT NOT NULL
   ) STRICT, WITHOUT ROWID;`,
];

/**
 * Append-only key/value ledger: a key is written once and never changed, so a conditional insert is all
 * the coordination the service and the worker need. Structurally a `Ledger` of `pipeline/ports.ts`.
 */
export class SqliteLedger {
  private readonly insert: StatementSync;
  private readonly select: StatementSync;
  private readonly listFrom: StatementSync;
  private readonly listRange: StatementSync;

  constructor(db: DatabaseSync) {
    migrate(db, 'store/ledger', LEDGER_MIGRATIONS);
    // One statement, so it is atomic across connections: a concurrent writer of the same key either wins
    // or sees the row and changes nothing.
    this.insert = db.prepare('INSERT INTO ledger_entries (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING');
    this.select = db.prepare('SELECT value FROM ledger_entries WHERE key = ?');
    this.listFrom = db.prepare('SELECT key, value FROM ledger_entries WHERE key >= ? ORDER BY key');
    this.listRange = db.prepare(
      'SELECT key, value FROM ledger_entries WHERE key >= ? AND key < ? ORDER BY key',
    );
  }

  /** Writes `value` under `key` unless the key exists; true when this call wrote it. */
  async putIfAbsent(key: string, value: string): Promise<boolean> {
    checkKey(key);
    const bytes = Buffer.byteLength(value, 'utf8');
    if (bytes > MAX_LEDGER_VALUE_BYTES)
      throw new LedgerValueTooLargeError(key, bytes, MAX_LEDGER_VALUE_BYTES);
    const result = storeCall(`ledger put ${key}`, () => this.insert.run(key, value));
    return changedRows(result) === 1;
  }

  async get(key: string): Promise<string | undefined> {
    checkKey(key);
    const row = storeCall(`ledger get ${key}`, () => this.select.get(key));
    return row === undefined ? undefined : readText(row, 'value');
  }

  /**
   * Every entry whose key starts with `prefix`, in key order (UTF-8 byte order, which is code point
   * order). A range query rather than LIKE, so `%` and `_` in keys are plain characters.
   */
  async list(prefix: string): Promise<Array<{ key: string; value: string }>> {
    const upper = successor(prefix);
    const rows = storeCall(`ledger list ${prefix}`, () =>
      upper === undefined ? this.listFrom.all(prefix) : this.listRange.all(prefix, upper),
    );
    return rows.map((row) => ({ key: readText(row, 'key'), value: readText(row, 'value') }));
  }
}

function checkKey(key: string): void {
  const bytes = Buffer.byteLength(key, 'utf8');
  if (bytes === 0 || bytes > MAX_LEDGER_KEY_BYTES) {
    throw new ValidationError(`ledger key must be 1 to ${MAX_LEDGER_KEY_BYTES} bytes, got ${bytes}`, { key });
  }
}

const MAX_CODE_POINT = 0x10ffff;
const FIRST_SURROGATE = 0xd800;
const AFTER_SURROGATES = 0xe000;

/**
 * The smallest string greater than every string that starts with `prefix`: the prefix with its last code
 * point incremented. SQLite compares text as UTF-8 bytes, whose order is code point order, so this bound
 * holds for keys with characters beyond U+FFFF too (a `prefix + '\uffff'` bound would miss those).
 * Undefined when no such string exists (empty prefix, or only U+10FFFF): then no upper bound is needed.
 */
export function successor(prefix: string): string | undefined {
  const codePoints = Array.from(prefix, (char) => char.codePointAt(0) ?? 0);
  while (codePoints.length > 0) {
    const last = codePoints.pop() ?? MAX_CODE_POINT;
    if (last < MAX_CODE_POINT) {
      const next = last + 1 === FIRST_SURROGATE ? AFTER_SURROGATES : last + 1;
      return String.fromCodePoint(...codePoints, next);
    }
  }
  return undefined;
}
