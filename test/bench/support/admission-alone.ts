import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EmbeddedQueue } from '../../../pipeline/adapters/embedded-queue.ts';
import { FolderBlobStore } from '../../../pipeline/adapters/folder-blob-store.ts';
import { FolderSource } from '../../../pipeline/sources/folder-source.ts';
import { systemClock } from '../../../src/domain/clock.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import type { SampleDocument } from '../../support/samples/sample-corpus.ts';
import { BENCH_INTAKE_TUNING } from './bench-intake.ts';
import { cpuMsOf, syncCallsOf } from './cost-counters.ts';
import { timed, until } from './timing.ts';

export interface AdmissionCosts {
  readonly docsPerSecond: number;
  readonly cpuMsPerDoc: number;
  readonly syncsPerDoc: number | undefined;
}

/**
 * The intake side alone: the folder source taking `corpus` from the inbox into the staging folder and
 * the intake queue of a worker.db, with nothing consuming the queue. Its cost per document is the share
 * of the pipeline's cost that the admission owns; the rest is the ingest stage, the ledger and the queue.
 */
export async function measureAdmission(
  root: string,
  corpus: readonly SampleDocument[],
): Promise<AdmissionCosts> {
  const run = async (dir: string) => {
    const inbox = join(dir, 'inbox');
    const outside = join(dir, 'outside');
    await mkdir(inbox, { recursive: true });
    await mkdir(outside, { recursive: true });
    for (const document of corpus) await writeFile(join(outside, document.name), document.bytes);
    const db = openDatabase(join(dir, 'worker.db'));
    const queue = new SqliteQueue(db, { name: 'intake' });
    const source = new FolderSource({
      inbox,
      blobs: new FolderBlobStore(join(dir, 'staging')),
      queue: new EmbeddedQueue(queue),
      logger: silentLogger,
      clock: systemClock,
      maxBytes: 100 * 1024 * 1024,
      ...BENCH_INTAKE_TUNING,
    });
    await source.start();
    return {
      take: async () => {
        for (const document of corpus) await rename(join(outside, document.name), join(inbox, document.name));
        await until(() => source.stats().taken >= corpus.length, {
          intervalMs: 10,
          timeoutMs: 120_000,
          what: `${corpus.length} files admitted`,
        });
      },
      close: async () => {
        await source.stop();
        db.close();
      },
    };
  };
  const timedRun = await run(join(root, 'timed'));
  const { result, cpuMs } = await cpuMsOf(() => timed(timedRun.take)).finally(timedRun.close);
  const tracedRun = await run(join(root, 'traced'));
  const syncs = await syncCallsOf(tracedRun.take).finally(tracedRun.close);
  return {
    docsPerSecond: (corpus.length * 1000) / result.ms,
    cpuMsPerDoc: cpuMs / corpus.length,
    syncsPerDoc: syncs === undefined ? undefined : syncs / corpus.length,
  };
}
