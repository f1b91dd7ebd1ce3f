import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/domain/clock.ts';
import { type ExtractDocument, extractDocument } from '../../../src/extraction/extract-document.ts';
import { EXTRACTION_QUEUE_NAME } from '../../../src/service/documents/extraction-jobs.ts';
import { ExtractionOutcomeStore } from '../../../src/service/documents/extraction-outcome-store.ts';
import { MAX_EXTRACTION_RECEIVES } from '../../../src/service/documents/process-extraction-job.ts';
import {
  EXTRACTION_DEAD_LETTER_QUEUE,
  JOB_VISIBILITY_TIMEOUT_SECONDS,
} from '../../../src/service/documents/processing-loop.ts';
import { SERVICE_DATABASE_FILE } from '../../../src/service/service.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import {
  getDocument,
  type Harness,
  makeDataDir,
  startService,
  submit,
  waitForOutcome,
} from './service-harness.ts';

const VISIBILITY_MS = JOB_VISIBILITY_TIMEOUT_SECONDS * 1000;

const counting = () => {
  const calls = { count: 0 };
  const extract: ExtractDocument = async (bytes, hints) => {
    calls.count += 1;
    return extractDocument(bytes, hints);
  };
  return { calls, extract };
};

/** Works on the service's database while no service runs, as a crashed process would have left it. */
function withDatabase<T>(
  dataDir: string,
  clock: ManualClock,
  work: (db: DatabaseSync, queue: SqliteQueue) => Promise<T>,
) {
  const db = openDatabase(join(dataDir, SERVICE_DATABASE_FILE));
  const queue = new SqliteQueue(db, {
    name: EXTRACTION_QUEUE_NAME,
    visibilityTimeoutSeconds: JOB_VISIBILITY_TIMEOUT_SECONDS,
    clock,
  });
  return work(db, queue).finally(() => db.close());
}

