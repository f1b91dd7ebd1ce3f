import { createHash } from 'node:crypto';
import { appendFile, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedQueue } from '../../../pipeline/adapters/embedded-queue.ts';
import { FolderBlobStore } from '../../../pipeline/adapters/folder-blob-store.ts';
import { FolderSource } from '../../../pipeline/sources/folder-source.ts';
import { parseIntake } from '../../../pipeline/stages/ingest.ts';
import { systemClock } from '../../../src/domain/clock.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import { waitFor } from '../../support/wait-for.ts';
import { samplePdf } from '../../unit/pipeline/sources-sample-files.ts';

const STABILITY_MS = 150;
/** The watcher's stability checks and staging take a few of its intervals; this is far past them. */
const WAIT_MS = 10_000;

describe('FolderSource on a real folder', () => {
  let root: string;
  let inbox: string;
  let db: DatabaseSync;
  let store: SqliteQueue;
  let blobs: FolderBlobStore;
  let source: FolderSource;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'stevedore-drop-'));
    inbox = join(root, 'inbox');
    db = openDatabase(join(root, 'worker.db'));
    store = new SqliteQueue(db, { name: 'intake' });
    blobs = new FolderBlobStore(join(root, 'blobs'));
    source = new FolderSource({
      inbox,
      blobs,
      queue: new EmbeddedQueue(store),
      clock: systemClock,
      logger: silentLogger,
      maxBytes: 10_000_000,
      stabilityMs: STABILITY_MS,
      pollIntervalMs: 20,
    });
  });
  afterEach(async () => {
    await source.stop();
    db.close();
    await rm(root, { recursive: true, force: true });
  });

  const bodies = async () =>
    (await store.receive({ maxMessages: 10 })).map((message) => parseIntake(message.body));
  const names = async (folder: string) => (await readdir(folder).catch(() => [])).sort();
  const archived = async () => names(join(root, 'archive'));

  it('takes files already there at start and files dropped later: staged, enqueued, archived', async () => {
    await mkdir(inbox);
    await writeFile(join(inbox, 'before.pdf'), samplePdf('before'));
    await source.start();
    await writeFile(join(inbox, 'after.pdf'), samplePdf('after'));
    // The archive copies exist before the queue commit; the inbox names go only after it.
    await waitFor(
      async () => (await archived()).length === 2 && (await names(inbox)).length === 0,
      'both files archived and enqueued',
      WAIT_MS,
    );

    const messages = await bodies();
    expect(messages.map((message) => message.origin.fileName).sort()).toEqual(['after.pdf', 'before.pdf']);
    for (const message of messages) {
      const staged = await readFile(join(root, 'blobs', message.blobKey));
      expect(createHash('sha256').update(staged).digest('hex')).toBe(message.sha256);
    }
    expect(await names(inbox)).toEqual([]);
    expect(await names(join(root, 'blobs', '.incoming'))).toEqual([]);
  });

  it('does not take a file while it is still being written in chunks', async () => {
    await source.start();
    const path = join(inbox, 'slow.pdf');
    const chunks = [samplePdf('slow'), ...Array.from({ length: 8 }, (_, n) => Buffer.from(`% chunk ${n}\n`))];
    for (const chunk of chunks) {
      await appendFile(path, chunk);
      await delay(STABILITY_MS / 3);
      expect(await archived()).toEqual([]);
    }
    // The archive name is taken before the send; the inbox name goes only once the message is durable.
    await waitFor(async () => (await names(inbox)).length === 0, 'the slow file archived', WAIT_MS);
    const [message] = await bodies();
    expect(message?.sizeBytes).toBe(Buffer.concat(chunks).byteLength);
    expect(await readFile(join(root, 'blobs', message?.blobKey ?? ''))).toEqual(Buffer.concat(chunks));
  });

  it('ignores a .part download and hidden files, and takes the download once renamed', async () => {
    await source.start();
    await writeFile(join(inbox, 'invoice.pdf.part'), samplePdf('download'));
    await writeFile(join(inbox, '.secret.pdf'), samplePdf('hidden'));
    await delay(STABILITY_MS * 3);
    expect(await archived()).toEqual([]);
    await rename(join(inbox, 'invoice.pdf.part'), join(inbox, 'invoice.pdf'));
    await waitFor(
      async () => !(await names(inbox)).includes('invoice.pdf'),
      'the renamed download archived',
      WAIT_MS,
    );
    expect(await archived()).toEqual(['invoice.pdf']);
    expect(await names(inbox)).toEqual(['.secret.pdf']);
  });

  it('sets aside empty and unsupported files with a reason, and enqueues nothing for them', async () => {
    await source.start();
    await writeFile(join(inbox, 'empty.pdf'), '');
    await writeFile(join(inbox, 'letter.docx'), 'PK\u0003\u0004 pretending to be a Word file');
    const rejected = join(root, 'rejected');
    await waitFor(async () => (await names(rejected)).length === 4, 'two files set aside', WAIT_MS);
    expect(await names(rejected)).toEqual([
      'empty.pdf',
      'empty.pdf.reason.txt',
      'letter.docx',
      'letter.docx.reason.txt',
    ]);
    expect(await readFile(join(rejected, 'empty.pdf.reason.txt'), 'utf8')).toContain('reason: empty');
    expect(await readFile(join(rejected, 'letter.docx.reason.txt'), 'utf8')).toContain(
      'reason: unsupported_type',
    );
    expect(await bodies()).toEqual([]);
  });

  it('finishes the file in hand before stop resolves', async () => {
    await mkdir(inbox);
    await writeFile(join(inbox, 'big.pdf'), Buffer.concat([samplePdf('big'), Buffer.alloc(5_000_000, 0x20)]));
    await source.start();
    await waitFor(() => source.stats().waiting === 1, 'the file seen', WAIT_MS);
    await delay(STABILITY_MS);
    await source.stop();
    // Either taken whole (staged, enqueued, archived) or not touched at all.
    const taken = (await archived()).length === 1;
    expect(await names(inbox)).toEqual(taken ? [] : ['big.pdf']);
    expect((await bodies()).length).toBe(taken ? 1 : 0);
  });
});
