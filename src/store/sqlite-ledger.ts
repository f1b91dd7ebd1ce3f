import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { ValidationError } from '../domain/errors.ts';
import { migrate } from './database.ts';
import { type SharedCommit, sharedCommitOf } from './shared-commit.ts';
import { changedRows, readInteger, readText } from './sql-row.ts';
import { LedgerValueTooLargeError, storeCall } from './store-errors.ts';

/** Ledger values are small records (ids, outcomes); anything bigger belongs in the blob store. */
export const MAX_LEDGER_VALUE_BYTES = 64 * 1024;
/** The deployed ledger stores each key as an S3 object key, whose limit is 1,024 UTF-8 bytes. */
export const MAX_LEDGER_KEY_BYTES = 1024;
/**
 * Values up to this many characters are counted per value too: states such as `extracted` are short, while
 * ids and JSON records are longer and would make one tally row per entry.
 */
export const MAX_TALLIED_VALUE_CHARS = 16;
/** Entries one `putAllIfAbsent` takes: a step writes a handful, and the write lock is held meanwhile. */
export const MAX_LEDGER_BATCH_ENTRIES = 100;

/** A key's namespace: everything up to and including its first `/` (the whole key when it has none). */
const NAMESPACE_OF = (column: string) =>
  `CASE WHEN instr(${column}, '/') > 0 THEN substr(${column}, 1, instr(${column}, '/')) ELSE ${column} END`;

const LEDGER_MIGRATIONS: readonly string[] = [
  `CREATE TABLE ledger_entries (
     key TEXT PRIMARY KEY,
     value TEXT NOT NULL
   ) STRICT, WITHOUT ROWID;`,
  // Tallies kept by triggers in the writing transaction, so a progress display reads totals without
  // scanning the history; the two INSERT ... SELECT backfill a ledger written before this version.
  `CREATE TABLE ledger_namespace_counts (
     namespace TEXT PRIMARY KEY,
     entries INTEGER NOT NULL
   ) STRICT, WITHOUT ROWID;
   CREATE TABLE ledger_value_counts (
     namespace TEXT NOT NULL,
     value TEXT NOT NULL,
     entries INTEGER NOT NULL,
     PRIMARY KEY (namespace, value)
   ) STRICT, WITHOUT ROWID;
   INSERT INTO ledger_namespace_counts (namespace, entries)
     SELECT ${NAMESPACE_OF('key')}, count(*) FROM ledger_entries GROUP BY 1;
   INSERT INTO ledger_value_counts (namespace, value, entries)
     SELECT ${NAMESPACE_OF('key')}, value, count(*) FROM ledger_entries
     WHERE length(value) <= ${MAX_TALLIED_VALUE_CHARS} GROUP BY 1, 2;
   CREATE TRIGGER ledger_entries_counted AFTER INSERT ON ledger_entries BEGIN
     INSERT INTO ledger_namespace_counts (namespace, entries) VALUES (${NAMESPACE_OF('NEW.key')}, 1)
       ON CONFLICT (namespace) DO UPDATE SET entries = entries + 1;
     INSERT INTO ledger_value_counts (namespace, value, entries)
       SELECT ${NAMESPACE_OF('NEW.key')}, NEW.value, 1 WHERE length(NEW.value) <= ${MAX_TALLIED_VALUE_CHARS}
       ON CONFLICT (namespace, value) DO UPDATE SET entries = entries + 1;
   END;
   CREATE TRIGGER ledger_entries_uncounted AFTER DELETE ON ledger_entries BEGIN
     UPDATE ledger_namespace_counts SET entries = entries - 1 WHERE namespace = ${NAMESPACE_OF('OLD.key')};
     UPDATE ledger_value_counts SET entries = entries - 1
       WHERE namespace = ${NAMESPACE_OF('OLD.key')} AND value = OLD.value;
   END;`,
];

/** How many entries a namespace holds, or how many of them hold one short value. */
export interface LedgerTally {
  /** `outcome/`, `by-doc/`, ...: a key up to and including its first `/`. */
  readonly namespace: string;
  /** Null for the namespace's total; else a value of at most `MAX_TALLIED_VALUE_CHARS` characters. */
  readonly value: string | null;
  readonly entries: number;
}