describe('durable processing across restarts', () => {
  const harnesses: Harness[] = [];
  const dirs: string[] = [];
  const start = async (...args: Parameters<typeof startService>) => {
    const h = await startService(...args);
    harnesses.push(h);
    return h;
  };
  const dataDir = async () => {
    const dir = await makeDataDir();
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    await Promise.all(harnesses.splice(0).map((h) => h.close()));
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('hands a running job back on close; the next start finishes it', async () => {
    const dir = await dataDir();
    let started = false;
    const hanging: ExtractDocument = () => {
      started = true;
      return new Promise(() => undefined);
    };
    const first = await start({ dataDir: dir, extract: hanging, drainMs: 50 });
    const created = await submit(first, new TextEncoder().encode('interrupted'), { filename: 'i.txt' });
    await expect.poll(() => started).toBe(true);
    expect((await getDocument(first, created.id)).data.attributes.extraction_status).toBe('processing');
    await first.close();

    const second = await start({ dataDir: dir });
    const done = await waitForOutcome(second, created.id);
    expect(done.data.attributes).toMatchObject({ extraction_status: 'failed', extraction_attempts: 1 });
    expect(done.data.attributes.extraction_error?.reason).toBe('unsupported_file_type');
  });

  it('redelivers the job of a process that died holding it, once the visibility timeout passes', async () => {
    const dir = await dataDir();
    const clock = new ManualClock(Date.now());
    const first = await start({ dataDir: dir, clock, startProcessing: false });
    const created = await submit(first, new TextEncoder().encode('orphaned'), { filename: 'o.txt' });
    await first.close();
    await withDatabase(dir, clock, async (db, queue) => {
      expect(await queue.receive({ maxMessages: 1 })).toHaveLength(1);
      new ExtractionOutcomeStore(db, clock).markProcessing(created.id, 1);
    });

    const { calls, extract } = counting();
    const second = await start({ dataDir: dir, clock, extract });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls.count).toBe(0);
    clock.advance(VISIBILITY_MS + 1_000);
    const done = await waitForOutcome(second, created.id);
    expect(done.data.attributes.extraction_status).toBe('failed');
    expect(calls.count).toBe(1);
  });

  it('does not extract again when the outcome was written before the crash', async () => {
    const dir = await dataDir();
    const clock = new ManualClock(Date.now());
    const first = await start({ dataDir: dir, clock, startProcessing: false });
    const created = await submit(first, new TextEncoder().encode('outcome written'), { filename: 'w.txt' });
    await first.close();
    await withDatabase(dir, clock, async (db, queue) => {
      await queue.receive({ maxMessages: 1 });
      const outcome = {
        ok: true,
        documentType: 'other',
        classificationNotes: null,
        schemaVersion: 'v',
        payload: { a: 1 },
      } as const;
      expect(new ExtractionOutcomeStore(db, clock).write(created.id, 1, outcome)).toBe(true);
    });

    const { calls, extract } = counting();
    clock.advance(VISIBILITY_MS + 1_000);
    const second = await start({ dataDir: dir, clock, extract });
    await expect
      .poll(() => withDatabase(dir, clock, async (_db, queue) => queue.stats()))
      .toEqual({ visible: 0, inFlight: 0, delayed: 0 });
    expect(calls.count).toBe(0);
    expect((await getDocument(second, created.id)).data.attributes.extraction_status).toBe('extracted');
  });

  it(`ends a job delivered more than ${MAX_EXTRACTION_RECEIVES} times as failed with extractor_error`, async () => {
    const dir = await dataDir();
    const clock = new ManualClock(Date.now());
    const first = await start({ dataDir: dir, clock, startProcessing: false });
    const created = await submit(first, new TextEncoder().encode('poison'), { filename: 'p.txt' });
    await first.close();
    await withDatabase(dir, clock, async (_db, queue) => {
      for (let n = 0; n < MAX_EXTRACTION_RECEIVES; n += 1) {
        expect(await queue.receive({ maxMessages: 1 })).toHaveLength(1);
        clock.advance(VISIBILITY_MS + 1_000);
      }
    });

    const { calls, extract } = counting();
    const second = await start({ dataDir: dir, clock, extract });
    const done = await waitForOutcome(second, created.id);
    expect(done.data.attributes.extraction_status).toBe('failed');
    expect(done.data.attributes.extraction_error?.reason).toBe('extractor_error');
    expect(calls.count).toBe(0);
  });

  it('retries an extractor that throws, then ends as extractor_error instead of staying stuck', async () => {
    const clock = new ManualClock(Date.now());
    let calls = 0;
    const throwing: ExtractDocument = async () => {
      calls += 1;
      throw new Error('segfault-like crash');
    };
    const h = await start({ clock, extract: throwing });
    const created = await submit(h, new TextEncoder().encode('crashes'), { filename: 'c.txt' });
    const done = await waitForOutcome(h, created.id, { onPoll: () => clock.advance(10_000) });
    expect(done.data.attributes.extraction_status).toBe('failed');
    expect(done.data.attributes.extraction_error).toEqual({
      reason: 'extractor_error',
      detail: expect.stringContaining('segfault-like crash'),
    });
    expect(calls).toBe(MAX_EXTRACTION_RECEIVES);
  });

  it('sends the job a crash kept from being sent (document written, queue send lost)', async () => {
    const dir = await dataDir();
    const clock = new ManualClock(Date.now());
    const first = await start({ dataDir: dir, clock, startProcessing: false });
    const created = await submit(first, new TextEncoder().encode('lost send'), { filename: 'l.txt' });
    await first.close();
    await withDatabase(dir, clock, async (db) => {
      db.exec(`DELETE FROM queue_messages WHERE queue = '${EXTRACTION_QUEUE_NAME}'`);
      db.exec('UPDATE documents SET enqueued_attempt = 0');
    });

    const second = await start({ dataDir: dir, clock });
    const done = await waitForOutcome(second, created.id);
    expect(done.data.attributes.extraction_status).toBe('failed');
  });

  it('moves a malformed job to the dead-letter queue with its reason instead of redelivering it forever', async () => {
    const dir = await dataDir();
    const clock = new ManualClock(Date.now());
    const first = await start({ dataDir: dir, clock, startProcessing: false });
    await first.close();
    await withDatabase(dir, clock, async (_db, queue) => {
      await queue.send('{"documentId": 42}');
    });

    await start({ dataDir: dir, clock });
    const deadLetters = () =>
      withDatabase(dir, clock, async (db) =>
        new SqliteQueue(db, {
          name: EXTRACTION_QUEUE_NAME,
          deadLetter: EXTRACTION_DEAD_LETTER_QUEUE,
          clock,
        }).deadLetters(),
      );
    await expect.poll(deadLetters).toEqual([
      expect.objectContaining({
        body: '{"documentId": 42}',
        reason: 'malformed_extraction_job: the extraction job is not a valid job',
      }),
    ]);
  });
});
