import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderBlobStore } from '../../../pipeline/adapters/folder-blob-store.ts';
import { EmbeddedLedger } from '../../../pipeline/adapters/sqlite-ledger.ts';
import { sweepStaged } from '../../../pipeline/admission/staged-sweep.ts';
import { deadLetterQueueOf, STAGING_DIR, WORKER_DB_FILE } from '../../../pipeline/local-queues.ts';
import { startLocalWorker } from '../../../pipeline/local-worker.ts';
import { handleIntake, parseIntake } from '../../../pipeline/stages/ingest.ts';
import { ServiceClient } from '../../../src/client/service-client.ts';
import { loadConfig } from '../../../src/config/load-config.ts';
import { type Clock, systemClock } from '../../../src/domain/clock.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteBlobTable } from '../../../src/store/sqlite-blob-table.ts';
import { SqliteLedger } from '../../../src/store/sqlite-ledger.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import { clientOf, startService } from '../service/service-harness.ts';
import { type Child, startChild } from '../store/spawn-child.ts';

const CHILD = fileURLToPath(new URL('./staging-child.ts', import.meta.url));
const DAY_MS = 24 * 60 * 60 * 1000;
/** Above the small-blob table's 256 KiB: a file in the staging folder. */
const LARGE = 400 * 1024;
/** A row of the worker's database. */
const SMALL = 10 * 1024;

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'stevedore-sweep-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** A clock `aheadMs` past the real time; its timers are the system's. */
const clockAhead = (aheadMs: number): Clock => ({ ...systemClock, now: () => Date.now() + aheadMs });

/** Runs staging-child.ts to the point `mode` names, then kills it there (SIGKILL: nothing runs after). */
async function crashAt(
  dataDir: string,
  mode: string,
  name: string,
  bytes: number,
  ...rest: string[]
): Promise<void> {
  const child: Child = startChild([mode, dataDir, name, String(bytes), ...rest], CHILD);
  cleanups.push(() => child.process.kill('SIGKILL'));
  await child.next();
  child.process.kill('SIGKILL');
  await child.exited();
}

/**
 * The local worker on `<root>/data`, its clock a day and a minute ahead (every staged copy is old enough
 * to sweep), with a service client that reaches nothing: these tests upload nothing.
 */
async function startWorkerADayAhead(
  root: string,
  options: Pick<Parameters<typeof startLocalWorker>[0], 'reclaimInFlight' | 'tuning'>,
) {
  const config = loadConfig(
    {},
    {
      dataDir: join(root, 'data'),
      inbox: join(root, 'inbox'),
      out: join(root, 'out'),
      host: '127.0.0.1',
      port: 0,
      receiverPort: 0,
      logLevel: 'silent',
    },
  );
  const worker = await startLocalWorker({
    config,
    client: new ServiceClient({ baseUrl: 'http://127.0.0.1:9/v2', token: 'unused' }),
    webhookSecret: () => 'unused',
    logger: silentLogger,
    clock: clockAhead(DAY_MS + 60_000),
    ...options,
  });
  cleanups.push(() => void worker.stop());
  return worker;
}

/** The worker's stores over `dataDir`, as `startLocalWorker` opens them. */
function workerStores(dataDir: string) {
  const db = openDatabase(join(dataDir, WORKER_DB_FILE));
  cleanups.push(() => {
    if (db.isOpen) db.close();
  });
  const blobs = new FolderBlobStore(join(dataDir, STAGING_DIR), { small: new SqliteBlobTable(db) });
  const intake = new SqliteQueue(db, { name: 'intake', deadLetter: deadLetterQueueOf('intake') });
  const dead = new SqliteQueue(db, { name: deadLetterQueueOf('intake') });
  const pending = async () => [...(await intake.bodies()), ...(await dead.bodies())];
  return { db, blobs, intake, pending };
}