/**
 * Append-only key/value ledger: a key is written once and never changed, so a conditional insert is all
 * the coordination the service and the worker need. `delete` exists for marker keys, which the caller
 * decides (the worker's adapter refuses any other key). Structurally a `Ledger` of `pipeline/ports.ts`.
 */
export class SqliteLedger {
  private readonly insert: StatementSync;
  private readonly remove: StatementSync;
  private readonly namespaceCounts: StatementSync;
  private readonly valueCounts: StatementSync;
  private readonly select: StatementSync;
  private readonly listFrom: StatementSync;
  private readonly listRange: StatementSync;
  private readonly commit: SharedCommit;

  constructor(db: DatabaseSync) {
    migrate(db, 'store/ledger', LEDGER_MIGRATIONS);
    this.commit = sharedCommitOf(db);
    // One statement, so it is atomic across connections: a concurrent writer of the same key either wins
    // or sees the row and changes nothing.
    this.insert = db.prepare('INSERT INTO ledger_entries (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING');
    this.select = db.prepare('SELECT value FROM ledger_entries WHERE key = ?');
    this.remove = db.prepare('DELETE FROM ledger_entries WHERE key = ?');
    this.namespaceCounts = db.prepare(
      'SELECT namespace, entries FROM ledger_namespace_counts WHERE entries > 0 ORDER BY namespace',
    );
    this.valueCounts = db.prepare(
      'SELECT namespace, value, entries FROM ledger_value_counts WHERE entries > 0 ORDER BY namespace, value',
    );
    this.listFrom = db.prepare('SELECT key, value FROM ledger_entries WHERE key >= ? ORDER BY key');
    this.listRange = db.prepare(
      'SELECT key, value FROM ledger_entries WHERE key >= ? AND key < ? ORDER BY key',
    );
  }

  /** Writes `value` under `key` unless the key exists; true when this call wrote it. */
  async putIfAbsent(key: string, value: string): Promise<boolean> {
    checkEntry(key, value);
    const result = storeCall(`ledger put ${key}`, () => this.insert.run(key, value));
    return changedRows(result) === 1;
  }

  /**
   * `putIfAbsent` of every entry, in order, in one transaction: all are written or none. One flag per entry,
   * true where this call wrote it.
   */
  async putAllIfAbsent(entries: ReadonlyArray<{ key: string; value: string }>): Promise<boolean[]> {
    if (entries.length > MAX_LEDGER_BATCH_ENTRIES) {
      throw new ValidationError(`a ledger batch takes at most ${MAX_LEDGER_BATCH_ENTRIES} entries`, {
        entries: entries.length,
      });
    }
    for (const { key, value } of entries) checkEntry(key, value);
    if (entries.length === 0) return [];
    // Group commit: the batch joins the next transaction on this connection (the queue's delete and
    // claim, another handler's batch) instead of paying a WAL fsync, which blocks the event loop, of its
    // own. It still resolves only after that commit, and stays all-or-nothing.
    const label = `ledger put ${entries.map((entry) => entry.key).join(', ')}`;
    return this.commit.ride(label, () =>
      entries.map(({ key, value }) => changedRows(this.insert.run(key, value)) === 1),
    );
  }

  /** Removes `key`; a missing key is not an error. */
  async delete(key: string): Promise<void> {
    checkKey(key);
    storeCall(`ledger delete ${key}`, () => this.remove.run(key));
  }

  /** Every non-empty tally: entries per namespace, and per short value within it. */
  async tallies(): Promise<LedgerTally[]> {
    return storeCall('ledger tallies', () => [
      ...this.namespaceCounts.all().map((row) => ({
        namespace: readText(row, 'namespace'),
        value: null,
        entries: readInteger(row, 'entries'),
      })),
      ...this.valueCounts.all().map((row) => ({
        namespace: readText(row, 'namespace'),
        value: readText(row, 'value'),
        entries: readInteger(row, 'entries'),
      })),
    ]);
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

function checkEntry(key: string, value: string): void {
  checkKey(key);
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes > MAX_LEDGER_VALUE_BYTES) throw new LedgerValueTooLargeError(key, bytes, MAX_LEDGER_VALUE_BYTES);
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
