import { join } from 'node:path';
import type { ProgressCounts, RunningWorker, WorkerInput } from '../src/cli/worker.ts';
import { type Clock, systemClock } from '../src/domain/clock.ts';
import { openDatabase } from '../src/store/database.ts';
import { SqliteLedger } from '../src/store/sqlite-ledger.ts';
import { SqliteQueue } from '../src/store/sqlite-queue.ts';
import { EmbeddedQueue } from './adapters/embedded-queue.ts';
import { FolderBlobStore } from './adapters/folder-blob-store.ts';
import { EmbeddedLedger } from './adapters/sqlite-ledger.ts';
import { startEvents } from './local-events.ts';
import { type IntakeTuning, startIntake } from './local-intake.ts';
import type { Ledger } from './ports.ts';
import { FolderSink } from './sinks/folder-sink.ts';
import { ledgerKeys } from './stages/events-ledger.ts';

/**
 * Receives before a message is dead-lettered. AWS advises at least 5 with Lambda, because throttled
 * receives count too; the same number locally keeps both runs alike.
 */
export const MAX_RECEIVE_COUNT = 5;

const queuePair = (db: ReturnType<typeof openDatabase>, name: string, clock: Clock) => {
  const dead = new SqliteQueue(db, { name: `${name}-dlq`, clock });
  const live = new SqliteQueue(db, {
    name,
    maxReceiveCount: MAX_RECEIVE_COUNT,
    deadLetter: `${name}-dlq`,
    clock,
  });
  return { live: new EmbeddedQueue(live), dead, reclaim: () => live.reclaimInFlight() };
};

/** Documents handed to the service, and how many of them have a final outcome of each kind. */
const ledgerCounts = async (ledger: Ledger) => {
  const [handedOver, outcomes, recovered] = await Promise.all([
    ledger.list(ledgerKeys.byDocPrefix),
    ledger.list(ledgerKeys.outcomePrefix),
    ledger.list('recovered/'),
  ]);
  const routedToFailed = outcomes.filter((entry) => entry.value === 'failed').length;
  return {
    handedOver: handedOver.length,
    // A success that arrived after the document was routed to failed/ moved it to results/.
    extracted: outcomes.length - routedToFailed + recovered.length,
    failed: routedToFailed - recovered.length,
    open: handedOver.length - outcomes.length,
  };
};

/**
 * The whole worker in one process, on the embedded adapters: the drop folder and ingest stage, the
 * webhook receiver, the events stage and the reconciler, meeting only through SQLite queues, the
 * ledger and the blob folder in the data dir, as the Lambda functions meet through SQS and S3.
 */
export const startLocalWorker = async (
  input: WorkerInput & { clock?: Clock; tuning?: IntakeTuning },
): Promise<RunningWorker> => {
  const { config, client, logger } = input;
  const clock = input.clock ?? systemClock;
  const db = openDatabase(join(config.dataDir, 'worker.db'));
  const intakeQueues = queuePair(db, 'intake', clock);
  const eventsQueues = queuePair(db, 'events', clock);
  if (input.reclaimInFlight === true) {
    const reclaimed = (await intakeQueues.reclaim()) + (await eventsQueues.reclaim());
    if (reclaimed > 0) logger.warn({ count: reclaimed }, 'took back messages a killed run left in flight');
  }
  const ledger = new EmbeddedLedger(new SqliteLedger(db));
  // Not `blobs/`: that folder is the local service's, and a worker key must never land in it.
  const blobs = new FolderBlobStore(join(config.dataDir, 'staging'), { clock });
  await blobs.removeStaleTemporaryFiles();

  const events = await startEvents({
    config,
    client,
    eventsQueue: eventsQueues.live,
    ledger,
    sink: new FolderSink(config.out),
    logger,
    clock,
    webhookSecret: input.webhookSecret,
    // The local service adds the Standard Webhooks timestamp; the upstream signs the body only.
    requireTimestamp: config.apiBaseUrl === undefined,
  }).catch((error: unknown) => {
    db.close();
    throw error;
  });
  const intake = await startIntake({
    config,
    client,
    queue: intakeQueues.live,
    originEvents: eventsQueues.live,
    ledger,
    blobs,
    logger,
    clock,
    ...(input.tuning ? { tuning: input.tuning } : {}),
  }).catch(async (error: unknown) => {
    await events.stop();
    throw error;
  });

  let stopping: Promise<void> | undefined;
  return {
    receiverUrl: events.receiverUrl,
    async progress(): Promise<ProgressCounts> {
      const [intakeStats, counts, intakeDead, eventsDead] = await Promise.all([
        intake.stats(),
        ledgerCounts(ledger),
        intakeQueues.dead.stats(),
        eventsQueues.dead.stats(),
      ]);
      const queue = intakeStats.queue;
      return {
        queued: intakeStats.folder.waiting + (queue ? queue.visible + queue.inFlight + queue.delayed : 0),
        processing: counts.open,
        extracted: counts.extracted,
        failed: counts.failed,
        rejected: intakeStats.folder.rejected,
        duplicates: intakeStats.documents.known + intakeStats.documents.duplicate,
        deadLetters: intakeDead.visible + eventsDead.visible,
      };
    },
    stop() {
      // Intake first: no new documents while the events stage finishes the ones in flight.
      stopping ??= (async () => {
        await intake.stop();
        await events.stop();
        db.close();
      })();
      return stopping;
    },
  };
};
