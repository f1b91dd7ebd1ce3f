import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_READ_CHUNK_BYTES } from '../../src/domain/content-digest.ts';
import { type Clock, systemClock } from '../../src/domain/clock.ts';
import { NotFoundError } from '../../src/domain/errors.ts';
import { syncFolder } from '../../src/store/sync-folder.ts';
import type { BlobStore } from '../ports.ts';
import { errorCode } from '../sources/fs-errors.ts';
import { blobKeySegments } from './blob-key.ts';

/**
 * Temporary files live inside the root so the final rename never crosses filesystems (which would make it
 * a copy). Blob keys cannot start with '.', so no key maps into this folder.
 */
const TEMP_DIR = '.incoming';
/** A temporary file this old belongs to a put that crashed; younger ones may still be in progress. */
const DEFAULT_STALE_TEMP_MS = 60 * 60 * 1000;

/**
 * The BlobStore port on a local folder: key `staged/<sha256>` is the file `<root>/staged/<sha256>`. A put
 * writes a temporary file, fsyncs it, renames it over the key and fsyncs the folder, so a crash leaves
 * either the previous blob or the whole new one, never half a file under the key. Unlike S3, a key cannot
 * also be the prefix of another key (`a` and `a/b`): a path cannot be both a file and a folder.
 */
export class FolderBlobStore implements BlobStore {
  private readonly clock: Clock;

  constructor(
    private readonly root: string,
    options: { clock?: Clock } = {},
  ) {
    this.clock = options.clock ?? systemClock;
  }

  async put(key: string, body: Readable | Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    const tempDir = join(this.root, TEMP_DIR);
    await mkdir(tempDir, { recursive: true });
    await mkdir(dirname(target), { recursive: true });
    const temp = join(tempDir, randomUUID());
    try {
      // `flush` fsyncs the file before it is closed: the rename below must not publish unwritten bytes.
      if (body instanceof Uint8Array) await writeFile(temp, body, { flag: 'wx', flush: true });
      else await pipeline(body, createWriteStream(temp, { flags: 'wx', flush: true }));
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    await syncFolder(dirname(target));
  }

  async get(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    const handle = await open(path, 'r').catch((error: unknown) => {
      throw isMissing(error) ? new NotFoundError('blob', key) : error;
    });
    try {
      if (!(await handle.stat()).isFile()) throw new NotFoundError('blob', key);
    } catch (error) {
      await handle.close();
      throw error;
    }
    return handle.createReadStream({ highWaterMark: FILE_READ_CHUNK_BYTES });
  }

  async exists(key: string): Promise<boolean> {
    const path = this.pathOf(key);
    try {
      return (await stat(path)).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** Deleting a missing key succeeds, as on S3. */
  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    try {
      await unlink(path);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  /** Removes what crashed puts left behind; returns how many files went. */
  async removeStaleTemporaryFiles(olderThanMs = DEFAULT_STALE_TEMP_MS): Promise<number> {
    const tempDir = join(this.root, TEMP_DIR);
    const names = await readdir(tempDir).catch((error: unknown) => {
      if (isMissing(error)) return [];
      throw error;
    });
    let removed = 0;
    for (const name of names) {
      const path = join(tempDir, name);
      const info = await stat(path).catch(() => undefined);
      if (info === undefined || this.clock.now() - info.mtimeMs < olderThanMs) continue;
      await rm(path, { force: true });
      removed += 1;
    }
    return removed;
  }

  private pathOf(key: string): string {
    return join(this.root, ...blobKeySegments(key));
  }
}

const isMissing = (error: unknown): boolean => {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
};
