import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeStaleReadFolders } from '../../../pipeline/sources/mail-read-folders.ts';

const HOUR = 60 * 60 * 1000;

describe('removeStaleReadFolders', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'stevedore-mail-tmp-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('removes the read folders a killed poll left, and keeps a poll under way and anything else', async () => {
    const now = Date.now();
    for (const name of ['batch-killed', 'batch-running', 'notes']) {
      await mkdir(join(root, name));
      await writeFile(join(root, name, 'part-1'), 'bytes');
    }
    const twoHoursAgo = new Date(now - 2 * HOUR);
    await utimes(join(root, 'batch-killed'), twoHoursAgo, twoHoursAgo);
    await utimes(join(root, 'notes'), twoHoursAgo, twoHoursAgo);

    expect(await removeStaleReadFolders(root, HOUR, now)).toBe(1);
    expect((await readdir(root)).sort()).toEqual(['batch-running', 'notes']);
  });

  it('is content with a temp folder that does not exist yet', async () => {
    expect(await removeStaleReadFolders(join(root, 'never-made'), HOUR, Date.now())).toBe(0);
  });
});
