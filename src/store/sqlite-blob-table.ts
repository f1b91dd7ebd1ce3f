import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { migrate } from './database.ts';
import { type SharedCommit, sharedCommitOf } from './shared-commit.ts';
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

  constructor(db: DatabaseSync) {
    migrate(db, MIGRATION_NAMESPACE, MIGRATIONS);
    this.commit = sharedCommitOf(db);
    this.upsert = db.prepare(
      'INSERT INTO small_blobs (key, bytes) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET bytes = excluded.bytes',
    );
    this.select = db.prepare('SELECT bytes FROM small_blobs WHERE key = ?');
    this.probe = db.prepare('SELECT 1 AS found FROM small_blobs WHERE key = ?');
    this.remove = db.prepare('DELETE FROM small_blobs WHERE key = ?');
  }

  /** Writes every entry in one transaction; resolves once it is durable. */
  putAll(entries: ReadonlyArray<readonly [key: string, bytes: Uint8Array]>): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    return Promise.resolve(
      storeCall(`store ${entries.length} small blobs`, () =>
        this.commit.transaction(() => {
          for (const [key, bytes] of entries) this.upsert.run(key, bytes);
        }),
      ),
    );
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
