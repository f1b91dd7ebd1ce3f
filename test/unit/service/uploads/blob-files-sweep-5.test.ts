import { mkdtemp, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobFiles } from '../../../../src/service/uploads/blob-files.ts';

/**
 * probe-storage-5: the sweep's check that a stored file is unneeded and its removal are one step under the
 * content's lock, which `keep` takes too. Before the lock, an upload of the same bytes as an old orphan could
 * be kept between the check and the removal, and lose its file though its upload was answered 204.
 */
let root: string;
let files: BlobFiles;
const HOUR = 3_600_000;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'stevedore-blob-sweep-'));
  files = new BlobFiles(root);
  await files.init();
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const keepOld = async (bytes: Buffer): Promise<string> => {
  const received = await files.receive(Readable.from([bytes]), bytes.length);
  await files.keep(received);
  const old = new Date(Date.now() - 2 * HOUR);
  await utimes(files.path(received.sha256), old, old);
  return received.sha256;
};

describe('BlobFiles.removeUnless', () => {
  it('removes an old file no row needs, keeps a young one and one a row needs', async () => {
    const old = await keepOld(Buffer.from('old orphan'));
    const needed = await keepOld(Buffer.from('old but needed'));
    const young = await files.receive(Readable.from([Buffer.from('young')]), 5);
    await files.keep(young);
    const notAfter = Date.now() - HOUR;
    expect(await files.removeUnless(old, notAfter, () => false)).toBe(true);
    expect(await files.removeUnless(needed, notAfter, () => true)).toBe(false);
    expect(await files.removeUnless(young.sha256, notAfter, () => false)).toBe(false);
    expect(await files.removeUnless(old, notAfter, () => false)).toBe(false);
    const listed = [];
    for await (const digests of files.storedDigests()) listed.push(...digests);
    expect(listed.sort()).toEqual([needed, young.sha256].sort());
  });

  it('never removes a file kept again while the removal of its old copy was being decided', async () => {
    for (let round = 0; round < 50; round += 1) {
      const bytes = Buffer.from(`orphan kept again ${round}`);
      const sha256 = await keepOld(bytes);
      const again = await files.receive(Readable.from([bytes]), bytes.length);
      const notAfter = Date.now() - HOUR;
      await Promise.all([files.removeUnless(sha256, notAfter, () => false), files.keep(again)]);
      // keep() resolved: its caller writes the row now, and the file must be there for it.
      await expect(stat(files.path(sha256))).resolves.toBeDefined();
    }
  });
});
