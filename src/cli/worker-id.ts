import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE } from '../store/database.ts';

/** This installation's id, made on first use and kept in the data dir. */
export const workerId = async (dataDir: string): Promise<string> => {
  const file = join(dataDir, 'worker-id');
  const existing = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    () => '',
  );
  if (existing) return existing;
  const id = randomUUID();
  await mkdir(dataDir, { recursive: true });
  // `wx`: two starts racing on a new data dir agree on whichever id was written first.
  await writeFile(file, `${id}\n`, { flag: 'wx', mode: PRIVATE_FILE_MODE }).catch(() => undefined);
  return (await readFile(file, 'utf8')).trim();
};
