import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { FILE_READ_CHUNK_BYTES } from '../../src/domain/content-digest.ts';
import { errorCode } from '../../src/domain/system-error-code.ts';
import type { Admission, StageOutcome } from '../admission/admission.ts';
import type { Origin } from '../messages.ts';
import { type FileObservation, sameObservation } from './stability-tracker.ts';

/**
 * Stages one complete inbox file through the admission: it is opened once, and that one handle serves
 * the checks, the hash, the sync of its data and, where hard links are missing, the copy. A file swapped
 * in under the same name is never mixed in, and one that changed while it was read is looked at again.
 */
export async function stageInboxFile(
  path: string,
  expected: FileObservation,
  origin: Origin,
  admission: Admission,
): Promise<StageOutcome> {
  let handle: FileHandle;
  try {
    // O_NOFOLLOW: a symbolic link swapped in after the listing must not make us read another file.
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = errorCode(error);
    // Gone, or replaced by a link: the next listing decides what is there now.
    if (code === 'ENOENT' || code === 'ELOOP') return { kind: 'changed' };
    if (code === 'EACCES' || code === 'EPERM') {
      const detail = 'stevedore may not read the file (permission denied)';
      return { kind: 'rejected', rejection: { reason: 'unreadable', detail } };
    }
    throw error;
  }
  try {
    const before = await observeHandle(handle);
    if (before === undefined || !sameObservation(before, expected)) return { kind: 'changed' };
    const outcome = await admission.stage({
      body:
        before.size <= FILE_READ_CHUNK_BYTES
          ? await readWhole(handle, before.size)
          : handle.createReadStream({ start: 0, autoClose: false, highWaterMark: FILE_READ_CHUNK_BYTES }),
      sizeBytes: before.size,
      origin,
      localFile: { path, handle, ino: before.ino },
    });
    if (outcome.kind !== 'staged') return outcome;
    // Written to while it was read (same size, new mtime): what was staged may be a mix of two versions.
    const after = await observeHandle(handle);
    if (after === undefined || !sameObservation(after, before)) {
      await admission.discard(outcome.message);
      return { kind: 'changed' };
    }
    return outcome;
  } finally {
    await handle.close();
  }
}

/** A small file in one buffer: one or two reads instead of a stream. Shorter if the file shrank. */
async function readWhole(handle: FileHandle, size: number): Promise<Buffer> {
  // One byte more than expected, so a file that grew since the stat shows it.
  const bytes = Buffer.allocUnsafe(size + 1);
  let filled = 0;
  while (filled < bytes.length) {
    const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return bytes.subarray(0, filled);
}

const observeHandle = async (handle: FileHandle): Promise<FileObservation | undefined> => {
  const info = await handle.stat();
  return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino } : undefined;
};
