import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
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
    await mkdir(join(this.root, file.sha256.slice(0, 2)), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
    // rename() replaces atomically, so a concurrent upload of the same bytes can never expose a partial file.
    await rename(file.tempPath, target);
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