/** Receives the intake queue's messages and dead-letters the one whose copy is `blobKey`. */
async function deadLetter(intake: SqliteQueue, blobKey: string): Promise<void> {
  const messages = await intake.receive({ maxMessages: 10, visibilityTimeoutSeconds: 1 });
  const message = messages.find((candidate) => candidate.body.includes(`"blobKey":"${blobKey}"`));
  if (message === undefined) throw new Error(`no message points at ${blobKey}`);
  expect(await intake.moveToDeadLetter(message.receiptHandle, 'the test gave up on it')).toBe(true);
}

const existing = async (blobs: FolderBlobStore, keys: readonly string[]): Promise<string[]> => {
  const found: string[] = [];
  for (const key of keys) if (await blobs.exists(key)) found.push(key);
  return found;
};

describe('the sweep of staged copies after a source process is killed', () => {
  it('removes what no message points at once it is old enough, and keeps every accepted copy', async () => {
    const dataDir = tempDir();
    await Promise.all([
      // Killed between staging and enqueue: a large copy is a file already; a small one was still in memory.
      crashAt(dataDir, 'stage', 'unsent-file', LARGE),
      crashAt(dataDir, 'stage', 'unsent-memory', SMALL),
      // Killed in the send, after the batch's copies were made durable (the small one as a row).
      crashAt(dataDir, 'send-hangs', 'unsent-row', SMALL),
      crashAt(dataDir, 'send-hangs', 'unsent-synced-file', LARGE),
      // Accepted: enqueued before the kill, one of them dead-lettered since.
      crashAt(dataDir, 'enqueue', 'queued', SMALL),
      crashAt(dataDir, 'enqueue', 'dead', LARGE),
    ]);
    const { blobs, intake, pending } = workerStores(dataDir);
    await deadLetter(intake, 'staged/crash-dead');
    const orphans = [
      'staged/crash-unsent-file',
      'staged/crash-unsent-row',
      'staged/crash-unsent-synced-file',
    ];
    const accepted = ['staged/crash-dead', 'staged/crash-queued'];
    expect(await existing(blobs, [...orphans, 'staged/crash-unsent-memory', ...accepted])).toEqual([
      ...orphans,
      ...accepted,
    ]);

    // Young: a source may still be about to send them.
    const young = await sweepStaged({ blobs, pending, clock: systemClock, logger: silentLogger });
    expect(young).toEqual({ old: 0, removed: 0 });
    expect(await existing(blobs, orphans)).toEqual(orphans);

    const later = await sweepStaged({
      blobs,
      pending,
      clock: clockAhead(DAY_MS + 60_000),
      logger: silentLogger,
    });
    expect(later).toEqual({ old: 5, removed: 3 });
    expect(await existing(blobs, [...orphans, ...accepted])).toEqual(accepted);
    // A second sweep finds only the accepted copies.
    expect(
      await sweepStaged({ blobs, pending, clock: clockAhead(DAY_MS + 60_000), logger: silentLogger }),
    ).toEqual({ old: 2, removed: 0 });
  });
});

describe('a copy whose ingest is killed midway', () => {
  it('is kept while its message waits, and removed by the ingest of the redelivery', async () => {
    const dataDir = tempDir();
    const service = await startService({ startProcessing: false });
    cleanups.push(() => void service.close());
    // Uploaded to the service, killed while the document is created.
    await crashAt(dataDir, 'ingest-hangs', 'mid-ingest', LARGE, `${service.origin}/v2`, service.apiKey);
    const { db, blobs, intake, pending } = workerStores(dataDir);
    const later = clockAhead(DAY_MS + 60_000);
    expect(await sweepStaged({ blobs, pending, clock: later, logger: silentLogger })).toEqual({
      old: 1,
      removed: 0,
    });

    // The next start takes the message back (the killed run held the lock) and ingests it again.
    expect(await intake.reclaimInFlight()).toBe(1);
    const [message] = await intake.receive({ maxMessages: 1 });
    if (message === undefined) throw new Error('the message did not come back');
    const outcome = await handleIntake(parseIntake(message.body), {
      client: clientOf(service),
      ledger: new EmbeddedLedger(new SqliteLedger(db)),
      blobs,
      logger: silentLogger,
      clock: systemClock,
    });
    await intake.delete(message.receiptHandle);
    expect(outcome.result).toBe('created');
    expect(await blobs.exists('staged/crash-mid-ingest')).toBe(false);
    expect(await blobs.keysStoredBefore('staged/', later.now())).toEqual([]);
  });
});

