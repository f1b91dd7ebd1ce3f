import { join } from 'node:path';
import { EmbeddedQueue } from '../../../pipeline/adapters/embedded-queue.ts';
import { FolderBlobStore } from '../../../pipeline/adapters/folder-blob-store.ts';
import { EmbeddedLedger } from '../../../pipeline/adapters/sqlite-ledger.ts';
import { type IntakeRuntime, startIntake } from '../../../pipeline/local-intake.ts';
import { MAX_RECEIVE_COUNT } from '../../../pipeline/local-worker.ts';
import { systemClock } from '../../../src/domain/clock.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteLedger } from '../../../src/store/sqlite-ledger.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import type { BenchService } from './bench-service.ts';

/**
 * The default 2 s stability wait suits people dropping files by hand; a benchmark that writes whole files
 * at once would mostly measure that wait.
 */
export const BENCH_INTAKE_TUNING = { stabilityMs: 100, pollIntervalMs: 20 } as const;

export interface BenchIntake {
  readonly runtime: IntakeRuntime;
  close(): Promise<void>;
}

/**
 * The intake half of `startLocalWorker`, assembled the same way (worker.db in the data dir, the intake
 * queue with its dead-letter queue, the SQLite ledger, the blob folder), watching `config.inbox` and
 * uploading to `bench`'s service with `config.concurrency` uploads at once. The events stage is left out:
 * without extraction there are no webhooks for it.
 */
export async function startBenchIntake(bench: BenchService): Promise<BenchIntake> {
  const { config, client } = bench;
  const db = openDatabase(join(config.dataDir, 'worker.db'));
  const queue = new SqliteQueue(db, {
    name: 'intake',
    maxReceiveCount: MAX_RECEIVE_COUNT,
    deadLetter: 'intake-dlq',
    clock: systemClock,
  });
  const runtime = await startIntake({
    config,
    client,
    queue: new EmbeddedQueue(queue),
    ledger: new EmbeddedLedger(new SqliteLedger(db)),
    blobs: new FolderBlobStore(join(config.dataDir, 'blobs'), { clock: systemClock }),
    logger: silentLogger,
    clock: systemClock,
    tuning: BENCH_INTAKE_TUNING,
  });
  return {
    runtime,
    close: async () => {
      await runtime.stop();
      db.close();
    },
  };
}
