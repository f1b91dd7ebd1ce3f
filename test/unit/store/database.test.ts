import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUSY_TIMEOUT_MS, migrate, openDatabase, transaction } from '../../../src/store/database.ts';

const tempDirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'stevedore-db-'));
  tempDirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const pragma = (db: ReturnType<typeof openDatabase>, name: string): unknown =>
  Object.values(db.prepare(`PRAGMA ${name}`).get() ?? {})[0];

describe('openDatabase', () => {
  it('creates the parent folder and opens the file in WAL mode with a busy timeout', () => {
    const path = join(tempDir(), 'nested', 'deeper', 'store.db');
    const db = openDatabase(path);
    try {
      expect(pragma(db, 'journal_mode')).toBe('wal');
      expect(pragma(db, 'busy_timeout')).toBe(BUSY_TIMEOUT_MS);
      expect(pragma(db, 'foreign_keys')).toBe(1);
      expect(pragma(db, 'synchronous')).toBe(2); // FULL
    } finally {
      db.close();
    }
  });

  it('opens a private in-memory database', () => {
    const db = openDatabase(':memory:');
    expect(pragma(db, 'journal_mode')).toBe('memory');
    db.close();
  });

  it('rejects an empty path', () => {
    expect(() => openDatabase('')).toThrow(expect.objectContaining({ code: 'validation_failed' }));
  });
});

describe('migrate', () => {
  const versions = (db: ReturnType<typeof openDatabase>, namespace: string): unknown[] =>
    db
      .prepare('SELECT version FROM schema_migrations WHERE namespace = ? ORDER BY version')
      .all(namespace)
      .map((row) => row.version);

  it('applies each script once and only the new ones on a later call', () => {
    const db = openDatabase(':memory:');
    const first = ['CREATE TABLE a (x INTEGER)', 'CREATE TABLE b (x INTEGER)'];
    expect(migrate(db, 'service', first)).toBe(2);
    expect(migrate(db, 'service', first)).toBe(0);
    expect(migrate(db, 'service', [...first, 'ALTER TABLE a ADD COLUMN y TEXT'])).toBe(1);
    expect(versions(db, 'service')).toEqual([1, 2, 3]);
  });

  it('keeps namespaces apart so service and worker number their migrations independently', () => {
    const db = openDatabase(':memory:');
    migrate(db, 'service', ['CREATE TABLE s (x INTEGER)']);
    expect(migrate(db, 'worker', ['CREATE TABLE w (x INTEGER)'])).toBe(1);
    expect(versions(db, 'worker')).toEqual([1]);
  });

  it('rolls back every pending script when one fails', () => {
    const db = openDatabase(':memory:');
    const base = 'CREATE TABLE base (x INTEGER)';
    migrate(db, 'service', [base]);
    expect(() =>
      migrate(db, 'service', [base, 'CREATE TABLE ok (x INTEGER)', 'CREATE TABLE broken (']),
    ).toThrow(expect.objectContaining({ code: 'store_failed' }));
    expect(versions(db, 'service')).toEqual([1]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'ok'").get()).toBeUndefined();
  });

  it('refuses a database migrated by a newer program', () => {
    const db = openDatabase(':memory:');
    migrate(db, 'service', ['CREATE TABLE a (x INTEGER)', 'CREATE TABLE b (x INTEGER)']);
    expect(() => migrate(db, 'service', ['CREATE TABLE a (x INTEGER)'])).toThrow(
      expect.objectContaining({ code: 'schema_too_new' }),
    );
  });
});

describe('transaction', () => {
  it('commits the result and rolls back when the body throws', () => {
    const db = openDatabase(':memory:');
    db.exec('CREATE TABLE t (x INTEGER)');
    expect(transaction(db, () => db.prepare('INSERT INTO t VALUES (1)').run().changes)).toBe(1);
    expect(() =>
      transaction(db, () => {
        db.prepare('INSERT INTO t VALUES (2)').run();
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(db.prepare('SELECT x FROM t').all()).toEqual([{ x: 1 }]);
    expect(db.isTransaction).toBe(false);
  });

  it('rejects an async body, which would commit before its work is done', () => {
    const db = openDatabase(':memory:');
    expect(() => transaction(db, async () => 1)).toThrow(
      expect.objectContaining({ code: 'store_async_transaction' }),
    );
    expect(db.isTransaction).toBe(false);
  });

  it('rejects a nested transaction', () => {
    const db = openDatabase(':memory:');
    expect(() => transaction(db, () => transaction(db, () => 1))).toThrow(
      expect.objectContaining({ code: 'store_nested_transaction' }),
    );
    expect(db.isTransaction).toBe(false);
  });
});
