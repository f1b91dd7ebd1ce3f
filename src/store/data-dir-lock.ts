import { chmodSync, closeSync, openSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { AppError } from '../domain/errors.ts';
import { PRIVATE_FILE_MODE } from './database.ts';
import { storeCall, toStoreError } from './store-errors.ts';

/**
 * The lock itself: an SQLite file whose exclusive lock this process holds until it ends. SQLite takes
 * POSIX advisory locks, which the kernel drops when the process dies, SIGKILL included, so a crashed run
 * never blocks the next start and no stale lock has to be guessed at.
 */
export const LOCK_FILE = 'instance.lock';
/** Who holds the lock, for the message a second start prints; written by the holder after it locks. */
export const OWNER_FILE = 'instance.json';

/** SQLITE_BUSY: another connection holds the file's lock (https://sqlite.org/rescode.html). */
const SQLITE_BUSY = 5;

const lockOwner = z.object({
  pid: z.number().int(),
  command: z.string(),
  ports: z.record(z.string(), z.number().int()),
  started_at: z.string(),
});
export type LockOwner = z.infer<typeof lockOwner>;

/** Another process runs on this data dir: starting beside it would split its queues and its webhook. */
export class DataDirInUseError extends AppError {
  constructor(dataDir: string, owner: LockOwner | undefined) {
    super(
      'data_dir_in_use',
      `${dataDir} is in use by ${describeOwner(owner)}: stop it first, or use another --data-dir (STEVEDORE_DATA_DIR)`,
      {
        details: { dataDir, ...(owner ? { owner } : {}) },
      },
    );
  }
}

const describeOwner = (owner: LockOwner | undefined): string => {
  if (owner === undefined) return 'another stevedore process';
  const ports = Object.entries(owner.ports).map(([name, port]) => `${name} port ${port}`);
  return `${owner.command} (${[`pid ${owner.pid}`, ...ports, `since ${owner.started_at}`].join(', ')})`;
};

export interface DataDirLock {
  readonly dataDir: string;
  /** Records the ports once they are known (a service started on port 0 learns its port on listen). */
  setPorts(ports: Readonly<Record<string, number>>): Promise<void>;
  /** Gives the data dir up; idempotent. Dying does the same. */
  release(): Promise<void>;
}

export interface LockRequest {
  /** What the user ran, as they would recognise it: `stevedore up`. */
  readonly command: string;
  readonly ports?: Readonly<Record<string, number>>;
  /** The holder's process id, for the message a second start prints; this process's by default. */
  readonly pid?: number;
  readonly now?: () => Date;
}

/**
 * Makes this process the only stevedore on `dataDir`, or throws `DataDirInUseError` naming the one that
 * is. Holding the lock proves that no other process uses the data dir's queues, so whatever they hold in
 * flight belongs to a dead run and can be taken back at once.
 */
export async function acquireDataDirLock(dataDir: string, request: LockRequest): Promise<DataDirLock> {
  const dir = resolve(dataDir);
  await mkdir(dir, { recursive: true });
  const db = lockFile(join(dir, LOCK_FILE));
  if (db === undefined) throw new DataDirInUseError(dir, await readOwner(dir));

  const owner = {
    pid: request.pid ?? process.pid,
    command: request.command,
    ports: { ...request.ports },
    started_at: (request.now ?? (() => new Date()))().toISOString(),
  };
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    // The owner file goes first: once the lock is free, a new holder may already be writing its own.
    await rm(join(dir, OWNER_FILE), { force: true });
    db.close();
  };
  try {
    await writeOwner(dir, owner);
  } catch (error) {
    await release();
    throw error;
  }
  return {
    dataDir: dir,
    setPorts: (ports) => writeOwner(dir, { ...owner, ports: { ...ports } }),
    release,
  };
}

/** The open, exclusively locked connection; undefined when another process holds the lock. */
function lockFile(path: string): DatabaseSync | undefined {
  // No busy timeout: a held lock is an answer, not a reason to wait. Owner-only like every file of the data
  // dir: created 0600 before SQLite sees it (its journal takes the file's mode), tightened if older.
  const db = storeCall(`open ${path}`, () => {
    closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
    chmodSync(path, PRIVATE_FILE_MODE);
    return new DatabaseSync(path, { timeout: 0 });
  });
  try {
    // EXCLUSIVE locking mode keeps the lock after the first write until the connection closes; the
    // transaction left open takes it now and holds it for the life of the process.
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    return db;
  } catch (error) {
    db.close();
    if (isBusy(error)) return undefined;
    throw toStoreError(error, `lock ${path}`);
  }
}

const isBusy = (error: unknown): boolean =>
  error instanceof Error &&
  'errcode' in error &&
  typeof error.errcode === 'number' &&
  (error.errcode & 0xff) === SQLITE_BUSY;

/** Atomically, so a reader never sees half a file. */
async function writeOwner(dir: string, owner: LockOwner): Promise<void> {
  const temp = join(dir, `.${OWNER_FILE}.${owner.pid}`);
  await writeFile(temp, `${JSON.stringify(owner, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
  await rename(temp, join(dir, OWNER_FILE));
}

/** The holder's own account; undefined when it has not written it yet or the file is unreadable. */
async function readOwner(dir: string): Promise<LockOwner | undefined> {
  try {
    const parsed = lockOwner.safeParse(JSON.parse(await readFile(join(dir, OWNER_FILE), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
