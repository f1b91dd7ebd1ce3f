import type { Clock } from '../../src/domain/clock.ts';
import type { Logger } from '../../src/observability/logger.ts';
import { parseMessage, type QueueMessageBody } from '../messages.ts';
import type { BlobStore } from '../ports.ts';
import { stagedBlobKey } from './admission.ts';

/**
 * How old an unreferenced staged copy must be before the sweep removes it. A source stages a batch and
 * sends its messages within seconds (a chunk of large mail attachments within minutes); a day is far
 * beyond any of that, and a day's orphans cost little disk.
 */
export const STAGED_SWEEP_MIN_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * How often a worker that keeps running sweeps again: its start's sweep sees only what earlier runs left,
 * and a worker may run for months. Each sweep lists the old copies (an index read) and reads the queue
 * only when one exists, so a quiet data dir pays next to nothing.
 */
export const STAGED_SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

/** The folder every staged copy lives in: `stagedBlobKey` of any origin starts with it. */
const STAGED_PREFIX = stagedBlobKey('');

/** A blob store that can list its keys by the time they were stored (the folder store, files and rows). */
export type SweepableBlobStore = Pick<BlobStore, 'delete'> & {
  keysStoredBefore(prefix: string, before: number): Promise<string[]>;
};

export interface StagedSweepDeps {
  readonly blobs: SweepableBlobStore;
  /**
   * Every body that may still be delivered: the intake queue's messages in any state (visible, in
   * flight, delayed) and its dead letters. Read after the old copies are listed.
   */
  readonly pending: () => Promise<readonly string[]>;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly minAgeMs?: number;
}

export interface StagedSweepSummary {
  /** Staged copies older than the minimum age. */
  readonly old: number;
  /** Of those, the ones no message points at, now removed. */
  readonly removed: number;
}

/**
 * Removes staged copies that nothing will ever read: older than `minAgeMs` and named by no message that
 * may still be delivered. Such a copy was staged by a source that then crashed or failed before its
 * message was sent (or whose ingest finished but whose delete was lost), and whose original the source
 * no longer offers under the same origin (the file edited or removed, the mail moved away); a source that
 * offers it again stages it anew under the same key. A copy whose message is queued, in flight, delayed
 * or dead-lettered is kept whatever its age: it is accepted, and a redrive needs its bytes.
 *
 * The old copies are listed before the queue is read, so a copy sent between the two reads is found
 * referenced; only a copy staged more than `minAgeMs` ago and sent after the read could be taken, and no
 * source holds a copy that long before sending it.
 */
export async function sweepStaged(deps: StagedSweepDeps): Promise<StagedSweepSummary> {
  const minAgeMs = deps.minAgeMs ?? STAGED_SWEEP_MIN_AGE_MS;
  const old = await deps.blobs.keysStoredBefore(STAGED_PREFIX, deps.clock.now() - minAgeMs);
  if (old.length === 0) return { old: 0, removed: 0 };
  const { keys, unreadable } = claimChecksOf(await deps.pending());
  // A body that does not parse may still name a copy: any copy it mentions is kept.
  const orphans = old.filter((key) => !keys.has(key) && !unreadable.some((body) => body.includes(key)));
  for (const key of orphans) await deps.blobs.delete(key);
  if (orphans.length > 0) {
    deps.logger.info(
      { removed: orphans.length, kept: old.length - orphans.length, minAgeMs },
      'removed staged copies no message points at',
    );
  }
  return { old: old.length, removed: orphans.length };
}

/** The blob keys the intake messages among `bodies` point at, and the bodies that could not be read. */
function claimChecksOf(bodies: readonly string[]): { keys: Set<string>; unreadable: string[] } {
  const keys = new Set<string>();
  const unreadable: string[] = [];
  for (const body of bodies) {
    let message: QueueMessageBody;
    try {
      message = parseMessage(body);
    } catch {
      unreadable.push(body);
      continue;
    }
    if (message.kind === 'intake') keys.add(message.blobKey);
  }
  return { keys, unreadable };
}

/**
 * Sweeps every `everyMs` until stopped, one sweep at a time (the next is timed from the end of the one
 * before). A failed sweep is logged and tried again at the next turn. The timer keeps no process alive;
 * `stop` waits for a sweep under way, so the caller may close the stores after it.
 */
export function sweepStagedEvery(deps: StagedSweepDeps, everyMs: number): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = sweepStaged(deps)
        .then(
          () => undefined,
          (error: unknown) => {
            deps.logger.warn({ err: error }, 'could not sweep unsent staged copies; tried again later');
          },
        )
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, everyMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
