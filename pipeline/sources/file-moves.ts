import { constants } from 'node:fs';
import { copyFile, link, lstat, mkdir, open, rm, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../src/domain/errors.ts';
import { errorCode } from '../../src/domain/system-error-code.ts';
import { syncFolder } from '../../src/store/sync-folder.ts';
import { truncateName } from './display-name.ts';

/** Longest file name most filesystems accept, in bytes. */
const MAX_NAME_BYTES = 255;
/** Past this many numbered names the folder needs a person's attention more than another suffix. */
const MAX_SUFFIX = 9_999;
/** Errors of `link` on filesystems or mounts without hard links (FAT, many SMB and FUSE mounts). */
const LINK_UNSUPPORTED = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

export interface Companion {
  /** Appended to the moved file's final name, e.g. `.reason.txt`. */
  readonly suffix: string;
  readonly content: string;
}

/**
 * Moves `source` into `folder` under `name`, or `name (1)`, `name (2)`… when taken: an existing file is
 * never overwritten. The file is placed before the source is removed, so a crash in between leaves a copy
 * in both places rather than in neither. With a `companion`, a text file named after the final name is
 * written beside it first (the reason a file was set aside), and both names are free.
 * Returns the final path.
 */
export async function moveWithoutOverwrite(
  source: string,
  folder: string,
  name: string,
  companion?: Companion,
): Promise<string> {
  await mkdir(folder, { recursive: true });
  const reserve = companion === undefined ? 0 : Buffer.byteLength(companion.suffix, 'utf8');
  for (let n = 0; n <= MAX_SUFFIX; n += 1) {
    const target = join(folder, numberedName(name, n, MAX_NAME_BYTES - reserve));
    const companionPath = companion === undefined ? undefined : `${target}${companion.suffix}`;
    if (companionPath !== undefined && companion !== undefined) {
      try {
        await writeFile(companionPath, companion.content, { flag: 'wx', flush: true });
      } catch (error) {
        if (errorCode(error) === 'EEXIST') continue;
        throw error;
      }
    }
    try {
      await place(source, target);
    } catch (error) {
      if (companionPath !== undefined) await rm(companionPath, { force: true });
      if (errorCode(error) === 'EEXIST') continue;
      throw error;
    }
    await syncFolder(folder);
    await unlink(source);
    return target;
  }
  throw new AppError('folder_full', `${folder} already holds ${MAX_SUFFIX} files named like ${name}`, {
    details: { folder, name },
  });
}

/**
 * Places `source` in `folder` under `name`, or `name (1)`, `name (2)`… when taken, and leaves `source`
 * where it is: the caller removes it once what depends on the new name is durable, after syncing
 * `folder`. A name that already holds this very file (inode `ino`, linked by an attempt that crashed
 * before removing the source) is reused, so a retry adds no second copy. Returns the final path.
 */
export async function placeWithoutOverwrite(
  source: string,
  folder: string,
  name: string,
  ino: number,
): Promise<string> {
  let made = false;
  for (let n = 0; n <= MAX_SUFFIX; n += 1) {
    const target = join(folder, numberedName(name, n, MAX_NAME_BYTES));
    try {
      await place(source, target);
      return target;
    } catch (error) {
      // The folder is created on first need only: a `mkdir` per file was a syscall per file for nothing.
      if (errorCode(error) === 'ENOENT' && !made && (await exists(source))) {
        await mkdir(folder, { recursive: true });
        made = true;
        n -= 1; // the same name again, now that its folder exists
        continue;
      }
      if (errorCode(error) !== 'EEXIST') throw error;
      const existing = await lstat(target).catch(() => undefined);
      if (existing?.ino === ino) return target;
    }
  }
  throw new AppError('folder_full', `${folder} already holds ${MAX_SUFFIX} files named like ${name}`, {
    details: { folder, name },
  });
}

const exists = async (path: string): Promise<boolean> =>
  (await lstat(path).catch(() => undefined)) !== undefined;

/** Creates `target` with the bytes of `source`; fails with EEXIST when `target` exists. */
async function place(source: string, target: string): Promise<void> {
  try {
    await link(source, target);
  } catch (error) {
    const code = errorCode(error);
    if (code === undefined || !LINK_UNSUPPORTED.has(code)) throw error;
    await copyFile(source, target, constants.COPYFILE_EXCL);
    const handle = await open(source, 'r');
    try {
      const { atime, mtime } = await handle.stat();
      await utimes(target, atime, mtime); // a copy keeps the user's timestamps, as a link does
    } finally {
      await handle.close();
    }
  }
}

/** `name`, then `stem (1).ext`, `stem (2).ext`…, cut to `maxBytes`. */
export function numberedName(name: string, n: number, maxBytes: number): string {
  if (n === 0) return truncateName(name, maxBytes);
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot) : '';
  const stem = extension === '' ? name : name.slice(0, dot);
  const tail = ` (${n})${extension}`;
  return truncateName(stem, maxBytes - Buffer.byteLength(tail, 'utf8')) + tail;
}
