import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TYPE_SNIFF_BYTES } from '../domain/content-policy.ts';

/** A part's decoded bytes written to a temp file, or the fact that they went over the cap. */
export type StagedPart =
  | {
      readonly kind: 'staged';
      readonly path: string;
      readonly sizeBytes: number;
      readonly sha256: string;
      /** The first bytes, enough for file-type to tell formats apart. */
      readonly head: Buffer;
    }
  | { readonly kind: 'too_large'; readonly seenBytes: number };

/**
 * Streams `content` into a new file under `tempDir`, counting and hashing as it goes. Past `maxBytes` the
 * file is removed and the rest of the stream is drained unwritten, so the producer (the MIME parser, a ZIP
 * entry) is never left stalled and never fills the disk.
 */
export async function stagePart(
  content: NodeJS.ReadableStream,
  tempDir: string,
  maxBytes: number,
): Promise<StagedPart> {
  const path = join(tempDir, `part-${randomUUID()}`);
  const file = createWriteStream(path, { flags: 'wx' });
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headBytes = 0;
  let sizeBytes = 0;
  let overCap = false;
  let fileError: Error | undefined;
  file.on('error', (error) => {
    fileError = error;
  });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      sizeBytes += chunk.length;
      if (fileError !== undefined) return callback(fileError);
      if (overCap) return callback();
      if (sizeBytes > maxBytes) {
        overCap = true;
        file.destroy();
        return callback();
      }
      hash.update(chunk);
      if (headBytes < TYPE_SNIFF_BYTES) {
        headChunks.push(chunk.subarray(0, TYPE_SNIFF_BYTES - headBytes));
        headBytes += Math.min(chunk.length, TYPE_SNIFF_BYTES - headBytes);
      }
      if (file.write(chunk)) return callback();
      file.once('drain', () => callback());
    },
    final(callback) {
      if (overCap) return callback();
      if (fileError !== undefined) return callback(fileError);
      file.end(() => callback(fileError));
    },
  });
  try {
    await pipeline(content, sink);
  } catch (error) {
    file.destroy();
    await rm(path, { force: true });
    throw error;
  }
  if (overCap) {
    await rm(path, { force: true });
    return { kind: 'too_large', seenBytes: sizeBytes };
  }
  return { kind: 'staged', path, sizeBytes, sha256: hash.digest('hex'), head: Buffer.concat(headChunks) };
}
