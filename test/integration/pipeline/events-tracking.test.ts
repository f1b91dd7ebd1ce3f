import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedQueue } from '../../../pipeline/adapters/embedded-queue.ts';
import { FolderBlobStore } from '../../../pipeline/adapters/folder-blob-store.ts';
import { EmbeddedLedger } from '../../../pipeline/adapters/sqlite-ledger.ts';
import { isOpen, readOutcome } from '../../../pipeline/ledger/documents.ts';
import { type EventsRuntime, startEvents } from '../../../pipeline/local-events.ts';
import { FolderSink } from '../../../pipeline/sinks/folder-sink.ts';
import type { ExtractionResultRecord } from '../../../pipeline/sinks/result-records.ts';
import { trackNumber } from '../../../pipeline/stages/events-tracking.ts';
import { handleIntake } from '../../../pipeline/stages/ingest.ts';
import { ensureDocumentSubscription } from '../../../src/client/ensure-subscription.ts';
import { ServiceClient } from '../../../src/client/service-client.ts';
import { loadConfig } from '../../../src/config/load-config.ts';
import type { Config } from '../../../src/config/settings.ts';
import { systemClock } from '../../../src/domain/clock.ts';
import { makeContainerNumber } from '../../../src/domain/iso6346.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { createService, type LocalService } from '../../../src/service/service.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteLedger } from '../../../src/store/sqlite-ledger.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import { makeBillOfLadingPdf } from '../../support/samples/bill-of-lading-pdf.ts';
import { waitFor } from '../../support/wait-for.ts';

/** MSC's own prefixes: the service names the carrier of these with confidence. */
const MSC_CONTAINERS = [makeContainerNumber('MSCU', 412_337), makeContainerNumber('MEDU', 220_981)];
/** A lessor's prefix: the container could be on any carrier's ship, so a person decides. */
const LESSOR_CONTAINER = makeContainerNumber('TGHU', 731_204);
const MSC_BL = 'MSCUKQ418820';

const billOfLading = (containers: readonly string[], shipper: string) =>
  makeBillOfLadingPdf({
    bill_of_lading_number: MSC_BL,
    scac_label: 'MSCU',
    carrier_name: 'Mediterranean Shipping Company',
    container_numbers: containers,
    vessel: 'MSC GULSUN',
    voyage: 'FL512W',
    port_of_loading: 'Shanghai, China',
    port_of_discharge: 'Rotterdam, Netherlands',
    shipper: { name: shipper, address: ['1 Harbour Road', 'Shanghai'] },
    consignee: { name: 'Dutch Imports BV', address: ['Kade 3', 'Rotterdam'] },
    cargo: containers.map(() => ({ packages: 10, description: 'FURNITURE', gross_weight_kg: '1200.00' })),
  });

/** One worker (events stage, ledger, sink) talking to one local service. */
class World {
  dir = '';
  config!: Config;
  service!: LocalService;
  client!: ServiceClient;
  db!: DatabaseSync;
  ledger!: EmbeddedLedger;
  blobs!: FolderBlobStore;
  events!: EventsRuntime;

  async start(overrides: Partial<Config>): Promise<void> {
    this.dir = await mkdtemp(join(tmpdir(), 'stevedore-tracking-'));
    this.config = loadConfig(
      {},
      {
        dataDir: join(this.dir, 'service'),
        out: join(this.dir, 'out'),
        host: '127.0.0.1',
        port: 0,
        receiverPort: 0,
        allowPrivateWebhooks: true,
        ...overrides,
      },
    );
    this.service = await createService({ config: this.config });
    const { url } = await this.service.listen();
    this.client = new ServiceClient({
      baseUrl: `${url}/v2`,
      token: this.service.apiKey,
      requestsPerMinute: 6_000,
    });
    this.db = openDatabase(join(this.dir, 'worker.db'));
    this.ledger = new EmbeddedLedger(new SqliteLedger(this.db));
    this.blobs = new FolderBlobStore(join(this.dir, 'blobs'));
    let secret = '';
    this.events = await startEvents({
      config: this.config,
      client: this.client,
      eventsQueue: new EmbeddedQueue(new SqliteQueue(this.db, { name: 'events' })),
      ledger: this.ledger,
      sink: new FolderSink(this.config.out),
      logger: silentLogger,
      clock: systemClock,
      webhookSecret: () => secret,
      requireTimestamp: true,
    });
    secret = (await ensureDocumentSubscription(this.client, this.events.receiverUrl, 'tracking')).attributes
      .secret;
  }

  async stop(): Promise<void> {
    await this.events?.stop();
    await this.service?.close();
    this.db?.close();
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }

