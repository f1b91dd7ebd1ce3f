import type { Timer } from '../../src/domain/clock.ts';
import type { Logger } from '../../src/observability/logger.ts';
import { type ReconcileDeps, type ReconcileSummary, reconcileOnce } from './reconcile.ts';

export interface ReconcilerOptions {
  readonly deps: ReconcileDeps;
  /** Pause between the end of one pass and the start of the next; passes never overlap. */
  readonly intervalMs: number;
  readonly logger?: Logger;
  /** Called after every pass; tests wait on it instead of sleeping. */
  readonly onPass?: (summary: ReconcileSummary) => void;
}

export interface Reconciler {
  /** Runs a pass now (after the one in progress, if any). */
  runNow(): Promise<ReconcileSummary>;
  lastSummary(): ReconcileSummary | undefined;
  /** Stops scheduling and waits for the pass in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `reconcileOnce` every `intervalMs` on the injected clock's timers, so a test moves from pass to pass
 * by advancing its clock. A pass starts after the timer's own turn, so it reads the time the test set.
 */
export const startReconciler = (options: ReconcilerOptions): Reconciler => {
  const { deps, intervalMs, onPass } = options;
  const logger = options.logger ?? deps.logger;
  if (!Number.isFinite(intervalMs) || intervalMs <= 0) {
    throw new RangeError(`intervalMs must be a positive number, got ${intervalMs}`);
  }
  let stopped = false;
  const { clock } = deps;
  let timer: Timer | undefined;
  let running: Promise<ReconcileSummary> = Promise.resolve(emptySummary);
  let last: ReconcileSummary | undefined;

  const pass = (): Promise<ReconcileSummary> => {
    running = running
      .catch(() => emptySummary)
      .then(() => reconcileOnce(deps))
      .then((summary) => {
        last = summary;
        onPass?.(summary);
        return summary;
      });
    return running;
  };

  const schedule = (): void => {
    if (stopped) return;
    timer = clock.setTimeout(
      () => {
        pass()
          .catch((error: unknown) => logger.error({ err: error }, 'reconcile pass failed'))
          .finally(schedule);
      },
      intervalMs,
      // The reconciler alone never keeps a process alive.
      { keepAlive: false },
    );
  };
  schedule();

  return {
    runNow: pass,
    lastSummary: () => last,
    stop: async () => {
      stopped = true;
      clock.clearTimeout(timer);
      await running.catch(() => undefined);
    },
  };
};

const emptySummary: ReconcileSummary = {
  documents: 0,
  overdue: 0,
  lookedUp: 0,
  actions: { recovered: 0, unchanged: 0, waiting_for_reextract: 0, in_progress: 0, nudged: 0, error: 0 },
};
