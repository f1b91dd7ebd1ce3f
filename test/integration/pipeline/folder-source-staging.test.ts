import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedQueue } from '../../../pipeline/adapters/embedded-queue.ts';
import { FolderBlobStore } from '../../../pipeline/adapters/folder-blob-store.ts';
import { FolderSource } from '../../../pipeline/sources/folder-source.ts';
import { parseIntake } from '../../../pipeline/stages/ingest.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import { samplePdf } from '../../unit/pipeline/sources-sample-files.ts';

const STABILITY_MS = 1_000;
/** Permission bits only. */
const mode = async (path: string) => (await stat(path)).mode & 0o777;

describe('FolderSource staging into a real blob folder', () => {
  let root: string;
  let inbox: string;
  let db: DatabaseSync;
  let store: SqliteQueue;
  let blobs: FolderBlobStore;
  let clock: ManualClock;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'stevedore-staging-'));
    inbox = join(root, 'inbox');
    await mkdir(inbox);
    db = openDatabase(join(root, 'worker.db'));
    store = new SqliteQueue(db, { name: 'intake' });
    blobs = new FolderBlobStore(join(root, 'staging'));
    clock = new ManualClock();
  });
  afterEach(async () => {
    db.close();
    await rm(root, { recursive: true, force: true });
  });

  const scanTwice = async () => {
    const source = new FolderSource({
      inbox,
      blobs,
      queue: new EmbeddedQueue(store),
      clock,
      logger: silentLogger,
      maxBytes: 10_000_000,
      stabilityMs: STABILITY_MS,
    });
    await source.scan();
    clock.advance(STABILITY_MS);
    await source.scan();
    return source;
  };

  it('stages by hard link: the staged blob is the archived file, not a copy', async () => {
    await writeFile(join(inbox, 'invoice.pdf'), samplePdf('linked'));
    await scanTwice();
    const [message] = (await store.receive({ maxMessages: 10 })).map((m) => parseIntake(m.body));
    const staged = await stat(join(root, 'staging', message?.blobKey ?? ''));
    const archived = await stat(join(root, 'archive', 'invoice.pdf'));
    expect(staged.ino).toBe(archived.ino);
    expect(await readdir(inbox)).toEqual([]);
  });

  it('keeps the blob folders private to the account running stevedore', async () => {
    await writeFile(join(inbox, 'invoice.pdf'), samplePdf('private'));
    await scanTwice();
    expect(await mode(join(root, 'staging'))).toBe(0o700);
    expect(await mode(join(root, 'staging', 'staged'))).toBe(0o700);
    await blobs.put('copied/one', samplePdf('copied'));
    expect(await mode(join(root, 'staging', 'copied', 'one'))).toBe(0o600);
  });

  it('takes a whole batch of files in one scan, each with its own message', async () => {
    const count = 40;
    for (let i = 0; i < count; i += 1) await writeFile(join(inbox, `doc-${i}.pdf`), samplePdf(i));
    const source = await scanTwice();
    const messages = [];
    for (
      let batch = await store.receive({ maxMessages: 10 });
      batch.length > 0;
      batch = await store.receive({ maxMessages: 10 })
    ) {
      messages.push(...batch.map((m) => parseIntake(m.body)));
    }
    expect(new Set(messages.map((m) => m.origin.fileName)).size).toBe(count);
    expect(source.stats()).toMatchObject({ taken: count, failures: 0, waiting: 0 });
    expect(await readdir(join(root, 'archive'))).toHaveLength(count);
  });
});
