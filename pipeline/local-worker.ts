import { join } from 'node:path';
import type { ProgressCounts, RunningWorker, WorkerInput } from '../src/cli/worker.ts';
import { type Clock, systemClock } from '../src/domain/clock.ts';
import { ensurePrivateDirectory, openDatabase } from '../src/store/database.ts';
import { SqliteBlobTable } from '../src/store/sqlite-blob-table.ts';
import { SqliteLedger } from '../src/store/sqlite-ledger.ts';
import { SqliteQueue } from '../src/store/sqlite-queue.ts';
import { EmbeddedQueue } from './adapters/embedded-queue.ts';
import { FolderBlobStore } from './adapters/folder-blob-store.ts';
import { EmbeddedLedger } from './adapters/sqlite-ledger.ts';
import { STAGED_SWEEP_EVERY_MS, sweepStaged, sweepStagedEvery } from './admission/staged-sweep.ts';
import { backfillOpenMarkers } from './ledger/backfill.ts';
import { ledgerTotals } from './ledger/totals.ts';
import { startEvents } from './local-events.ts';
import { type IntakeTuning, startIntake } from './local-intake.ts';
import { deadLetterQueueOf, MAX_RECEIVE_COUNT, STAGING_DIR, WORKER_DB_FILE } from './local-queues.ts';
import { FolderSink } from './sinks/folder-sink.ts';

// Queue names, the database file and the receive count live with the `dlq` commands' view of them.
export { MAX_RECEIVE_COUNT } from './local-queues.ts';

const queuePair = (db: ReturnType<typeof openDatabase>, name: string, clock: Clock) => {
  const dead = new SqliteQueue(db, { name: deadLetterQueueOf(name), clock });
  const live = new SqliteQueue(db, {
    name,
    maxReceiveCount: MAX_RECEIVE_COUNT,
    deadLetter: deadLetterQueueOf(name),
    clock,
  });
  return {
    live: new EmbeddedQueue(live),
    dead,
    reclaim: () => live.reclaimInFlight(),
    /** Every body still deliverable, dead letters included. */
    bodies: async () => [...(await live.bodies()), ...(await dead.bodies())],
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
  ensurePrivateDirectory(config.dataDir);
  const db = openDatabase(join(config.dataDir, WORKER_DB_FILE));
  const intakeQueues = queuePair(db, 'intake', clock);
  const eventsQueues = queuePair(db, 'events', clock);
  if (input.reclaimInFlight === true) {
    const reclaimed = (await intakeQueues.reclaim()) + (await eventsQueues.reclaim());
    if (reclaimed > 0) logger.warn({ count: reclaimed }, 'took back messages a killed run left in flight');
  }
  const store = new SqliteLedger(db);
  const ledger = new EmbeddedLedger(store);
  // Small bodies held in memory (mail attachments) are rows of the worker's database instead of files.
  const blobs = new FolderBlobStore(join(config.dataDir, STAGING_DIR), {
    clock,
    small: new SqliteBlobTable(db),
  });
  await blobs.removeStaleTemporaryFiles();
  // Before any source runs: what a crashed or failed run staged and never sent. A failed sweep is tried
  // again later (below); it never keeps the worker from starting.
  const sweepDeps = { blobs, pending: intakeQueues.bodies, clock, logger };
  await sweepStaged(sweepDeps).catch((error: unknown) => {
    logger.warn({ err: error }, 'could not sweep unsent staged copies; tried again later');
  });

  const backfilled = await backfillOpenMarkers(ledger, clock).catch((error: unknown) => {
    db.close();
    throw error;
  });
  if (backfilled > 0) logger.info({ documents: backfilled }, 'open documents of an older data dir marked');

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
    ...(input.metrics ? { metrics: input.metrics } : {}),
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
    ...(input.metrics ? { metrics: input.metrics('ingest') } : {}),
  }).catch(async (error: unknown) => {
    await events.stop();
    throw error;
  });

  // Swept again while the worker runs, which may be for months.
  const sweeps = sweepStagedEvery(sweepDeps, input.tuning?.stagedSweepEveryMs ?? STAGED_SWEEP_EVERY_MS);
  let stopping: Promise<void> | undefined;
  return {
    receiverUrl: events.receiverUrl,
    async progress(): Promise<ProgressCounts> {
      // Only bounded reads: queue stats and tallies the store keeps as entries are written.
      const [intakeStats, tallies, intakeDead, eventsDead] = await Promise.all([
        intake.stats(),
        store.tallies(),
        intakeQueues.dead.stats(),
        eventsQueues.dead.stats(),
      ]);
      const queue = intakeStats.queue;
      const counts = ledgerTotals(tallies);
      return {
        queued: intakeStats.folder.waiting + (queue ? queue.visible + queue.inFlight + queue.delayed : 0),
        processing: counts.open,
        extracted: counts.extracted,
        failed: counts.failed,
        rejected: intakeStats.setAside,
        duplicates: counts.duplicates,
        deadLetters: intakeDead.visible + eventsDead.visible,
      };
    },
    stop() {
      // Intake first: no new documents while the events stage finishes the ones in flight.
      stopping ??= (async () => {
        await intake.stop();
        await sweeps.stop();
        await events.stop();
        db.close();
      })();
      return stopping;
    },
  };
};
