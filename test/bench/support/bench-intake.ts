import { startLocalWorker } from '../../../pipeline/local-worker.ts';
import type { RunningWorker } from '../../../src/cli/worker.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import type { BenchService } from './bench-service.ts';

/**
 * The default 2 s stability wait suits people dropping files by hand; a benchmark that renames whole files
 * into the inbox would mostly measure that wait.
 */
export const BENCH_INTAKE_TUNING = { stabilityMs: 100, pollIntervalMs: 20 } as const;

/** No webhook arrives (extraction is off), so the receiver never checks a signature against it. */
const UNUSED_WEBHOOK_SECRET = 'bench-has-no-webhooks';

export interface BenchIntake {
  readonly worker: RunningWorker;
  /** Documents whose ingest handler finished (the ledger has them), and nothing left in the intake queue. */
  handedOver(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The worker exactly as `stevedore up` starts it (`startLocalWorker`: worker.db, the queues with their
 * dead-letter queues, the ledger, the `staging` blob folder, the receiver and the events stage), watching
 * `config.inbox` and uploading to `bench`'s service with `config.concurrency` uploads at once.
 */
export async function startBenchIntake(bench: BenchService): Promise<BenchIntake> {
  const worker = await startLocalWorker({
    config: bench.config,
    client: bench.client,
    webhookSecret: () => UNUSED_WEBHOOK_SECRET,
    logger: silentLogger,
    tuning: BENCH_INTAKE_TUNING,
  });
  return {
    worker,
    handedOver: async () => {
      const progress = await worker.progress();
      return progress.queued === 0 ? progress.processing + progress.duplicates : 0;
    },
    close: () => worker.stop(),
  };
}
