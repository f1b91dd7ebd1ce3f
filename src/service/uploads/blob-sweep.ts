import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { Clock, Timer } from '../../domain/clock.ts';
import type { Logger } from '../../observability/logger.ts';
import type { BlobFiles } from './blob-files.ts';
import { RELEASED_BLOB_GRACE_MS, type UnattachedBlobs } from './unattached-blobs.ts';

/** How often the sweep runs while the service does (and once at start). */
export const BLOB_SWEEP_INTERVAL_MS = 10 * 60_000;
/**
 * A stored file younger than this is never removed, whatever the rows say: between a file being kept and the
 * row that points at it being written there is at most a mail message's documents being read (5 minutes),
 * and another process sharing the data dir may be in that step.
 */
export const ORPHAN_FILE_GRACE_MS = 60 * 60_000;

export interface BlobSweepDeps {
  readonly files: BlobFiles;
  readonly unattached: UnattachedBlobs;
  readonly clock: Clock;
  readonly logger: Logger;
  /** How long an announced upload may stay unattached (`STEVEDORE_UNATTACHED_UPLOAD_TTL_HOURS`). */
  readonly uploadTtlMs: number;
}

export interface SweepResult {
  /** Blob rows removed: expired uploads and blobs released past their grace. */
  readonly blobs: number;
  /** Stored files no row pointed at, removed. */
  readonly files: number;
}

/**
 * Keeps the content store bounded while the service runs: first the rows of uploads never attached within
 * their lifetime and of blobs documents let go, then every stored file no blob row points at (theirs, and
 * any a crash left). A file a live document or an upload in flight needs is never removed: live documents'
 * blobs are never expired, and a file is removed only when it is old and, under its content's lock (which
 * `keep` takes too), no row points at it.
 */
export class BlobSweep {
  private timer: Timer | undefined;
  private running: Promise<SweepResult> | undefined;
  private stopped = false;

  constructor(private readonly deps: BlobSweepDeps) {}

  /** Sweeps now and then every BLOB_SWEEP_INTERVAL_MS until `stop`. */
  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops the timer and waits for a sweep under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.deps.clock.clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One pass, started once any pass under way has ended (passes never overlap; each reads the time anew). */
  sweep(): Promise<SweepResult> {
    const previous = this.running ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.pass());
    this.running = next;
    const forget = (): void => {
      if (this.running === next) this.running = undefined;
    };
    next.then(forget, forget);
    return next;
  }

  private schedule(ms: number): void {
    this.timer = this.deps.clock.setTimeout(
      () => {
        this.sweep()
          .then((result) => {
            if (result.blobs + result.files > 0) this.deps.logger.info(result, 'content store swept');
          })
          .catch((error: unknown) => this.deps.logger.error({ err: error }, 'content store sweep failed'))
          .finally(() => {
            if (!this.stopped) this.schedule(BLOB_SWEEP_INTERVAL_MS);
          });
      },
      ms,
      { keepAlive: false },
    );
  }

  private async pass(): Promise<SweepResult> {
    const { files, unattached, clock, uploadTtlMs } = this.deps;
    const now = clock.now();
    let blobs = 0;
    for (;;) {
      if (this.stopped) return { blobs, files: 0 };
      const batch = unattached.expireBatch(now - uploadTtlMs, now - RELEASED_BLOB_GRACE_MS);
      blobs += batch.removed;
      if (!batch.more) break;
      await yieldToOthers();
    }
    const oldEnough = now - ORPHAN_FILE_GRACE_MS;
    let removedFiles = 0;
    for await (const digests of files.storedDigests()) {
      if (this.stopped) break;
      for (const sha256 of digests) {
        if (await files.removeUnless(sha256, oldEnough, () => unattached.isReferenced(sha256))) {
          removedFiles += 1;
        }
      }
      // One folder at a time: requests are served between folders of a large store.
      await yieldToOthers();
    }
    return { blobs, files: removedFiles };
  }
}
