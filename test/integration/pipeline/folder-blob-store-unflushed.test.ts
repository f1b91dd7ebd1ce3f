import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderBlobStore } from '../../../pipeline/adapters/folder-blob-store.ts';

let root: string | undefined;
afterEach(async () => {
  if (root !== undefined) await rm(root, { recursive: true, force: true });
  root = undefined;
});

describe('FolderBlobStore.putUnflushed (small in-memory bodies, flushed with their batch)', () => {
  it('stores the bytes privately under the key, leaves no temp file, and syncs with the batch', async () => {
    root = await mkdtemp(join(tmpdir(), 'stevedore-blobs-'));
    const blobs = new FolderBlobStore(root);
    const keys = ['staged/a', 'staged/b'];
    for (const key of keys) await blobs.putUnflushed(key, Buffer.from(`bytes of ${key}`));
    await blobs.syncFiles(keys);
    await blobs.syncKeys(keys);
    expect((await buffer(await blobs.get('staged/a'))).toString()).toBe('bytes of staged/a');
    expect((await stat(join(root, 'staged', 'b'))).mode & 0o777).toBe(0o600);
    expect(await readdir(join(root, '.incoming'))).toEqual([]);
    // A second put under the same key (a poll taking the message again after a crash) replaces it whole.
    await blobs.putUnflushed('staged/a', Buffer.from('again'));
    expect((await buffer(await blobs.get('staged/a'))).toString()).toBe('again');
  });
});