describe('the local worker at start', () => {
  it('sweeps what a killed run staged and never sent, before any source runs', async () => {
    const root = tempDir();
    const dataDir = join(root, 'data');
    await Promise.all([
      crashAt(dataDir, 'send-hangs', 'unsent-row', SMALL),
      crashAt(dataDir, 'stage', 'unsent-file', LARGE),
      crashAt(dataDir, 'enqueue', 'dead', SMALL),
    ]);
    const stores = workerStores(dataDir);
    await deadLetter(stores.intake, 'staged/crash-dead');
    stores.db.close();

    // Nothing is uploaded: the only message left is dead-lettered, and the inbox is empty.
    const worker = await startWorkerADayAhead(root, { reclaimInFlight: true });
    await worker.stop();

    const { blobs } = workerStores(dataDir);
    expect(
      await existing(blobs, ['staged/crash-unsent-row', 'staged/crash-unsent-file', 'staged/crash-dead']),
    ).toEqual(['staged/crash-dead']);
  });
});

describe('FolderBlobStore.keysStoredBefore', () => {
  it('dates a linked copy by the link, not by the mtime of the user file it shares', async () => {
    const root = tempDir();
    const file = join(root, 'old-scan.pdf');
    writeFileSync(file, '%PDF-1.4\n%%EOF\n');
    // A scan kept for years before it was dropped in the inbox.
    const yearsAgo = new Date(Date.now() - 3 * 365 * DAY_MS);
    utimesSync(file, yearsAgo, yearsAgo);
    const { db, blobs } = workerStores(join(root, 'data'));
    expect(await blobs.link('staged/linked', file, statSync(file).ino)).toBe('linked');
    await blobs.putUnflushed('staged/row', new Uint8Array([1, 2, 3]));
    await blobs.syncFiles(['staged/row']);

    expect(await blobs.keysStoredBefore('staged/', Date.now() - 60_000)).toEqual([]);
    expect(await blobs.keysStoredBefore('staged/', Date.now() + 60_000)).toEqual([
      'staged/linked',
      'staged/row',
    ]);
    expect(await blobs.keysStoredBefore('other/', Date.now() + 60_000)).toEqual([]);
    db.close();
  });
});

describe('the running worker', () => {
  it('sweeps again while it runs: a copy orphaned after its start goes, a queued one stays', async () => {
    const root = tempDir();
    const dataDir = join(root, 'data');
    // Queued before the start: the worker's ingest cannot reach the service, so the message waits for
    // another try. (Staged while the worker runs, its copy would be a day old to the worker's clock before
    // its message was sent, a window no real source holds a copy for.)
    await crashAt(dataDir, 'enqueue', 'queued', SMALL);
    // A day ahead: every copy made from here on is old enough to be swept once nothing names it.
    const worker = await startWorkerADayAhead(root, { tuning: { stagedSweepEveryMs: 20 } });
    // Left after the start's sweep, as a poll killed mid-chunk in a long-running worker would leave it.
    await crashAt(dataDir, 'stage', 'orphan', LARGE);
    const { blobs } = workerStores(dataDir);

    const deadline = Date.now() + 10_000;
    while ((await existing(blobs, ['staged/crash-orphan'])).length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await existing(blobs, ['staged/crash-orphan', 'staged/crash-queued'])).toEqual([
      'staged/crash-queued',
    ]);
    await worker.stop();
  });
});
