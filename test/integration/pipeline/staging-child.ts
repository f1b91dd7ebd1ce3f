/**
 * A source process for the staged-copy sweep's tests: it stages one document in a data dir laid out as
 * the local worker's (worker.db, its intake queue, the staging folder with its rows), reports how far it
 * got in a JSON line, then waits for the parent's SIGKILL.
 *   stage <dataDir> <name> <bytes>        staged, never committed (killed between staging and enqueue)
 *   send-hangs <dataDir> <name> <bytes>   committed up to the send, which never answers (killed in it)
 *   enqueue <dataDir> <name> <bytes>      staged and enqueued (accepted), then killed
 *   ingest-hangs <dataDir> <name> <bytes> <baseUrl> <token>
 *                                         enqueued, then taken by ingest, which uploads the bytes to the
 *                                         service and is killed while it creates the document
 */
import { join } from 'node:path';
import { FolderBlobStore } from '../../../pipeline/adapters/folder-blob-store.ts';
import { EmbeddedLedger } from '../../../pipeline/adapters/sqlite-ledger.ts';
import { Admission } from '../../../pipeline/admission/admission.ts';
import { deadLetterQueueOf, STAGING_DIR, WORKER_DB_FILE } from '../../../pipeline/local-queues.ts';
import { handleIntake, type IngestClient, parseIntake } from '../../../pipeline/stages/ingest.ts';
import { ServiceClient } from '../../../src/client/service-client.ts';
import { systemClock } from '../../../src/domain/clock.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteBlobTable } from '../../../src/store/sqlite-blob-table.ts';
import { SqliteLedger } from '../../../src/store/sqlite-ledger.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';

/** A PDF of `size` bytes: the header the type check reads, then padding in a comment. */
const pdfOf = (size: number): Buffer => {
  const head = Buffer.from('%PDF-1.4\n%');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x2e), tail]);
};

const report = (line: unknown): void => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};

const [mode, dataDir, name, size, baseUrl, token] = process.argv.slice(2);
if (mode === undefined || dataDir === undefined || name === undefined || size === undefined) {
  throw new Error('usage: staging-child <mode> <dataDir> <name> <bytes>');
}
const db = openDatabase(join(dataDir, WORKER_DB_FILE));
const blobs = new FolderBlobStore(join(dataDir, STAGING_DIR), { small: new SqliteBlobTable(db) });
const intake = new SqliteQueue(db, { name: 'intake', deadLetter: deadLetterQueueOf('intake') });
const never = new Promise<string[]>(() => {});
const queue =
  mode === 'send-hangs'
    ? {
        send: () => never.then(() => ''),
        sendBatch: () => {
          report({ sending: true });
          return never;
        },
      }
    : intake;
const admission = new Admission({ blobs, queue, policy: { maxBytes: 10 * 1024 * 1024 } });

const outcome = await admission.stage({
  body: pdfOf(Number(size)),
  origin: {
    originId: `crash-${name}`,
    source: 'folder',
    fileName: `${name}.pdf`,
    location: `/inbox/${name}.pdf`,
    receivedAt: new Date().toISOString(),
  },
});
if (outcome.kind !== 'staged') throw new Error(`${name} was not staged: ${outcome.kind}`);
if (mode === 'stage') report({ staged: outcome.message.blobKey });
else if (mode === 'send-hangs') void admission.commit([outcome.message]);
else if (mode === 'enqueue') {
  await admission.commit([outcome.message]);
  report({ enqueued: outcome.message.blobKey });
} else if (mode === 'ingest-hangs') {
  await admission.commit([outcome.message]);
  await ingestUntilCreate(outcome.message.blobKey);
} else throw new Error(`unknown mode ${mode}`);

/** Takes the message as the ingest stage does, with the real client up to the document's creation. */
async function ingestUntilCreate(blobKey: string): Promise<void> {
  if (baseUrl === undefined || token === undefined) throw new Error('ingest-hangs needs <baseUrl> <token>');
  const service = new ServiceClient({ baseUrl, token, requestsPerMinute: 6_000 });
  const client: IngestClient = {
    createDirectUpload: (blob) => service.createDirectUpload(blob),
    uploadBlob: (upload, body, byteSize) => service.uploadBlob(upload, body, byteSize),
    createDocument: () => {
      report({ creating: blobKey });
      return new Promise(() => {});
    },
  };
  const [message] = await intake.receive({ maxMessages: 1, visibilityTimeoutSeconds: 60 });
  if (message === undefined) throw new Error('the intake message is not there');
  const ledger = new EmbeddedLedger(new SqliteLedger(db));
  void handleIntake(parseIntake(message.body), {
    client,
    ledger,
    blobs,
    logger: silentLogger,
    clock: systemClock,
  });
}
// Keep the event loop alive until the parent's SIGKILL.
setInterval(() => {}, 60_000);
