import { open } from 'node:fs/promises';

/**
 * Makes the entries of `folder` durable: a file created, renamed or linked into it survives a power
 * loss only once the folder itself is synced, not just the file.
 */
export const syncFolder = async (folder: string): Promise<void> => {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};
