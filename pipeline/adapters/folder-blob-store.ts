import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { link, lstat, mkdir, open, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Clock, systemClock } from '../../src/domain/clock.ts';
import { FILE_READ_CHUNK_BYTES } from '../../src/domain/content-digest.ts';
import { NotFoundError } from '../../src/domain/errors.ts';
import { errorCode } from '../../src/domain/system-error-code.ts';
import type { SqliteBlobTable } from '../../src/store/sqlite-blob-table.ts';
import { syncFolder } from '../../src/store/sync-folder.ts';
import type { BlobStore } from '../ports.ts';
import { blobKeySegments } from './blob-key.ts';

/**
 * Temporary files live inside the root so the final rename never crosses filesystems (which would make it
 * a copy). Blob keys cannot start with '.', so no key maps into this folder.
 */
const TEMP_DIR = '.incoming';
/** A temporary file this old belongs to a put that crashed; younger ones may still be in progress. */
const DEFAULT_STALE_TEMP_MS = 60 * 60 * 1000;
/** Blobs are customers' documents: only the account running stevedore may read them. */
const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;
/** Errors of `link` on filesystems or mounts without hard links, or across two of them. */
const LINK_UNSUPPORTED = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK']);

/**
 * The BlobStore port on a local folder: key `staged/<sha256>` is the file `<root>/staged/<sha256>`. A put
 * writes a temporary file, fsyncs it, renames it over the key and fsyncs the folder, so a crash leaves
 * either the previous blob or the whole new one, never half a file under the key. Unlike S3, a key cannot
 * also be the prefix of another key (`a` and `a/b`): a path cannot be both a file and a folder.
 *
 * Given a table of small blobs (`SqliteBlobTable`, in the worker's database), the small bodies of
 * `putUnflushed` become rows instead, written together by `syncFiles`: a batch of them is one commit
 * rather than a file, a flush and a folder entry each. Reads and deletes look in both places.
 */
export class FolderBlobStore implements BlobStore {
  private readonly clock: Clock;
  private readonly small: SqliteBlobTable | undefined;
  /** Folders known to exist; forgotten after a failed write, in case someone removed one. */
  private readonly madeFolders = new Set<string>();
  /** Small bodies of `putUnflushed` waiting for `syncFiles` to write them as rows. */
  private readonly pendingRows = new Map<string, Uint8Array>();
  /** Keys `syncFiles` wrote as rows: they have no folder entry for `syncKeys` to sync. */
  private readonly rowKeys = new Set<string>();

  constructor(
    private readonly root: string,
    options: { clock?: Clock; small?: SqliteBlobTable } = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.small = options.small;
  }

  async put(key: string, body: Readable | Uint8Array): Promise<void> {
    // `flush` fsyncs the file before it is closed: the rename must not publish unwritten bytes.
    const options = { flag: 'wx', flags: 'wx', flush: true, mode: FILE_MODE } as const;
    const target = await this.writeAndRename(key, (temp) =>
      body instanceof Uint8Array
        ? writeFile(temp, body, options)
        : pipeline(body, createWriteStream(temp, options)),
    );
    await syncFolder(dirname(target));
  }

  /**
   * Stores `bytes` under `key` without a sync: not durable until `syncFiles` (the file's data) and
   * `syncKeys` (one folder sync for a whole batch). A batch of small blobs pays for one flush each, all
   * under way at once, and one folder sync, instead of a flush and a folder sync per blob.
   */
  async putUnflushed(key: string, bytes: Uint8Array): Promise<void> {
    if (this.small !== undefined && bytes.byteLength <= this.small.maxBytes) {
      // A file left under the key by an earlier write stays until `delete`: the row is read first.
      this.pendingRows.set(key, bytes);
      return;
    }
    await this.writeAndRename(key, (temp) => writeFile(temp, bytes, { flag: 'wx', mode: FILE_MODE }));
  }

