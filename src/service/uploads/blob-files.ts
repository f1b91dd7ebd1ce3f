import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_READ_CHUNK_BYTES } from '../../domain/content-digest.ts';
import { AppError } from '../../domain/errors.ts';
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from '../../store/database.ts';

export interface ReceivedFile {
  /** Where the bytes wait until `keep` or `discard`. */
  readonly tempPath: string;
  readonly byteSize: number;
  /** Base64 of the binary MD5 digest: the direct-upload checksum. */
  readonly md5Base64: string;
  /** Hex SHA-256: the content identity. */
  readonly sha256: string;
}

/** The body carried more bytes than announced; reading stopped at the limit. */
export class BodyTooLargeError extends AppError {
  constructor(limit: number) {
    super('body_too_large', `the body is larger than the announced ${limit} bytes`, { details: { limit } });
  }
}

/**
 * Uploaded files on disk, addressed by their SHA-256 (`<root>/<2 hex>/<64 hex>`): the same bytes are kept
 * once, and a file's name proves its content. Bodies are streamed to a temporary file while both digests
 * are computed, so a file of any size costs one chunk of memory.
 */
export class BlobFiles {
  private readonly tempDir: string;
  /**
   * The tail of each content address's queue of `keep`s and `removeUnless`es: the sweep's check that a file
   * is unneeded and its removal run as one step, never between a `keep` and the check.
   */
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(private readonly root: string) {
    this.tempDir = join(root, 'tmp');
  }

  /** Creates the folders and removes temporary files left by a crash mid-upload. */
  async init(): Promise<void> {
    await rm(this.tempDir, { recursive: true, force: true });
    // Owner only, like the data dir around it: these are customers' documents.
    await mkdir(this.tempDir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  }

  /**
   * Streams `body` to a temporary file, hashing as it goes. Stops with `BodyTooLargeError` past `maxBytes`.
   */
  async receive(body: Readable, maxBytes: number): Promise<ReceivedFile> {
    const tempPath = join(this.tempDir, randomUUID());
    const md5 = createHash('md5');
    const sha256 = createHash('sha256');
    let byteSize = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        byteSize += chunk.length;
        if (byteSize > maxBytes) {
          callback(new BodyTooLargeError(maxBytes));
          return;
        }
        md5.update(chunk);
        sha256.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      // flush: fsync before close, so a kept upload survives a power cut.
      await pipeline(
        body,
        meter,
        createWriteStream(tempPath, { flags: 'wx', mode: PRIVATE_FILE_MODE, flush: true }),
      );
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
    return { tempPath, byteSize, md5Base64: md5.digest('base64'), sha256: sha256.digest('hex') };
  }

  /** Moves a received file to its content address; a file already there has the same bytes. */
  async keep(file: ReceivedFile): Promise<void> {
    const target = this.path(file.sha256);
    await this.locked(file.sha256, async () => {
      await mkdir(join(this.root, file.sha256.slice(0, 2)), {
        recursive: true,
        mode: PRIVATE_DIRECTORY_MODE,
      });
      // rename() replaces atomically, so a concurrent upload of the same bytes can never expose a partial
      // file; the file just written has a fresh mtime, which keeps it from the sweep until its row is written.
      await rename(file.tempPath, target);
    });
  }

  /**
   * Removes the stored file of `sha256` unless it changed after `notAfter` (epoch ms: a file kept since may
   * not have its row yet) or `needed()` says a row points at it, both checked under the content's lock.
   * True when the file went.
   */
  async removeUnless(sha256: string, notAfter: number, needed: () => boolean): Promise<boolean> {
    const target = this.path(sha256);
    return this.locked(sha256, async () => {
      let modified: number;
      try {
        modified = (await stat(target)).mtimeMs;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
      if (modified > notAfter || needed()) return false;
      await rm(target, { force: true });
      return true;
    });
  }

  /** The content addresses of the stored files, a folder at a time (no list of every file in memory). */
  async *storedDigests(): AsyncGenerator<string[]> {
    let folders: string[];
    try {
      folders = await readdir(this.root);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const folder of folders.sort()) {
      if (!/^[0-9a-f]{2}$/.test(folder)) continue;
      let names: string[];
      try {
        names = await readdir(join(this.root, folder));
      } catch (error) {
        if (isMissing(error)) continue;
        throw error;
      }
      yield names.filter((name) => /^[0-9a-f]{64}$/.test(name) && name.startsWith(folder));
    }
  }

  private locked<T>(sha256: string, step: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(sha256) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(step);
    this.locks.set(sha256, run);
    const forget = (): void => {
      if (this.locks.get(sha256) === run) this.locks.delete(sha256);
    };
    run.then(forget, forget);
    return run;
  }

  async discard(file: ReceivedFile): Promise<void> {
    await rm(file.tempPath, { force: true });
  }

  path(sha256: string): string {
    if (!/^[0-9a-f]{64}$/.test(sha256))
      throw new AppError('invalid_sha256', `not a SHA-256 hex digest: ${sha256}`);
    return join(this.root, sha256.slice(0, 2), sha256);
  }

  async size(sha256: string): Promise<number> {
    return (await stat(this.path(sha256))).size;
  }

  async read(sha256: string): Promise<Uint8Array> {
    return readFile(this.path(sha256));
  }

  stream(sha256: string): ReadStream {
    return createReadStream(this.path(sha256), { highWaterMark: FILE_READ_CHUNK_BYTES });
  }
}

const isMissing = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && error.code === 'ENOENT';
