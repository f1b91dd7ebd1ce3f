import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { TYPE_SNIFF_BYTES } from '../domain/content-policy.ts';

/** A part's decoded bytes, in memory or written to a temp file, or the fact that they went over the cap. */
export type StagedPart =
  | {
      readonly kind: 'staged';
      /** The temp file holding the bytes; null when they are in `bytes`. */
      readonly path: string | null;
      /** The bytes of a small part, kept in memory; null when they went to `path`. */
      readonly bytes: Buffer | null;
      readonly sizeBytes: number;
      readonly sha256: string;
      /** The first bytes, enough for file-type to tell formats apart. */
      readonly head: Buffer;
    }
  | { readonly kind: 'too_large'; readonly seenBytes: number };

/**
 * How many bytes a message's parts may keep in memory, shared by its parts (they are staged at once): a
 * part that would go past it, or past `maxPartBytes`, is written to a temp file from that chunk on.
 */
export class MemoryBudget {
  private used = 0;
  readonly maxPartBytes: number;
  private readonly maxBytes: number;

  constructor(maxPartBytes: number, maxBytes: number) {
    this.maxPartBytes = maxPartBytes;
    this.maxBytes = maxBytes;
  }

  take(bytes: number): boolean {
    if (this.used + bytes > this.maxBytes) return false;
    this.used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.used -= bytes;
  }
}

/**
 * Streams `content` into memory while `budget` allows, else into a new file under `tempDir`, counting and
 * hashing as it goes. Past `maxBytes` the file is removed and the rest of the stream is drained unwritten,
 * so the producer (the MIME parser, a ZIP entry) is never left stalled and never fills the disk.
 */
export async function stagePart(
  content: NodeJS.ReadableStream,
  tempDir: string,
  maxBytes: number,
  budget?: MemoryBudget,
): Promise<StagedPart> {
  const path = join(tempDir, `part-${randomUUID()}`);
  let file: WriteStream | undefined;
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headBytes = 0;
  /** The bytes held in memory (all of them while `file` is undefined), and what they took of the budget. */
  let held: Buffer[] = [];
  let heldBytes = 0;
  let sizeBytes = 0;
  let overCap = false;
  let fileError: Error | undefined;
  const release = (): void => {
    budget?.give(heldBytes);
    held = [];
    heldBytes = 0;
  };
  const toFile = (): WriteStream => {
    const opened = createWriteStream(path, { flags: 'wx' });
    opened.on('error', (error) => {
      fileError = error;
    });
    for (const chunk of held) opened.write(chunk);
    release();
    return opened;
  };
  /** Takes one chunk: counted, hashed, then held in memory or written; the file when it must drain first. */
  const take = (chunk: Buffer): WriteStream | undefined => {
    sizeBytes += chunk.length;
    if (overCap) return undefined;
    if (sizeBytes > maxBytes) {
      overCap = true;
      file?.destroy();
      release();
      return undefined;
    }
    hash.update(chunk);
    if (headBytes < TYPE_SNIFF_BYTES) {
      headChunks.push(chunk.subarray(0, TYPE_SNIFF_BYTES - headBytes));
      headBytes += Math.min(chunk.length, TYPE_SNIFF_BYTES - headBytes);
    }
    if (
      file === undefined &&
      budget !== undefined &&
      sizeBytes <= budget.maxPartBytes &&
      budget.take(chunk.length)
    ) {
      held.push(chunk);
      heldBytes += chunk.length;
      return undefined;
    }
    file ??= toFile();
    return file.write(chunk) ? undefined : file;
  };
  try {
    // A plain loop, not stream.pipeline: the pipeline's abort signal costs an exception object per part.
    for await (const chunk of content as AsyncIterable<Buffer | string>) {
      const full = take(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      if (fileError !== undefined) throw fileError;
      if (full !== undefined) await once(full, 'drain');
    }
    // An empty part stays in memory whatever the budget: there is nothing to write.
    if (!overCap && file !== undefined) {
      const written = file;
      await new Promise<void>((resolve, reject) =>
        written.end((error?: Error | null) => {
          const failed = error ?? fileError;
          if (failed) reject(failed);
          else resolve();
        }),
      );
    }
  } catch (error) {
    release();
    if (file !== undefined) {
      file.destroy();
      await rm(path, { force: true });
    }
    throw error;
  }
  if (overCap) {
    if (file !== undefined) await rm(path, { force: true });
    return { kind: 'too_large', seenBytes: sizeBytes };
  }
  const sha256 = hash.digest('hex');
  const head = Buffer.concat(headChunks);
  if (file !== undefined) return { kind: 'staged', path, bytes: null, sizeBytes, sha256, head };
  // The budget stays taken until the message is disposed of: the bytes live as long as its documents.
  return { kind: 'staged', path: null, bytes: Buffer.concat(held, heldBytes), sizeBytes, sha256, head };
}
