import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedQueue } from '../../../pipeline/adapters/embedded-queue.ts';
import { FolderBlobStore } from '../../../pipeline/adapters/folder-blob-store.ts';
import { EmbeddedLedger } from '../../../pipeline/adapters/sqlite-ledger.ts';
import { type IntakeRuntime, startIntake } from '../../../pipeline/local-intake.ts';
import { type IntakeMessage, origin } from '../../../pipeline/messages.ts';
import { handleIntake } from '../../../pipeline/stages/ingest.ts';
import type { ServiceClient } from '../../../src/client/service-client.ts';
import { loadConfig } from '../../../src/config/load-config.ts';
import { systemClock } from '../../../src/domain/clock.ts';
import { digestContent } from '../../../src/domain/content-digest.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteLedger } from '../../../src/store/sqlite-ledger.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import { waitFor } from '../../support/wait-for.ts';
import { samplePdf } from '../../unit/pipeline/sources-sample-files.ts';
import { clientOf, type Harness, startService } from '../service/service-harness.ts';

/** High enough that neither side's pacing slows the test; pacing has its own tests. */
const NO_RATE_LIMIT = 1_000_000;

describe('intake against the local service', () => {
  let service: Harness;
  let work: string;
  let inbox: string;
  let db: DatabaseSync;
  let store: SqliteQueue;
  let ledger: EmbeddedLedger;
  let blobs: FolderBlobStore;
  let client: ServiceClient;
  let intake: IntakeRuntime | undefined;

  beforeEach(async () => {
    service = await startService({ startProcessing: false, config: { rateLimitPerMinute: NO_RATE_LIMIT } });
    work = await mkdtemp(join(tmpdir(), 'stevedore-intake-'));
    inbox = join(work, 'inbox');
    await mkdir(inbox);
    db = openDatabase(join(work, 'worker.db'));
    store = new SqliteQueue(db, { name: 'intake', deadLetter: 'intake-dlq', pollIntervalMs: 10 });
    ledger = new EmbeddedLedger(new SqliteLedger(db));
    blobs = new FolderBlobStore(join(work, 'blobs'));
    client = clientOf(service, NO_RATE_LIMIT);
    intake = undefined;
  });
  afterEach(async () => {
    await intake?.stop();
    db.close();
    await service.close();
    await rm(work, { recursive: true, force: true });
  });

  const start = async (concurrency: number) => {
    intake = await startIntake({
      config: loadConfig({}, { inbox, dataDir: work, concurrency }),
      client,
      queue: new EmbeddedQueue(store),
      ledger,
      blobs,
      logger: silentLogger,
      clock: systemClock,
      tuning: { stabilityMs: 100, pollIntervalMs: 20, waitSeconds: 1 },
    });
    return intake;
  };

  const settled = async (runtime: IntakeRuntime, files: number) => {
    await waitFor(
      async () => {
        const stats = await runtime.stats();
        const { created, known, duplicate } = stats.documents;
        return stats.folder.taken === files && created + known + duplicate === files;
      },
      `${files} files ingested`,
      20_000,
    );
  };

  const allDocuments = async () => (await client.listDocuments({ 'page[size]': '100' })).data;

  it('creates one document with two origins for the same bytes dropped under two names', async () => {
    await writeFile(join(inbox, 'invoice.pdf'), samplePdf('twice'));
    await writeFile(join(inbox, 'invoice copy.pdf'), samplePdf('twice'));
    const runtime = await start(2);
    await settled(runtime, 2);

    const documents = await allDocuments();
    expect(documents).toHaveLength(1);
    const [document] = documents;
    const docEntries = await ledger.list('doc/');
    expect(docEntries.map((entry) => entry.value)).toEqual([document?.id]);
    const sha256 = docEntries[0]?.key.slice('doc/'.length);
    const origins = (await ledger.list(`origin/${sha256}/`)).map((entry) => JSON.parse(entry.value).fileName);
    expect(origins.sort()).toEqual(['invoice copy.pdf', 'invoice.pdf']);
    expect((await runtime.stats()).documents.created).toBe(1);
  });

  it('ingests 50 files with 4 uploads at once, each exactly once', async () => {
    const count = 50;
    await Promise.all(
      Array.from({ length: count }, (_, n) => writeFile(join(inbox, `doc-${n}.pdf`), samplePdf(`file ${n}`))),
    );
    const runtime = await start(4);
    await settled(runtime, count);

    const documents = await allDocuments();
    expect(documents).toHaveLength(count);
    expect(new Set(documents.map((document) => document.attributes.name)).size).toBe(count);
    expect(await ledger.list('doc/')).toHaveLength(count);
    expect(await ledger.list('by-doc/')).toHaveLength(count);
    expect((await runtime.stats()).documents).toEqual({ created: count, known: 0, duplicate: 0 });
    expect(await readdir(join(work, 'archive'))).toHaveLength(count);
    expect(await readdir(inbox)).toEqual([]);
    await waitFor(async () => (await store.stats()).inFlight === 0, 'every message deleted', 10_000);
    expect(await store.stats()).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
    expect(await store.deadLetters()).toEqual([]);
  });

  it('after a crash that lost the ledger writes, a redelivery records the existing document (409)', async () => {
    const bytes = samplePdf('crash');
    await writeFile(join(inbox, 'crash.pdf'), bytes);
    const runtime = await start(1);
    await settled(runtime, 1);
    const [document] = await allDocuments();

    // The same message again, handled with a ledger that never saw it: as if the worker died right after
    // the service created the document.
    const digest = await digestContent(bytes);
    const [originEntry] = await ledger.list(`origin/${digest.sha256}/`);
    const blobKey = 'staged/replay';
    await blobs.put(blobKey, bytes); // the copy a crash before the final delete would have left
    const replay: IntakeMessage = {
      kind: 'intake',
      version: 1,
      correlationId: 'replay',
      origin: origin.parse(JSON.parse(originEntry?.value ?? '')),
      blobKey,
      ...digest,
      contentType: 'application/pdf',
    };
    const replayDb = openDatabase(':memory:');
    const freshLedger = new EmbeddedLedger(new SqliteLedger(replayDb));
    const deps = { client, ledger: freshLedger, blobs, logger: silentLogger, clock: systemClock };
    try {
      expect(await handleIntake(replay, deps)).toEqual({ documentId: document?.id, result: 'duplicate' });
      expect(await allDocuments()).toHaveLength(1);
      expect(await freshLedger.get(`doc/${digest.sha256}`)).toBe(document?.id);
    } finally {
      replayDb.close();
    }
  });
});
