import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderBlobStore } from '../../../pipeline/adapters/folder-blob-store.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { MAX_SMALL_BLOB_BYTES, SqliteBlobTable } from '../../../src/store/sqlite-blob-table.ts';

let root: string | undefined;
afterEach(async () => {
  if (root !== undefined) await rm(root, { recursive: true, force: true });
  root = undefined;
});

const open = async () => {
  root ??= await mkdtemp(join(tmpdir(), 'stevedore-small-blobs-'));
  const db = openDatabase(join(root, 'worker.db'));
  const blobs = new FolderBlobStore(join(root, 'staging'), { small: new SqliteBlobTable(db) });
  return { db, blobs };
};

const text = async (blobs: FolderBlobStore, key: string): Promise<string> =>
  (await buffer(await blobs.get(key))).toString();

describe('FolderBlobStore with a table of small blobs (rows of the worker database)', () => {
  it('keeps small bodies as rows written by syncFiles, durable across a reopen, and large ones as files', async () => {
    const first = await open();
    const large = Buffer.alloc(MAX_SMALL_BLOB_BYTES + 1, 7);
    await first.blobs.putUnflushed('staged/small', Buffer.from('small body'));
    await first.blobs.putUnflushed('staged/large', large);
    // Readable before the sync (the admission reads nothing before its commit, but nothing breaks).
    expect(await text(first.blobs, 'staged/small')).toBe('small body');
    await first.blobs.syncFiles(['staged/small', 'staged/large']);
    await first.blobs.syncKeys(['staged/small', 'staged/large']);
    expect(await readdir(join(root ?? '', 'staging', 'staged'))).toEqual(['large']);
    first.db.close();

    const again = await open();
    expect(await again.blobs.exists('staged/small')).toBe(true);
    expect(await text(again.blobs, 'staged/small')).toBe('small body');
    expect((await buffer(await again.blobs.get('staged/large'))).equals(large)).toBe(true);
    await again.blobs.delete('staged/small');
    await again.blobs.delete('staged/large');
    expect(await again.blobs.exists('staged/small')).toBe(false);
    expect(await again.blobs.exists('staged/large')).toBe(false);
    await expect(again.blobs.get('staged/small')).rejects.toThrow(/not found/i);
    again.db.close();
  });

  it('a later write under the same key wins, whether it is a row or a file', async () => {
    const { db, blobs } = await open();
    await blobs.put('staged/k', Readable.from([Buffer.from('first, a file')]));
    await blobs.putUnflushed('staged/k', Buffer.from('second, a row'));
    await blobs.syncFiles(['staged/k']);
    expect(await text(blobs, 'staged/k')).toBe('second, a row');
    await blobs.put('staged/k', Buffer.from('third, a file again'));
    expect(await text(blobs, 'staged/k')).toBe('third, a file again');
    await blobs.delete('staged/k');
    expect(await blobs.exists('staged/k')).toBe(false);
    db.close();
  });

  it('a row never synced is gone after a restart: nothing points at it, as with an unsynced file', async () => {
    const first = await open();
    await first.blobs.putUnflushed('staged/lost', Buffer.from('never committed'));
    first.db.close();
    const again = await open();
    expect(await again.blobs.exists('staged/lost')).toBe(false);
    again.db.close();
  });
});
