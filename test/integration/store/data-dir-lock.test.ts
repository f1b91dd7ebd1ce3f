import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workerId } from '../../../src/cli/worker-id.ts';
import {
  acquireDataDirLock,
  DataDirInUseError,
  type DataDirLock,
  LOCK_FILE,
  OWNER_FILE,
} from '../../../src/store/data-dir-lock.ts';

const STARTED = new Date(Date.UTC(2026, 10, 24, 2, 0, 0));

describe('acquireDataDirLock', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const tempDataDir = async (): Promise<string> => {
    const root = await mkdtemp(join(tmpdir(), 'stevedore-lock-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    return join(root, 'data');
  };
  const held = (lock: DataDirLock): DataDirLock => {
    cleanups.push(() => lock.release());
    return lock;
  };

  it('refuses a second holder, naming the first from its owner file', async () => {
    const dataDir = await tempDataDir();
    held(
      await acquireDataDirLock(dataDir, {
        command: 'stevedore up',
        ports: { service: 4010, receiver: 4011 },
        pid: 4242,
        now: () => STARTED,
      }),
    );

    const second = acquireDataDirLock(dataDir, { command: 'stevedore service', ports: { service: 5010 } });

    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toMatchObject({
      code: 'data_dir_in_use',
      message:
        `${dataDir} is in use by stevedore up (pid 4242, service port 4010, receiver port 4011, ` +
        'since 2026-11-24T02:00:00.000Z): stop it first, or use another --data-dir (STEVEDORE_DATA_DIR)',
    });
  });

  it('keeps its files owner-only (0600), like every file of the data dir', async () => {
    const dataDir = await tempDataDir();
    held(await acquireDataDirLock(dataDir, { command: 'stevedore up', ports: { service: 4010 } }));
    await workerId(dataDir);
    const modeOf = async (name: string): Promise<number> => (await stat(join(dataDir, name))).mode & 0o777;
    for (const name of [LOCK_FILE, OWNER_FILE, 'worker-id']) expect(await modeOf(name), name).toBe(0o600);
  });

  it('still refuses when the holder has not said who it is', async () => {
    const dataDir = await tempDataDir();
    held(await acquireDataDirLock(dataDir, { command: 'stevedore up' }));
    await rm(join(dataDir, OWNER_FILE));

    await expect(acquireDataDirLock(dataDir, { command: 'stevedore up' })).rejects.toMatchObject({
      message: expect.stringContaining('is in use by another stevedore process'),
    });
  });

  it('is free again once released, and the owner file goes with it', async () => {
    const dataDir = await tempDataDir();
    const first = await acquireDataDirLock(dataDir, { command: 'stevedore up' });
    await first.release();
    await first.release();
    await expect(readFile(join(dataDir, OWNER_FILE), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });

    const second = held(await acquireDataDirLock(dataDir, { command: 'stevedore ingest', pid: 7 }));
    await second.setPorts({ service: 43_210 });
    expect(JSON.parse(await readFile(join(dataDir, OWNER_FILE), 'utf8'))).toMatchObject({
      pid: 7,
      command: 'stevedore ingest',
      ports: { service: 43_210 },
    });
  });
});
