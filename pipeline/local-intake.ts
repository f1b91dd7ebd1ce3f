import type { Config } from '../src/config/settings.ts';
import type { Clock } from '../src/domain/clock.ts';
import type { Logger } from '../src/observability/logger.ts';
import type { Metrics } from '../src/observability/metrics.ts';
import { type Consumer, startConsumer } from '../src/runtime/consumer.ts';
import type { ConsumerStats } from '../src/runtime/consumer-events.ts';
import { MAX_PREFETCH } from '../src/runtime/consumer-options.ts';
import type { QueueStats } from '../src/store/queue-types.ts';
import type { BlobStore, Ledger, Queue } from './ports.ts';
import { FolderSource, type FolderSourceStats } from './sources/folder-source.ts';
import { startMailIntake } from './sources/mail-intake.ts';
import type { MailWatch } from './sources/mail-watch.ts';
import { handleIntake, type IngestClient, type IngestOutcome, parseIntake } from './stages/ingest.ts';

/** Well above one upload's usual time; the heartbeat renews it for large files on slow links. */
export const INGEST_VISIBILITY_TIMEOUT_SECONDS = 60;

/** Knobs a test or a status screen may want to change; the defaults suit a desktop drop folder. */
export interface IntakeTuning {
  /** How long a dropped file must stay unchanged before it is taken. Default 2 s. */
  readonly stabilityMs?: number;
  /** How often the inbox is listed. Default 500 ms. */
  readonly pollIntervalMs?: number;
  readonly visibilityTimeoutSeconds?: number;
  /** Long poll of the ingest worker. Default 20 s (ended early on stop by the embedded queue). */
  readonly waitSeconds?: number;
  /** How long `stop()` waits for uploads in progress before handing them back. Default 10 s. */
  readonly drainMs?: number;
  /** How often the running worker sweeps staged copies nothing points at. Default 6 h. */
  readonly stagedSweepEveryMs?: number;
}

export interface StartIntakeOptions {
  readonly config: Config;
  readonly client: IngestClient;
  /** The intake queue; `stats()` is read when the adapter has it (the embedded queue does). */
  readonly queue: Queue & { stats?(): Promise<QueueStats> };
  readonly ledger: Ledger;
  readonly blobs: BlobStore;
  readonly logger: Logger;
  readonly clock: Clock;
  /** Where new origins of known content are announced (the events queue). */
  readonly originEvents?: Pick<Queue, 'send'>;
  readonly tuning?: IntakeTuning;
  readonly metrics?: Metrics;
}

export interface IntakeStats {
  readonly folder: FolderSourceStats;
  readonly worker: ConsumerStats;
  readonly queue: QueueStats | undefined;
  /** Files in `rejected/` now, each with its reason file: a figure of the folder, not of this start. */
  readonly setAside: number;
  /** Ingest outcomes since start: documents created, content already in the ledger, 409 from the service. */
  readonly documents: Readonly<Record<IngestOutcome['result'], number>>;
}

export interface IntakeRuntime {
  /** Stops watching the inbox (after the file in hand), then drains the ingest worker. */
  stop(): Promise<void>;
  stats(): Promise<IntakeStats>;
}

/**
 * The intake half of the local worker: the drop-folder source feeding the intake queue, and a worker
 * running the ingest stage on it with `config.concurrency` uploads at once. The two meet only through the
 * queue and the blob store, as the S3 watcher and the ingest Lambda do when deployed.
 */
export async function startIntake(options: StartIntakeOptions): Promise<IntakeRuntime> {
  const { config, client, queue, ledger, blobs, logger, clock, tuning = {} } = options;
  const documents = { created: 0, known: 0, duplicate: 0 };

  const source = new FolderSource({
    inbox: config.inbox,
    blobs,
    queue,
    logger: logger.child({ component: 'folder' }),
    clock,
    maxBytes: config.maxUploadBytes,
    subfolders: config.inboxSubfolders,
    stabilityMs: tuning.stabilityMs,
    pollIntervalMs: tuning.pollIntervalMs,
  });

  const worker: Consumer = startConsumer({
    queue,
    handler: async (message, context) => {
      const outcome = await handleIntake(parseIntake(message.body), {
        client,
        ledger,
        blobs,
        clock,
        logger: context.logger,
        signal: context.signal,
        ...(options.originEvents ? { originEvents: options.originEvents } : {}),
        ...(options.metrics ? { metrics: options.metrics } : {}),
      });
      documents[outcome.result] += 1;
    },
    concurrency: config.concurrency,
    // A slot's worth of messages each: the embedded queue then deletes and claims once per that many
    // documents instead of once per document (each commit is a WAL fsync on the event loop).
    prefetch: Math.min(config.concurrency, MAX_PREFETCH),
    visibilityTimeoutSeconds: tuning.visibilityTimeoutSeconds ?? INGEST_VISIBILITY_TIMEOUT_SECONDS,
    waitSeconds: tuning.waitSeconds,
    drainMs: tuning.drainMs,
    clock,
    logger: logger.child({ component: 'ingest' }),
  });

  let mail: MailWatch | undefined;
  try {
    await source.start();
    // The shared mailbox, beside the drop folder: both feed the same admission and intake queue.
    if (config.imapHost !== undefined) {
      mail = startMailIntake({
        config,
        ledger,
        admission: { blobs, queue, policy: { maxBytes: config.maxUploadBytes } },
        clock,
        logger: logger.child({ component: 'mail' }),
      });
    }
  } catch (error) {
    await source.stop();
    await worker.stop({ drainMs: 0 });
    throw error;
  }

  let stopping: Promise<void> | undefined;
  return {
    stop: () => {
      stopping ??= (async () => {
        await Promise.all([source.stop(), mail?.stop()]);
        await worker.stop();
      })();
      return stopping;
    },
    stats: async () => ({
      folder: source.stats(),
      worker: worker.stats(),
      queue: await queue.stats?.(),
      setAside: await source.setAsideNow(),
      documents: { ...documents },
    }),
  };
}
