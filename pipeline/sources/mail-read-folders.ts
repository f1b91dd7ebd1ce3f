import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** The folder a chunk's reads write their temp files to, under the poller's temp folder. */
export const READ_FOLDER_PREFIX = 'batch-';

/**
 * Removes the read folders a killed poll left in `tempDir` (a poll removes its own as each chunk ends):
 * those last changed more than `olderThanMs` ago, so a poll of another process under way keeps its own.
 * Returns how many were removed.
 */
export async function removeStaleReadFolders(
  tempDir: string,
  olderThanMs: number,
  now: number,
): Promise<number> {
  let names: string[];
  try {
    names = await readdir(tempDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names.filter((entry) => entry.startsWith(READ_FOLDER_PREFIX))) {
    const path = join(tempDir, name);
    const info = await stat(path).catch(() => undefined);
    if (info === undefined || now - info.mtimeMs < olderThanMs) continue;
    await rm(path, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
