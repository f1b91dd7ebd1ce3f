import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailReaderPool, type MailReaderPool, readMailHere } from '../../../src/mail/mail-reader.ts';
import type { ReadMessage } from '../../../src/mail/types.ts';
import { CORPUS_DIR, CORPUS_LIMITS, makeTempDir } from '../../support/mail-corpus/read-fixture.ts';

/** What a read found, without its temp paths (each reader writes its own files). */
const found = (read: ReadMessage) => ({
  metadata: read.metadata,
  refusal: read.refusal,
  skipped: read.skipped,
  documents: read.documents.map(({ path: _path, bytes, ...document }) => ({
    ...document,
    inMemory: bytes !== null && Buffer.isBuffer(bytes),
  })),
});

describe('the mail reader pool (whole messages read in worker threads)', () => {
  let pool: MailReaderPool;
  let tempDir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    pool = createMailReaderPool({ threads: 2 });
    ({ dir: tempDir, cleanup } = await makeTempDir());
  });
  afterAll(async () => {
    await pool.close();
    await cleanup();
  });

  it('reads the whole hostile corpus exactly as the calling thread does, and leaves no temp file', async () => {
    const names = (await readdir(CORPUS_DIR)).filter((name) => name.endsWith('.eml')).sort();
    const raws = await Promise.all(names.map((name) => readFile(join(CORPUS_DIR, name))));
    const options = { tempDir, limits: CORPUS_LIMITS };
    // In groups, as the poller hands them over.
    const pooled: ReadMessage[] = [];
    for (let start = 0; start < raws.length; start += 7) {
      pooled.push(...(await pool.readMany(raws.slice(start, start + 7), options)));
    }
    const here = await readMailHere.readMany(raws, options);
    expect(pooled).toHaveLength(names.length);
    for (const [index, name] of names.entries()) {
      const [a, b] = [pooled[index], here[index]];
      if (a === undefined || b === undefined) throw new Error(`no read of ${name}`);
      expect(found(a), name).toEqual(found(b));
      for (const [n, document] of a.documents.entries()) {
        const other = b.documents[n];
        const bytes = document.bytes ?? (document.path === null ? null : await readFile(document.path));
        const expected = other?.bytes ?? (other?.path ? await readFile(other.path) : null);
        expect(bytes?.equals(expected ?? Buffer.alloc(0)), `${name} ${document.partPath}`).toBe(true);
      }
    }
    await Promise.all([...pooled, ...here].map((read) => read.dispose()));
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('a message that ends or stalls its thread is refused; the others of its group are read', async () => {
    const good = await readFile(join(CORPUS_DIR, 'octet-stream-pdf.eml'));
    const withHeader = (header: string) => Buffer.concat([Buffer.from(`X-Test-Thread: ${header}\r\n`), good]);
    const failing = createMailReaderPool({
      threads: 1,
      timeoutMs: 3_000,
      worker: new URL('../../support/mail-reader-failing-worker.ts', import.meta.url),
    });
    try {
      const options = { tempDir, limits: CORPUS_LIMITS };
      const reads = await failing.readMany(
        [good, withHeader('exit'), good, withHeader('hang'), good],
        options,
      );
      expect(reads.map((read) => read.refusal?.reason ?? 'read')).toEqual([
        'read',
        'unreadable',
        'read',
        'read_timeout',
        'read',
      ]);
      expect(reads[0]?.documents).toHaveLength(1);
      await Promise.all(reads.map((read) => read.dispose()));
    } finally {
      await failing.close();
    }
    // Closed, it refuses to read at all: the poll fails and is retried, no message is failed for it.
    await expect(failing.readMany([good], { tempDir, limits: CORPUS_LIMITS })).rejects.toThrow();
  });
});
