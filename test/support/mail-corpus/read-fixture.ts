import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { readMailMessage } from '../../../src/mail/read-message.ts';
import type { MailLimits, ReadMessage } from '../../../src/mail/types.ts';

/** Limits small enough that the corpus reaches each of them. */
export const CORPUS_LIMITS: MailLimits = {
  maxMessageBytes: 1024 * 1024,
  maxAttachmentBytes: 512 * 1024,
  maxDocuments: 10,
  minInlineImageBytes: 2048,
  maxNestingDepth: 3,
  zip: { maxEntries: 20, maxEntryBytes: 512 * 1024, maxTotalBytes: 1024 * 1024, maxRatio: 100 },
};

export const CORPUS_DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'mail');

/** A private temp dir for one test file, removed by the returned cleanup. */
export async function makeTempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'stevedore-mail-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export function readFixture(
  name: string,
  tempDir: string,
  limits: MailLimits = CORPUS_LIMITS,
): Promise<ReadMessage> {
  return readMailMessage(createReadStream(join(CORPUS_DIR, `${name}.eml`)), { tempDir, limits });
}

/**
 * A test file's reader of corpus fixtures: its temp dir is made before the file's tests and removed after.
 * `read` reads a fixture whole and disposes of its temp files (what is read stays in memory).
 */
export function fixtureReader(): {
  read: (name: string) => Promise<ReadMessage>;
  tempDir: () => string;
} {
  let dir = '';
  let cleanup = async (): Promise<void> => {};
  beforeAll(async () => {
    ({ dir, cleanup } = await makeTempDir());
  });
  afterAll(() => cleanup());
  return {
    tempDir: () => dir,
    read: async (name) => {
      const message = await readFixture(name, dir);
      await message.dispose();
      return message;
    },
  };
}

/** A read's documents as `[part path, file name, content type]`. */
export const documentsOf = (read: ReadMessage) =>
  read.documents.map((doc) => [doc.partPath, doc.fileName, doc.contentType]);
/** A read's skipped parts as `[part path, reason]`. */
export const skippedOf = (read: ReadMessage) => read.skipped.map((part) => [part.partPath, part.reason]);
export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
