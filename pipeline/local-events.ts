import type { Config } from '../src/config/settings.ts';
import type { Clock } from '../src/domain/clock.ts';
import type { Logger } from '../src/observability/logger.ts';
import type { MetricStage, Metrics } from '../src/observability/metrics.ts';
import { type Consumer, startConsumer } from '../src/runtime/consumer.ts';
import type { ConsumerStats } from '../src/runtime/consumer-events.ts';
import type { QueueStats } from '../src/store/queue-types.ts';
import type { Ledger, Queue } from './ports.ts';
import { createReceiver, type ReceiverStats, WEBHOOK_PATH } from './receiver/webhook-receiver.ts';
import type { ResultSink } from './sinks/result-sink.ts';
import { handleEventsMessage } from './stages/events.ts';
import { type ReextractBackoff, reextractBackoff } from './stages/events-backoff.ts';
import { type DocumentClient, type EventsDeps, trackingPortOf } from './stages/events-deps.ts';
import type { ReconcileSummary } from './stages/reconcile.ts';
import { startReconciler } from './stages/reconcile-loop.ts';

/** Events handled at once; each is a few ledger reads and one file write. */
export const EVENTS_CONCURRENCY = 4;
/** Well above a handler's usual run (one GET at worst); the heartbeat renews it for slow ones. */
export const EVENTS_VISIBILITY_TIMEOUT_SECONDS = 60;

/** A fifth of the threshold, so an overdue document waits at most 20% longer; between 1 s and 1 min. */
export const reconcileIntervalMs = (reconcileAfterSeconds: number): number =>
  Math.min(60_000, Math.max(1_000, (reconcileAfterSeconds * 1000) / 5));

export interface StartEventsOptions {
  readonly config: Config;
  readonly client: DocumentClient;
  /** `stats()` is read when the adapter has it (the embedded queue does). */
  readonly eventsQueue: Queue & { stats?(): Promise<QueueStats> };
  readonly ledger: Ledger;
  readonly sink: ResultSink;
  readonly logger: Logger;
  readonly clock: Clock;
  /** Read on every delivery, so a rotated secret applies at once. */
  readonly webhookSecret: () => string;
  /**
   * Refuse deliveries without the Standard Webhooks timestamp. The local service sends it; the upstream
   * signs the body only, so this stays off when the worker talks to it.
   */
  readonly requireTimestamp?: boolean;
  /** Delay before each re-extraction; by default from `config.reextractBackoffSeconds`. */
  readonly reextractBackoff?: ReextractBackoff;
  /** Defaults to `reconcileIntervalMs(config.reconcileAfterSeconds)`. */
  readonly reconcileIntervalMs?: number;
  /** The events stage's and the reconciler's metrics; none when absent. */
  readonly metrics?: (stage: MetricStage) => Metrics;
}

export interface EventsStats {
  readonly receiver: ReceiverStats;
  readonly worker: ConsumerStats;
  readonly queue: QueueStats | undefined;
  readonly reconciler: ReconcileSummary | undefined;
}

export interface EventsRuntime {
  /** Where the receiver listens, with the webhook path: `http://127.0.0.1:4011/webhooks`. */
  readonly receiverUrl: string;
  /** Stops taking deliveries, drains the worker, then stops the reconciler. */
  stop(): Promise<void>;
  stats(): Promise<EventsStats>;
}

/**
 * The events half of the local worker in one process: the webhook receiver on `config.receiverPort`, a
 * worker on the events queue, and the reconciler. Everything talks through the queue and the ledger, as
 * the deployed Lambda functions do.
 */
export const startEvents = async (options: StartEventsOptions): Promise<EventsRuntime> => {
  const { config, client, eventsQueue, ledger, sink, logger, clock } = options;
  const deps: EventsDeps = {
    client,
    ledger,
    sink,
    queue: eventsQueue,
    clock,
    logger,
    maxReextracts: config.maxReextracts,
    backoff: options.reextractBackoff ?? reextractBackoff(config.reextractBackoffSeconds),
    tracking: trackingPortOf(client, config.trackContainers),
    ...(options.metrics ? { metrics: options.metrics('events') } : {}),
  };
  const receiver = createReceiver({
    secret: options.webhookSecret,
    queue: eventsQueue,
    logger: logger.child({ component: 'receiver' }),
    clock,
    requireTimestamp: options.requireTimestamp ?? false,
  });
  const { url } = await receiver.listen(config.receiverPort, config.host);

  let worker: Consumer;
  try {
    worker = startConsumer({
      queue: eventsQueue,
      handler: (message, context) => handleEventsMessage(message, { ...deps, logger: context.logger }),
      concurrency: EVENTS_CONCURRENCY,
      visibilityTimeoutSeconds: EVENTS_VISIBILITY_TIMEOUT_SECONDS,
      clock,
      logger: logger.child({ component: 'events' }),
    });
  } catch (error) {
    await receiver.close();
    throw error;
  }
  const reconciler = startReconciler({
    deps: {
      ...deps,
      logger: logger.child({ component: 'reconciler' }),
      ...(options.metrics ? { metrics: options.metrics('reconcile') } : {}),
      reconcileAfterSeconds: config.reconcileAfterSeconds,
    },
    intervalMs: options.reconcileIntervalMs ?? reconcileIntervalMs(config.reconcileAfterSeconds),
  });
  logger.info({ receiverUrl: `${url}${WEBHOOK_PATH}` }, 'events stage started');

  let stopping: Promise<void> | undefined;
  return {
    receiverUrl: `${url}${WEBHOOK_PATH}`,
    stop: () => {
      stopping ??= (async () => {
        await receiver.close();
        await worker.stop();
        await reconciler.stop();
      })();
      return stopping;
    },
    stats: async () => ({
      receiver: receiver.stats(),
      worker: worker.stats(),
      queue: await eventsQueue.stats?.(),
      reconciler: reconciler.lastSummary(),
    }),
  };
};
