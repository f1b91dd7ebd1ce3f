import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVICE_DATABASE_FILE } from '../../../src/service/service.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { makeDataDir, startService, submit } from './service-harness.ts';

/**
 * The finding: `service.db`, `worker.db`, staged files and blobs were world-readable (0644) though they
 * hold webhook secrets and documents. Now the data dir is 0700 and the files in it 0600.
 */
const modeOf = async (path: string): Promise<number> => (await stat(path)).mode & 0o777;

describe('data dir permissions', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('creates database files and their WAL companions 0600 in a new 0700 folder', async () => {
    const root = await mkdtemp(join(tmpdir(), 'stevedore-modes-'));
    dirs.push(root);
    const path = join(root, 'nested', 'worker.db');
    const db = openDatabase(path);
    db.exec('CREATE TABLE t (x INTEGER)');
    db.prepare('INSERT INTO t VALUES (1)').run();
    expect(await modeOf(join(root, 'nested'))).toBe(0o700);
    for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(await modeOf(file), file).toBe(0o600);
    db.close();
  });

  it('tightens a data dir and database written by an older version, and keeps blobs private', async () => {
    const dataDir = await makeDataDir();
    dirs.push(dataDir);
    // What an older version left behind: a 0755 folder and a 0644 database with its WAL files.
    const dbPath = join(dataDir, SERVICE_DATABASE_FILE);
    const old = new DatabaseSync(dbPath);
    old.exec(
      'PRAGMA journal_mode = WAL; CREATE TABLE leftover (x INTEGER); INSERT INTO leftover VALUES (1);',
    );
    for (const file of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) await chmod(file, 0o644);
    await chmod(dataDir, 0o755);
    const h = await startService({ dataDir, startProcessing: false });
    try {
      await submit(h, new TextEncoder().encode('%PDF-1.4 private'));
      expect(await modeOf(dataDir)).toBe(0o700);
      for (const file of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`])
        expect(await modeOf(file), file).toBe(0o600);
      const blobs = join(dataDir, 'blobs');
      const shards = (await readdir(blobs)).filter((name) => name !== 'tmp');
      expect(shards).toHaveLength(1);
      for (const folder of [blobs, join(blobs, 'tmp'), ...shards.map((shard) => join(blobs, shard))]) {
        expect(await modeOf(folder), folder).toBe(0o700);
      }
      const shard = join(blobs, shards[0] ?? '');
      for (const file of await readdir(shard)) expect(await modeOf(join(shard, file)), file).toBe(0o600);
    } finally {
      old.close();
      await h.close();
    }
  });
});
