import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { AppError, ValidationError } from '../domain/errors.ts';
import { readInteger } from './sql-row.ts';
import { storeCall } from './store-errors.ts';

/**
 * How long a connection waits for another one's write lock before failing with `store_busy`. The service
 * and the worker share one file and every transaction here is a few statements long, so a wait this long
 * means something is stuck. The wait blocks the event loop (the API is synchronous), so keep it modest.
 */
export const BUSY_TIMEOUT_MS = 5_000;

const IN_MEMORY = ':memory:';

/** Owner only: the data dir holds webhook secrets, key hashes and customers' documents. */
export const PRIVATE_DIRECTORY_MODE = 0o700;
/** Owner only, for the same reason; SQLite gives its `-wal` and `-shm` files the database file's mode. */
export const PRIVATE_FILE_MODE = 0o600;

const SQLITE_SIDE_FILES = ['-wal', '-shm', '-journal'];

/**
 * Creates `dir` (and its parents) readable by the owner only, and tightens it when it exists already: mkdir
 * leaves an existing folder as it was, and data dirs made by older versions are 0755.
 */
export function ensurePrivateDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  chmodSync(dir, PRIVATE_DIRECTORY_MODE);
}

const chmodIfPresent = (path: string, mode: number): void => {
  try {
    chmodSync(path, mode);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
  }
};

/**
 * Opens (and creates) a database file for the embedded store; `':memory:'` gives a private in-memory one.
 * Several processes may open the same file at once: WAL lets readers run beside the single writer.
 */
export function openDatabase(path: string): DatabaseSync {
  if (path.length === 0) throw new ValidationError('database path must not be empty');
  return storeCall(`open ${path}`, () => {
    if (path !== IN_MEMORY) {
      // New folders are private; an existing one is the caller's (ensurePrivateDirectory for a data dir).
      mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
      // Created 0600 before SQLite sees it, so no other user can open it in between (SQLite would use 0644).
      closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
    }
    const db = new DatabaseSync(path, { timeout: BUSY_TIMEOUT_MS, enableForeignKeyConstraints: true });
    try {
      configure(db, path);
      // Files written by an older version (0644) are tightened on every open.
      if (path !== IN_MEMORY) {
        for (const suffix of ['', ...SQLITE_SIDE_FILES])
          chmodIfPresent(`${path}${suffix}`, PRIVATE_FILE_MODE);
      }
    } catch (error) {
      db.close();
      throw error;
    }
    return db;
  });
}

function configure(db: DatabaseSync, path: string): void {
  const mode = db.prepare('PRAGMA journal_mode = WAL').get()?.journal_mode;
  // In-memory databases have no journal file; every file database must really be in WAL mode, or a
  // reader in one process would block the writer in the other.
  if (path !== IN_MEMORY && mode !== 'wal') {
    throw new AppError('store_failed', `could not switch ${path} to WAL mode (got ${String(mode)})`, {
      details: { path, journalMode: mode },
    });
  }
  // FULL, not NORMAL: in WAL mode NORMAL survives a process crash but may lose the last commits on power
  // loss or an OS crash. Callers acknowledge upstream right after a commit (an IMAP message leaves INBOX
  // once its attachments are enqueued; a file leaves the drop folder), so a lost commit is a lost
  // document. FULL costs one WAL fsync per commit, well under a millisecond on local disks.
  db.exec('PRAGMA synchronous = FULL');
}

/**
 * Runs `fn` in a write transaction. BEGIN IMMEDIATE takes the write lock up front: a deferred transaction
 * that reads first and writes later cannot wait for the lock, it fails at once with SQLITE_BUSY.
 * `fn` must be synchronous, since an `await` inside would commit before the work is done.
 */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  if (db.isTransaction) {
    throw new AppError('store_nested_transaction', 'a transaction is already open on this connection');
  }
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    if (isPromiseLike(result)) {
      throw new AppError('store_async_transaction', 'a transaction body must be synchronous');
    }
    db.exec('COMMIT');
    return result;
  } catch (error) {
    // A failed COMMIT may already have ended the transaction (for example SQLITE_FULL).
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

const isPromiseLike = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && 'then' in value && typeof value.then === 'function';

/**
 * Applies, in order, the scripts of `migrations` that this database has not seen yet for `namespace`;
 * version N is `migrations[N - 1]`. The service and the worker each keep their own namespace, so each can
 * keep its migrations in one file without coordinating version numbers. All pending scripts apply in one
 * transaction: a failure leaves the schema as it was. Returns how many scripts ran.
 */
export function migrate(db: DatabaseSync, namespace: string, migrations: readonly string[]): number {
  if (namespace.length === 0) throw new ValidationError('migration namespace must not be empty');
  return storeCall(`migrate ${namespace}`, () =>
    transaction(db, () => {
      db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        namespace TEXT NOT NULL,
        version INTEGER NOT NULL,
        PRIMARY KEY (namespace, version)
      ) STRICT`);
      const row = db
        .prepare('SELECT coalesce(max(version), 0) AS version FROM schema_migrations WHERE namespace = ?')
        .get(namespace);
      const current = row === undefined ? 0 : readInteger(row, 'version');
      if (current > migrations.length) {
        throw new AppError(
          'schema_too_new',
          `${namespace} schema is at version ${current}, newer than this program knows (${migrations.length})`,
          { details: { namespace, current, known: migrations.length } },
        );
      }
      const record = db.prepare('INSERT INTO schema_migrations (namespace, version) VALUES (?, ?)');
      for (const [index, script] of migrations.entries()) {
        const version = index + 1;
        if (version <= current) continue;
        db.exec(script);
        record.run(namespace, version);
      }
      return migrations.length - current;
    }),
  );
}
