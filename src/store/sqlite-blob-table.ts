import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { migrate } from './database.ts';
import { type SharedCommit, sharedCommitOf } from './shared-commit.ts';
import { readText } from './sql-row.ts';
import { storeCall } from './store-errors.ts';

/**
 * Bodies up to this size are kept as rows. SQLite reads and writes blobs of this order faster than the
 * filesystem creates, syncs and links files for them, and a batch of them costs one commit; larger
 * bodies stay files, where streaming and hard links pay off.
 */
export const MAX_SMALL_BLOB_BYTES = 256 * 1024;

const MIGRATION_NAMESPACE = 'small-blobs';
const MIGRATIONS: readonly string[] = [
  // A rowid table: its rows hold up to 256 KiB, which a WITHOUT ROWID table would spill awkwardly.
  `CREATE TABLE small_blobs (
     key TEXT NOT NULL UNIQUE,
     bytes BLOB NOT NULL
   ) STRICT;`,
  // When a row was written, so a sweep can tell an abandoned staged copy from one about to be enqueued.
  // Rows of earlier versions read as written at 0: older than any run that may still send their message.
  'ALTER TABLE small_blobs ADD COLUMN stored_at INTEGER NOT NULL DEFAULT 0;',
];

/**
 * Small blobs as rows of the worker's database, so a batch of them is durable in one transaction (and
 * one fsync) instead of a file, a flush and a folder entry each. The folder blob store keeps its small
 * bodies here; it alone decides which keys live where.
 */
export class SqliteBlobTable {
  readonly maxBytes = MAX_SMALL_BLOB_BYTES;
  private readonly commit: SharedCommit;
  private readonly upsert: StatementSync;
  private readonly select: StatementSync;
  private readonly probe: StatementSync;
  private readonly remove: StatementSync;
  private readonly storedBefore: StatementSync;

  constructor(db: DatabaseSync) {
    migrate(db, MIGRATION_NAMESPACE, MIGRATIONS);
    this.commit = sharedCommitOf(db);
    this.upsert = db.prepare(
      `INSERT INTO small_blobs (key, bytes, stored_at) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET bytes = excluded.bytes, stored_at = excluded.stored_at`,
    );
    this.select = db.prepare('SELECT bytes FROM small_blobs WHERE key = ?');
    this.probe = db.prepare('SELECT 1 AS found FROM small_blobs WHERE key = ?');
    this.remove = db.prepare('DELETE FROM small_blobs WHERE key = ?');
    // A range on the unique key's index: `prefix` up to the next prefix (the last character bumped).
    this.storedBefore = db.prepare(
      'SELECT key FROM small_blobs WHERE key >= ? AND key < ? AND stored_at < ? ORDER BY key',
    );
  }

  /** Writes every entry in one transaction, stamped `storedAt` (epoch ms); resolves once it is durable. */
  putAll(entries: ReadonlyArray<readonly [key: string, bytes: Uint8Array]>, storedAt: number): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    return Promise.resolve(
      storeCall(`store ${entries.length} small blobs`, () =>
        this.commit.transaction(() => {
          for (const [key, bytes] of entries) this.upsert.run(key, bytes, storedAt);
        }),
      ),
    );
  }

  /** Keys starting with `prefix` (not empty) whose row was written before `before` (epoch ms), in key order. */
  keysStoredBefore(prefix: string, before: number): string[] {
    if (prefix === '') throw new RangeError('keysStoredBefore needs a prefix');
    const end = prefix.slice(0, -1) + String.fromCodePoint((prefix.codePointAt(prefix.length - 1) ?? 0) + 1);
    const rows = storeCall('list small blobs', () => this.storedBefore.all(prefix, end, before));
    return rows.map((row) => readText(row, 'key'));
  }

  /** The bytes under `key`, or undefined when no row holds it. */
  get(key: string): Uint8Array | undefined {
    const row = storeCall('read a small blob', () => this.select.get(key));
    const bytes = row?.bytes;
    return bytes instanceof Uint8Array ? bytes : undefined;
  }

  has(key: string): boolean {
    return storeCall('look up a small blob', () => this.probe.get(key)) !== undefined;
  }

  /**
   * Removes the row under `key`, if any. The delete rides along with the next transaction on the
   * connection (a ledger write, a queue receive) instead of paying a commit of its own.
   */
  async delete(key: string): Promise<void> {
    await this.commit.ride('delete a small blob', () => this.remove.run(key));
  }
}