  /** What intake does for a dropped file; answers the document id once its outcome is settled. */
  async drop(bytes: Uint8Array, fileName: string): Promise<string> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const blobKey = `staged/${sha256}-${fileName}`;
    await this.blobs.put(blobKey, bytes);
    const { documentId } = await handleIntake(
      {
        kind: 'intake',
        version: 1,
        correlationId: `test-${fileName}`,
        origin: {
          originId: `folder-${fileName}-${Date.now()}`,
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
      {
        client: this.client,
        ledger: this.ledger,
        blobs: this.blobs,
        logger: silentLogger,
        clock: systemClock,
      },
    );
    await waitFor(
      async () =>
        (await readOutcome(this.ledger, documentId)) !== undefined &&
        !(await isOpen(this.ledger, documentId)),
      `document ${documentId} settled`,
      30_000,
    );
    return documentId;
  }

  result(documentId: string): ExtractionResultRecord {
    return JSON.parse(readFileSync(join(this.config.out, 'results', `${documentId}.json`), 'utf8'));
  }

  async requestsFor(number: string) {
    return this.client.findTrackingRequests(number);
  }
}

describe('the worker tracks the containers of an extracted bill of lading (local service)', () => {
  const world = new World();
  beforeAll(() => world.start({}), 60_000);
  afterAll(() => world.stop());

  it('creates one request per auto-selected number, with the document id as ref number; a lessor container waits for a person', async () => {
    const bytes = await billOfLading([...MSC_CONTAINERS, LESSOR_CONTAINER], 'Shanghai Furniture Co');
    const documentId = await world.drop(bytes, 'msc-bl.pdf');
    const result = world.result(documentId);
    expect(result.document_type).toBe('bill_of_lading');

    const byNumber = new Map(result.tracking?.numbers.map((entry) => [entry.number, entry]));
    expect(result.tracking?.ref_number).toBe(documentId);
    for (const number of [...MSC_CONTAINERS, MSC_BL]) {
      const entry = byNumber.get(number);
      expect(entry, JSON.stringify(result.tracking)).toMatchObject({ status: 'tracked', scac: 'MSCU' });
      const requests = await world.requestsFor(number);
      expect(requests.map((request) => request.id)).toEqual([entry?.tracking_request_id]);
      expect(requests[0]?.attributes.ref_numbers).toEqual([documentId]);
    }
    const lessor = byNumber.get(LESSOR_CONTAINER);
    expect(lessor?.status).toBe('needs_person');
    expect(lessor?.tracking_request_id).toBeNull();
    expect(['needs_confirmation', 'no_prediction']).toContain(lessor?.decision);
    expect(await world.requestsFor(LESSOR_CONTAINER)).toEqual([]);
  });

  it('creates nothing more when the document is extracted again, the file is dropped again, or another document names the same containers', async () => {
    const bytes = await billOfLading([...MSC_CONTAINERS, LESSOR_CONTAINER], 'Shanghai Furniture Co');
    const documentId = await world.drop(bytes, 'msc-bl-again.pdf');
    const before = world.result(documentId).tracking;

    // A second document.extracted event for the same document (a new notification).
    const received = (await world.events.stats()).worker.succeeded;
    await world.client.reextractDocument(documentId);
    await waitFor(
      async () => (await world.events.stats()).worker.succeeded > received,
      'the second event handled',
      30_000,
    );

    const other = await world.drop(await billOfLading(MSC_CONTAINERS, 'Another Shipper Ltd'), 'copy.pdf');
    expect(other).not.toBe(documentId);
    const otherNumbers = world.result(other).tracking?.numbers ?? [];
    for (const number of MSC_CONTAINERS) {
      const requests = await world.requestsFor(number);
      expect(requests).toHaveLength(1);
      expect(otherNumbers.find((entry) => entry.number === number)?.tracking_request_id).toBe(
        requests[0]?.id,
      );
    }
    expect(world.result(documentId).tracking).toEqual(before);
  });

  it("takes the service's 422 duplicate as the request when a worker with another ledger tracks the same container", async () => {
    const db = openDatabase(join(world.dir, 'other-worker.db'));
    try {
      const ledger = new EmbeddedLedger(new SqliteLedger(db));
      const [number] = MSC_CONTAINERS;
      if (number === undefined) throw new Error('no container');
      const existing = await world.requestsFor(number);
      const entry = await trackNumber(
        { requestType: 'container', number, refNumber: 'other-document' },
        world.client,
        { ledger, clock: systemClock, logger: silentLogger },
      );
      expect(entry).toMatchObject({ status: 'tracked', tracking_request_id: existing[0]?.id });
      expect(await world.requestsFor(number)).toHaveLength(1);
    } finally {
      db.close();
    }
  });
});

describe('with STEVEDORE_TRACK_CONTAINERS off', () => {
  const world = new World();
  beforeAll(() => world.start({ trackContainers: false }), 60_000);
  afterAll(() => world.stop());

  it('writes the result without a tracking section and creates no request', async () => {
    const documentId = await world.drop(await billOfLading(MSC_CONTAINERS, 'Quiet Shipper'), 'off.pdf');
    const result = world.result(documentId);
    expect(result.document_type).toBe('bill_of_lading');
    expect(result.tracking).toBeUndefined();
    for (const number of MSC_CONTAINERS) expect(await world.requestsFor(number)).toEqual([]);
  });
});