  /**
   * Stores the local file at `path` under `key` by hard link, without copying a byte. Not durable until
   * `syncFiles` (the file's data) and `syncKeys` (one folder sync for a whole batch). The link shares
   * the file's inode and mode; the store's folders (0700) keep it private all the same.
   */
  async link(key: string, path: string, ino: number): Promise<'linked' | 'unsupported' | 'changed'> {
    const { target, temp } = await this.prepareWrite(key);
    try {
      await link(path, temp);
    } catch (error) {
      this.madeFolders.clear();
      const code = errorCode(error);
      if (code !== undefined && LINK_UNSUPPORTED.has(code)) return 'unsupported';
      if (code === 'ENOENT') return 'changed';
      throw error;
    }
    try {
      // The path may name another file by now (renamed over it); only the inode that was read may be linked.
      if ((await lstat(temp)).ino !== ino) {
        await unlink(temp);
        return 'changed';
      }
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return 'linked';
  }

  /**
   * Flushes the bytes of linked and unflushed files, every flush under way at once (the journal commits
   * them together), and writes the small bodies waiting as rows in one transaction.
   */
  async syncFiles(keys: readonly string[]): Promise<void> {
    const rows: Array<[string, Uint8Array]> = [];
    const files: string[] = [];
    for (const key of keys) {
      const bytes = this.pendingRows.get(key);
      if (bytes === undefined) files.push(key);
      else rows.push([key, bytes]);
    }
    if (rows.length > 0 && this.small !== undefined) {
      await this.small.putAll(rows, this.clock.now());
      for (const [key] of rows) {
        this.pendingRows.delete(key);
        this.rowKeys.add(key);
      }
    }
    await Promise.all(
      files.map(async (key) => {
        const handle = await open(this.pathOf(key), 'r');
        try {
          await handle.datasync();
        } finally {
          await handle.close();
        }
      }),
    );
  }

  /** Makes the folder entries of `keys` durable: one sync per distinct folder, however many keys. */
  async syncKeys(keys: readonly string[]): Promise<void> {
    const folders = new Set<string>();
    for (const key of keys) {
      if (this.rowKeys.has(key)) this.rowKeys.delete(key);
      else folders.add(dirname(this.pathOf(key)));
    }
    for (const folder of folders) await syncFolder(folder);
  }

  async get(key: string): Promise<Readable> {
    const row = this.pendingRows.get(key) ?? this.small?.get(key);
    // One chunk: the consumer reads it whole, without a file handle or a read per chunk.
    if (row !== undefined)
      return ReadableStream.from([Buffer.from(row.buffer, row.byteOffset, row.byteLength)]);
    const path = this.pathOf(key);
    const handle = await open(path, 'r').catch((error: unknown) => {
      throw isMissing(error) ? new NotFoundError('blob', key) : error;
    });
    let size: number;
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new NotFoundError('blob', key);
      size = info.size;
    } catch (error) {
      await handle.close();
      throw error;
    }
    // A read stream allocates a whole chunk per read: 1 MiB for a 30 KB document made most of the
    // worker's garbage. A staged blob never changes, so a chunk its size, ending at its size, reads a
    // small one in one call, without the extra read that would only find the end.
    return handle.createReadStream({
      highWaterMark: Math.max(1, Math.min(FILE_READ_CHUNK_BYTES, size)),
      ...(size > 0 ? { end: size - 1 } : {}),
    });
  }

  async exists(key: string): Promise<boolean> {
    if (this.pendingRows.has(key) || this.small?.has(key) === true) return true;
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
    this.pendingRows.delete(key);
    this.rowKeys.delete(key);
    // Only a key that is a row pays for the row's delete (it waits for the next commit): most deletes
    // are of files, and a lookup by key is a read.
    await Promise.all([
      this.small?.has(key) === true ? this.small.delete(key) : undefined,
      this.removeFile(key),
    ]);
  }

  /**
   * Gets `key` ready for a file: no row shadowing it, its folder and the temporary folder made. Returns
   * the key's path and a fresh temporary path to write (or link) first and rename over it.
   */
  private async prepareWrite(key: string): Promise<{ target: string; temp: string }> {
    await this.forgetRow(key);
    const target = this.pathOf(key);
    const tempDir = join(this.root, TEMP_DIR);
    await this.makeFolders(tempDir, dirname(target));
    return { target, temp: join(tempDir, randomUUID()) };
  }

  /**
   * Writes a temporary file with `write`, then renames it over `key`, so the key never names half a file;
   * a failed write leaves no temporary file behind. Returns the key's path.
   */
  private async writeAndRename(key: string, write: (temp: string) => Promise<void>): Promise<string> {
    const { target, temp } = await this.prepareWrite(key);
    try {
      await write(temp);
      await rename(temp, target);
    } catch (error) {
      this.madeFolders.clear();
      await rm(temp, { force: true });
      throw error;
    }
    return target;
  }

  /** A file is about to be written under `key`: a row there would be read instead of it. */
  private async forgetRow(key: string): Promise<void> {
    this.pendingRows.delete(key);
    if (this.small?.has(key) === true) await this.small.delete(key);
  }

  private async removeFile(key: string): Promise<void> {
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

  /**
   * Keys under `prefix` (a folder's worth: `staged/`) last stored before `before` (epoch ms), files and rows
   * alike. A file's age is its inode's change time, not its mtime: a blob linked from a user's file keeps
   * that file's mtime, however old, while the link (and the rename under the key) sets the change time.
   */
  async keysStoredBefore(prefix: string, before: number): Promise<string[]> {
    const segments = blobKeySegments(prefix.replace(/\/+$/, ''));
    const folder = join(this.root, ...segments);
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(
      (error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      },
    );
    const keys: string[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      const info = await stat(path).catch(() => undefined);
      if (info === undefined || info.ctimeMs >= before) continue;
      keys.push([...segments, ...relative(folder, path).split(sep)].join('/'));
    }
    const rows = this.small?.keysStoredBefore(`${segments.join('/')}/`, before) ?? [];
    return [...new Set([...keys, ...rows])].sort();
  }

  /** Creates missing folders, each looked up once per store: a `mkdir` per blob was a syscall per file. */
  private async makeFolders(...folders: string[]): Promise<void> {
    for (const folder of [this.root, ...folders]) {
      if (this.madeFolders.has(folder)) continue;
      await mkdir(folder, { recursive: true, mode: FOLDER_MODE });
      this.madeFolders.add(folder);
    }
  }

  private pathOf(key: string): string {
    return join(this.root, ...blobKeySegments(key));
  }
}

const isMissing = (error: unknown): boolean => {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
};
