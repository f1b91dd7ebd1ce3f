import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedQueue } from '../../../pipeline/adapters/embedded-queue.ts';
import { EmbeddedLedger } from '../../../pipeline/adapters/sqlite-ledger.ts';
import { type EventsRuntime, startEvents } from '../../../pipeline/local-events.ts';
import { FolderSink } from '../../../pipeline/sinks/folder-sink.ts';
import type { ExtractionResultRecord } from '../../../pipeline/sinks/result-records.ts';
import { loadConfig } from '../../../src/config/load-config.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { signatureHeaders } from '../../../src/domain/webhook-signature.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteLedger } from '../../../src/store/sqlite-ledger.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import { waitFor } from '../../support/wait-for.ts';
import { FakeClient } from '../../unit/pipeline/events-fakes.ts';
import {
  attributes,
  DOC,
  documentResource,
  ingested,
  representation,
  webhookPayload,
} from '../../unit/pipeline/events-fixtures.ts';
import { post } from './receiver-http.ts';

const SECRET = 'whsec_ZXZlbnRzLWludGVncmF0aW9uLXNlY3JldC14eXo=';

/** A FolderSink that counts result writes. */
class CountingSink extends FolderSink {
  resultWrites = 0;
  override async writeResult(record: ExtractionResultRecord): Promise<void> {
    this.resultWrites += 1;
    await super.writeResult(record);
  }
}

describe('events stage in one process (receiver, SQLite queue and ledger, folder sink)', () => {
  let dir: string;
  let db: DatabaseSync;
  let events: EventsRuntime;
  let sink: CountingSink;
  let client: FakeClient;
  let ledger: EmbeddedLedger;
  let clock: ManualClock;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stevedore-events-'));
    db = openDatabase(join(dir, 'worker.db'));
    ledger = new EmbeddedLedger(new SqliteLedger(db));
    sink = new CountingSink(join(dir, 'out'));
    client = new FakeClient();
    clock = new ManualClock(Date.UTC(2026, 0, 1));
    events = await startEvents({
      config: loadConfig({}, { receiverPort: 0, out: join(dir, 'out'), reconcileAfterSeconds: 300 }),
      client,
      eventsQueue: new EmbeddedQueue(new SqliteQueue(db, { name: 'events' })),
      ledger,
      sink,
      logger: silentLogger,
      clock,
      webhookSecret: () => SECRET,
      requireTimestamp: true,
      reconcileIntervalMs: 20,
    });
  });
  afterEach(async () => {
    await events.stop();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('turns the same delivery, received twice, into one result file', async () => {
    await ingested(ledger);
    const body = JSON.stringify(webhookPayload('document.extracted', attributes()));

    // One after the other, as a sender's retry after a lost 2xx would come. The receiver answers the
    // second 202 without enqueueing it again (receiver-probe-4.test.ts); copies that reach the queue
    // anyway are harmless (one outcome wins), which the unit tests pin.
    const first = await post(
      events.receiverUrl,
      body,
      signatureHeaders(SECRET, 'attempt-1', body, new Date()),
    );
    expect(first.status).toBe(202);
    await waitFor(async () => (await events.stats()).worker.succeeded === 1, 'delivery 1 handled');
    const again = await post(
      events.receiverUrl,
      body,
      signatureHeaders(SECRET, 'attempt-2', body, new Date()),
    );
    expect(again).toMatchObject({ status: 202, json: { status: 'duplicate' } });
    expect((await events.stats()).receiver).toMatchObject({ accepted: 1, duplicate: 1 });

    expect(readdirSync(join(dir, 'out', 'results'))).toEqual([`${DOC}.json`]);
    expect(sink.resultWrites).toBe(1);
    const result = JSON.parse(readFileSync(join(dir, 'out', 'results', `${DOC}.json`), 'utf8'));
    expect(result).toMatchObject({
      status: 'extracted',
      document_id: DOC,
      origins: [{ origin_id: 'folder-1' }, { origin_id: 'imap-7' }],
    });
    expect(await ledger.get(`outcome/${DOC}`)).toBe('extracted');
  });

  it('recovers a document whose webhook never came', async () => {
    await ingested(ledger);
    client.documents.set(DOC, { data: documentResource(attributes()), included: [representation()] });
    clock.advance(301_000);

    await waitFor(async () => (await ledger.get(`outcome/${DOC}`)) === 'extracted', 'the outcome recorded');

    expect(readdirSync(join(dir, 'out', 'results'))).toEqual([`${DOC}.json`]);
    // The reconciler runs on the injected clock: each interval advanced lets one more pass start.
    await waitFor(async () => {
      clock.advance(20);
      return (await events.stats()).reconciler?.overdue === 0;
    }, 'no document overdue');
  });
});
