import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
