import { mkdir } from 'node:fs/promises';
import { AppError } from '../domain/errors.ts';
import { errorCode } from '../domain/system-error-code.ts';

/** Why a folder could not be made, in words, for the errno codes a person can act on. */
const MKDIR_FAILURES: Readonly<Record<string, string>> = {
  EEXIST: 'is a file, not a folder: move the file away or pick another',
  ENOTDIR: 'has a file where a folder should be on its path: check the path or pick another',
  EACCES: 'cannot be created (permission denied): fix the permissions or pick another',
  EPERM: 'cannot be created (permission denied): fix the permissions or pick another',
  EROFS: 'is on a read-only file system: pick another',
};

/**
 * Makes `path` (and its parents) unless it is there, before anything starts, so that a folder setting
 * pointing at a file stops the command at once with what to do instead of an errno after start-up.
 * `setting` names the flag and variable, as the message tells the person to change it.
 */
export async function makeFolder(path: string, setting: string): Promise<void> {
  try {
    await mkdir(path, { recursive: true });
  } catch (error) {
    const detail = MKDIR_FAILURES[errorCode(error) ?? ''];
    if (detail === undefined) throw error;
    throw new AppError('folder_unusable', `${path} ${detail} ${setting}`, { details: { path } });
  }
}
