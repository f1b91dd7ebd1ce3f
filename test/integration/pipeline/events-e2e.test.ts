import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedQueue } from '../../../pipeline/adapters/embedded-queue.ts';
import { FolderBlobStore } from '../../../pipeline/adapters/folder-blob-store.ts';
import { EmbeddedLedger } from '../../../pipeline/adapters/sqlite-ledger.ts';
import { isOpen, readOutcome } from '../../../pipeline/ledger/documents.ts';
import { ledgerTotals } from '../../../pipeline/ledger/totals.ts';
import { type EventsRuntime, startEvents } from '../../../pipeline/local-events.ts';
import { FolderSink } from '../../../pipeline/sinks/folder-sink.ts';
import { handleIntake } from '../../../pipeline/stages/ingest.ts';
import { ensureDocumentSubscription } from '../../../src/client/ensure-subscription.ts';
import { ServiceClient } from '../../../src/client/service-client.ts';
import { loadConfig } from '../../../src/config/load-config.ts';
import type { Config } from '../../../src/config/settings.ts';
import { systemClock } from '../../../src/domain/clock.ts';
import type { ExtractDocument } from '../../../src/extraction/extract-document.ts';
import { extractDocument } from '../../../src/extraction/extract-document.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { createService, type LocalService } from '../../../src/service/service.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteLedger } from '../../../src/store/sqlite-ledger.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import { makeSampleCorpus } from '../../support/samples/sample-corpus.ts';
import { makeScannedLikePdf } from '../../support/samples/special-pdfs.ts';

/** How long a document may take from upload to a settled outcome on a loaded machine. */
const OUTCOME_TIMEOUT_MS = 15_000;
/** Between two looks at the ledger: the chain runs on real timers and real sockets. */
const POLL_MS = 25;

/**
 * Waits until the events stage is done with the document: its outcome is recorded and its open marker
 * closed, which happens after the outcome file is final. Waiting for the file alone would race the
 * ledger writes that follow it.
 */
const settled = async (ledger: EmbeddedLedger, documentId: string): Promise<void> => {
  const deadline = Date.now() + OUTCOME_TIMEOUT_MS;
  while ((await readOutcome(ledger, documentId)) === undefined || (await isOpen(ledger, documentId))) {
    if (Date.now() > deadline)
      throw new Error(`document ${documentId} not settled in ${OUTCOME_TIMEOUT_MS} ms`);
    await delay(POLL_MS);
  }
};

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

/**
 * Extraction of a file waits until the test releases it, once ingest has recorded the document: the
 * webhook then always finds the ledger entries, instead of racing ingest for them (a race that used to
 * cost a redelivery, and its backoff, on a fast machine only). `flaky-*` files fail as an extractor crash.
 */
