import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import {
  type ContentDigest,
  ContentTooLargeError,
  digestContent,
  FILE_READ_CHUNK_BYTES,
} from '../../src/domain/content-digest.ts';
import { detectFileType } from '../../src/extraction/detect-file-type.ts';
import type { BlobStore } from '../ports.ts';
import { errorCode } from './fs-errors.ts';
import { type FileObservation, sameObservation } from './stability-tracker.ts';

/** What the service extracts from; anything else is set aside. Detected from magic bytes only. */
export const ACCEPTED_TYPES: ReadonlyMap<string, string> = new Map([
  ['application/pdf', 'PDF'],
  ['image/png', 'PNG'],
  ['image/jpeg', 'JPEG'],
  ['image/tiff', 'TIFF'],
]);

/** file-type needs this many leading bytes to tell every format it knows apart. */
const TYPE_SNIFF_BYTES = 4_100;

export type RejectReason = 'empty' | 'too_large' | 'unsupported_type' | 'unreadable';

export type StageResult =
  | {
      readonly kind: 'staged';
      readonly blobKey: string;
      readonly digest: ContentDigest;
      readonly contentType: string;
      readonly observation: FileObservation;
    }
  | { readonly kind: 'rejected'; readonly reason: RejectReason; readonly detail: string }
  /** The file is not the one observed, or changed while being read: look at it again later. */
  | { readonly kind: 'changed' };

/** One staged copy per origin: its lifetime is that origin's intake message, nothing else shares it. */
export const stagedBlobKey = (originId: string): string => `staged/${originId}`;

/**
 * Checks a complete inbox file and copies its bytes into the blob store under `blobKey`, hashing them
 * in the same pass: the file is read once. It is read through one open handle, so a file swapped in
 * under the same name between the checks and the copy is never mixed in; a file that grew or shrank
 * meanwhile leaves no blob behind.
 */
export async function stageFile(
  path: string,
  expected: FileObservation,
  blobKey: string,
  deps: { readonly blobs: BlobStore; readonly maxBytes: number },
): Promise<StageResult> {
  let handle: FileHandle;
  try {
    // O_NOFOLLOW: a symbolic link swapped in after the listing must not make us read another file.
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = errorCode(error);
    // Gone, or replaced by a link: the next listing decides what is there now.
    if (code === 'ENOENT' || code === 'ELOOP') return { kind: 'changed' };
    if (code === 'EACCES' || code === 'EPERM') {
      return {
        kind: 'rejected',
        reason: 'unreadable',
        detail: 'stevedore may not read the file (permission denied)',
      };
    }
    throw error;
  }
  try {
    const info = await handle.stat();
    const observation = { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino };
    if (!info.isFile() || !sameObservation(observation, expected)) return { kind: 'changed' };
    if (info.size === 0) return { kind: 'rejected', reason: 'empty', detail: 'the file is empty (0 bytes)' };
    if (info.size > deps.maxBytes) {
      return {
        kind: 'rejected',
        reason: 'too_large',
        detail: `the file is ${info.size} bytes; the largest accepted is ${deps.maxBytes} bytes`,
      };
    }
    const type = await detectFileType(await readHead(handle, Math.min(info.size, TYPE_SNIFF_BYTES)));
    if (type === undefined || !ACCEPTED_TYPES.has(type.mime)) {
      const found = type === undefined ? 'an unrecognised format' : `${type.mime} (.${type.ext})`;
      const accepted = [...ACCEPTED_TYPES.values()].join(', ');
      return {
        kind: 'rejected',
        reason: 'unsupported_type',
        detail: `the content is ${found}; accepted: ${accepted}`,
      };
    }
    let digest: ContentDigest;
    try {
      digest = await digestContent(readAll(handle), {
        maxBytes: info.size,
        into: (body) => deps.blobs.put(blobKey, body),
      });
    } catch (error) {
      // It grew after the size check; the tap failed the stream before its end, so nothing was stored.
      if (error instanceof ContentTooLargeError) return { kind: 'changed' };
      throw error;
    }
    if (digest.sizeBytes !== info.size) {
      await deps.blobs.delete(blobKey);
      return { kind: 'changed' };
    }
    return { kind: 'staged', blobKey, digest, contentType: type.mime, observation };
  } finally {
    await handle.close();
  }
}

async function readHead(handle: FileHandle, length: number): Promise<Buffer> {
  const head = Buffer.alloc(length);
  const { bytesRead } = await handle.read(head, 0, length, 0);
  return head.subarray(0, bytesRead);
}

/** A stream over the whole file from its start; the handle stays open for the next pass. */
const readAll = (handle: FileHandle) =>
  handle.createReadStream({ start: 0, autoClose: false, highWaterMark: FILE_READ_CHUNK_BYTES });