const gatedExtractor = () => {
  const gates = new Map<string, Promise<void>>();
  const extract: ExtractDocument = async (bytes, hints) => {
    await gates.get(hints.filename);
    if (hints.filename.startsWith('flaky-')) {
      return { ok: false, reason: 'extractor_error', detail: 'the extractor crashed', documentType: null };
    }
    return extractDocument(bytes, hints);
  };
  const hold = (fileName: string): (() => void) => {
    let release = (): void => undefined;
    gates.set(
      fileName,
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    return () => release();
  };
  return { extract, hold };
};

describe('webhooks from the local service to result files', () => {
  const extractor = gatedExtractor();
  let dir: string;
  let config: Config;
  let service: LocalService;
  let client: ServiceClient;
  let db: DatabaseSync;
  let store: SqliteLedger;
  let ledger: EmbeddedLedger;
  let blobs: FolderBlobStore;
  let events: EventsRuntime;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stevedore-e2e-events-'));
    config = loadConfig(
      {},
      {
        dataDir: join(dir, 'service'),
        out: join(dir, 'out'),
        host: '127.0.0.1',
        port: 0,
        receiverPort: 0,
        allowPrivateWebhooks: true,
        maxReextracts: 1,
      },
    );
    service = await createService({ config, extract: extractor.extract });
    const { url } = await service.listen();
    client = new ServiceClient({ baseUrl: `${url}/v2`, token: service.apiKey, requestsPerMinute: 6_000 });
    db = openDatabase(join(dir, 'worker.db'));
    store = new SqliteLedger(db);
    ledger = new EmbeddedLedger(store);
    blobs = new FolderBlobStore(join(dir, 'blobs'));
    let secret = '';
    events = await startEvents({
      config,
      client,
      eventsQueue: new EmbeddedQueue(new SqliteQueue(db, { name: 'events' })),
      ledger,
      sink: new FolderSink(config.out),
      logger: silentLogger,
      clock: systemClock,
      webhookSecret: () => secret,
      requireTimestamp: true,
      // No wait between re-extractions, so the failure route completes within the test.
      reextractBackoff: () => 0,
    });
    secret = (await ensureDocumentSubscription(client, events.receiverUrl, 'events-e2e')).attributes.secret;
  });

  afterAll(async () => {
    await events?.stop();
    await service?.close();
    db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** What the intake stage does for a file dropped in the inbox; extraction starts once it is done. */
  const ingest = async (
    bytes: Uint8Array,
    fileName: string,
    into: EmbeddedLedger = ledger,
  ): Promise<{ documentId: string; blobKey: string }> => {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const blobKey = `staged/${sha256}`;
    await blobs.put(blobKey, bytes);
    const release = extractor.hold(fileName);
    const { documentId } = await handleIntake(
      {
        kind: 'intake',
        version: 1,
        correlationId: `test-${fileName}`,
        origin: {
          originId: `folder-${fileName}`,
          source: 'folder',
          fileName,
          location: `inbox/${fileName}`,
          receivedAt: new Date().toISOString(),
        },
        blobKey,
        sha256,
        md5Base64: createHash('md5').update(bytes).digest('base64'),
        sizeBytes: bytes.byteLength,
        contentType: 'application/pdf',
      },
      { client, ledger: into, blobs, logger: silentLogger, clock: systemClock },
    );
    release();
    return { documentId, blobKey };
  };

  it('writes results/<id>.json for an extracted invoice, with its origin', async () => {
    const [sample] = await makeSampleCorpus(1, 7);
    if (sample === undefined) throw new Error('no sample');
    const { documentId, blobKey } = await ingest(sample.bytes, 'invoice.pdf');

    await settled(ledger, documentId);
    const result = readJson(join(config.out, 'results', `${documentId}.json`));

    expect(result).toMatchObject({
      status: 'extracted',
      document_id: documentId,
      document_type: sample.expected.documentType,
      origins: [{ origin_id: 'folder-invoice.pdf', file_name: 'invoice.pdf', source: 'folder' }],
    });
    expect(await ledger.get(`outcome/${documentId}`)).toBe('extracted');
    expect(await blobs.exists(blobKey)).toBe(false);
  });

  it('re-extracts a document the extractor crashed on, then routes it to failed/ with every attempt', async () => {
    const [sample] = await makeSampleCorpus(1, 8);
    if (sample === undefined) throw new Error('no sample');
    const { documentId } = await ingest(sample.bytes, 'flaky-invoice.pdf');

    await settled(ledger, documentId);
    const failure = readJson(join(config.out, 'failed', `${documentId}.json`));

    expect(failure).toMatchObject({
      status: 'failed',
      document_id: documentId,
      reason: 'extractor_error',
      attempts: [{ attempt: 1 }, { attempt: 2 }],
      origins: [{ origin_id: 'folder-flaky-invoice.pdf' }],
    });
    expect(await ledger.get(`reextract/${documentId}/1`)).toBeDefined();
    expect(existsSync(join(config.out, 'results', `${documentId}.json`))).toBe(false);
  });

  it('routes a PDF without a text layer to failed/ at once: re-extracting cannot change it', async () => {
    const { documentId } = await ingest(await makeScannedLikePdf(), 'scan.pdf');

    await settled(ledger, documentId);
    const failure = readJson(join(config.out, 'failed', `${documentId}.json`));

    expect(failure).toMatchObject({
      status: 'failed',
      reason: 'no_text_layer',
      attempts: [{ attempt: 1, reason: 'no_text_layer' }],
      origins: [{ origin_id: 'folder-scan.pdf' }],
    });
    expect(await ledger.get(`reextract/${documentId}/1`)).toBeUndefined();
    expect(await ledger.list('open/')).toEqual([]);
  });

  it('names the service as the origin of a document another client of the account created', async () => {
    const [sample] = await makeSampleCorpus(1, 9);
    if (sample === undefined) throw new Error('no sample');
    // Another client: same account, its own ledger (as `stevedore ingest` next to `stevedore up`).
    const elsewhere = new EmbeddedLedger(new SqliteLedger(openDatabase(':memory:')));
    const { documentId } = await ingest(sample.bytes, 'by-hand.pdf', elsewhere);

    await settled(ledger, documentId);
    const result = readJson(join(config.out, 'results', `${documentId}.json`));

    expect(result).toMatchObject({
      sha256: null,
      origins: [{ origin_id: `service:${documentId}`, source: 'api', file_name: 'by-hand.pdf' }],
    });
    const totals = ledgerTotals(await store.tallies());
    expect(totals.open).toBe(0);
    expect(Object.values(totals).every((count) => count >= 0)).toBe(true);
  });
});
