import { createHash } from 'node:crypto';
import { lstat, mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Clock } from '../../src/domain/clock.ts';
import type { Logger } from '../../src/observability/logger.ts';
import { encodeMessage, type IntakeMessage } from '../messages.ts';
import type { BlobStore, Queue } from '../ports.ts';
import { displayName } from './display-name.ts';
import { moveWithoutOverwrite } from './file-moves.ts';
import { errorCode } from './fs-errors.ts';
import { listCandidates } from './inbox-entries.ts';
import { type FileObservation, StabilityTracker, sameObservation } from './stability-tracker.ts';
import { type StageResult, stagedBlobKey, stageFile } from './stage-file.ts';

export const ARCHIVE_FOLDER = 'archive';
export const REJECTED_FOLDER = 'rejected';
export const REASON_SUFFIX = '.reason.txt';

export interface FolderSourceOptions {
  readonly inbox: string;
  /** Where taken files go. Default `archive/` beside the inbox. */
  readonly archiveDir?: string;
  /** Where files that cannot be ingested go, each with a `<name>.reason.txt`. Default `rejected/` beside the inbox. */
  readonly rejectedDir?: string;
  readonly blobs: BlobStore;
  readonly queue: Queue;
  readonly logger: Logger;
  readonly clock: Clock;
  /** Larger files are set aside: the service would refuse them. */
  readonly maxBytes: number;
  /** How long size, mtime and inode must stay the same before a file is taken. */
  readonly stabilityMs?: number;
  readonly pollIntervalMs?: number;
  /** First wait before a file whose intake failed (queue or store down) is tried again; doubles up to 5 min. */
  readonly retryDelayMs?: number;
}

export interface FolderSourceStats {
  /** Staged, enqueued and archived. */
  readonly taken: number;
  readonly rejected: number;
  /** Attempts that failed and will be retried. */
  readonly failures: number;
  /** Files seen in the inbox and not taken yet (still being written, or waiting for a retry). */
  readonly waiting: number;
}

const MAX_RETRY_DELAY_MS = 5 * 60 * 1000;
/** Files staged at once: enough to keep uploads busy, few enough not to flood the disk. */
export const STAGING_CONCURRENCY = 4;

/**
 * Watches a drop folder by polling it (which also works on network shares, where change notifications are
 * unreliable) and hands each complete file to the pipeline: stage the bytes, enqueue an intake message,
 * and only then move the user's file to the archive. A crash at any point leaves the file in the inbox to
 * be taken again under the same origin id, and content staging and ingest are idempotent, so nothing is
 * lost and no document is created twice. Up to `STAGING_CONCURRENCY` files are taken at once.
 */
export class FolderSource {
  private readonly inbox: string;
  private readonly archiveDir: string;
  private readonly rejectedDir: string;
  private readonly stabilityMs: number;
  private readonly pollIntervalMs: number;
  private readonly retryDelayMs: number;
  private readonly tracker: StabilityTracker;
  /** Per file name: the earliest retry after a failure, and the current delay. */
  private readonly retries = new Map<string, { at: number; delayMs: number }>();
  /** Origins enqueued whose file is not archived yet: a retry after a failed move does not enqueue again. */
  private readonly enqueued = new Set<string>();
  private readonly abort = new AbortController();
  private loop: Promise<void> | undefined;
  private counts = { taken: 0, rejected: 0, failures: 0 };

  constructor(private readonly options: FolderSourceOptions) {
    this.inbox = resolve(options.inbox);
    this.archiveDir = resolve(options.archiveDir ?? join(dirname(this.inbox), ARCHIVE_FOLDER));
    this.rejectedDir = resolve(options.rejectedDir ?? join(dirname(this.inbox), REJECTED_FOLDER));
    this.stabilityMs = options.stabilityMs ?? 2_000;
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.retryDelayMs = options.retryDelayMs ?? 5_000;
    this.tracker = new StabilityTracker(this.stabilityMs);
  }

  /** Creates the folders and starts polling; files already in the inbox are taken like new ones. */
  async start(): Promise<void> {
    if (this.loop !== undefined) return;
    await Promise.all(
      [this.inbox, this.archiveDir, this.rejectedDir].map((dir) => mkdir(dir, { recursive: true })),
    );
    this.options.logger.info(
      { inbox: this.inbox, archive: this.archiveDir, rejected: this.rejectedDir },
      'watching the drop folder',
    );
    this.loop = this.run();
  }

  /** Stops polling; resolves once the file being taken, if any, is done. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.loop;
  }

  stats(): FolderSourceStats {
    return { ...this.counts, waiting: this.tracker.size };
  }

  /** One look at the inbox: takes every file that has been stable long enough. */
  async scan(): Promise<void> {
    const names = await this.list();
    this.tracker.retainOnly(new Set(names));
    const ready: Array<{ name: string; observation: FileObservation }> = [];
    for (const name of names) {
      const observation = await observe(join(this.inbox, name));
      if (observation === undefined) {
        this.tracker.forget(name);
        continue;
      }
      const now = this.options.clock.now();
      if (!this.tracker.observe(name, observation, now)) continue;
      const retry = this.retries.get(name);
      if (retry !== undefined && now < retry.at) continue;
      ready.push({ name, observation });
    }
    // A few lanes, each taking the next ready file: staging waits on disk syncs, so one file at a
    // time would leave the uploads behind it idle.
    const lane = async (): Promise<void> => {
      for (let next = ready.shift(); next !== undefined; next = ready.shift()) {
        if (this.abort.signal.aborted) return;
        await this.take(next.name, next.observation);
      }
    };
    await Promise.all(Array.from({ length: STAGING_CONCURRENCY }, lane));
  }

  private async run(): Promise<void> {
    const { signal } = this.abort;
    while (!signal.aborted) {
      try {
        await this.scan();
      } catch (error) {
        this.options.logger.error({ err: error, inbox: this.inbox }, 'could not scan the drop folder');
      }
      await delay(this.pollIntervalMs, undefined, { signal }).catch(() => {});
    }
  }

  private async list(): Promise<string[]> {
    try {
      return await listCandidates(this.inbox);
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error;
      // Someone removed the inbox; bring it back so the next drop has somewhere to go.
      await mkdir(this.inbox, { recursive: true });
      return [];
    }
  }

  private async take(name: string, observation: FileObservation): Promise<void> {
    const path = join(this.inbox, name);
    const logger = this.options.logger.child({ file: name });
    try {
      const result = await stageFile(
        path,
        observation,
        stagedBlobKey(folderOriginId(path, observation)),
        this.options,
      );
      if (result.kind === 'rejected') await this.setAside(path, name, result, observation, logger);
      else if (result.kind === 'staged') await this.enqueueAndArchive(path, name, result, logger);
      this.tracker.forget(name);
      this.retries.delete(name);
    } catch (error) {
      this.counts.failures += 1;
      const previous = this.retries.get(name)?.delayMs;
      const delayMs = previous === undefined ? this.retryDelayMs : Math.min(previous * 2, MAX_RETRY_DELAY_MS);
      this.retries.set(name, { at: this.options.clock.now() + delayMs, delayMs });
      logger.error({ err: error, retryInMs: delayMs }, 'could not take the file; it stays in the inbox');
    }
  }

  private async enqueueAndArchive(
    path: string,
    name: string,
    staged: Extract<StageResult, { kind: 'staged' }>,
    logger: Logger,
  ): Promise<void> {
    // Staging read a complete, stable file; if it changed since, it was still being written: take it later.
    const now = await observe(path);
    if (now === undefined || !sameObservation(now, staged.observation)) {
      logger.warn('the file changed while it was staged; it will be taken once it is stable');
      return;
    }
    const originId = folderOriginId(path, staged.observation);
    const message: IntakeMessage = {
      kind: 'intake',
      version: 1,
      correlationId: originId,
      origin: {
        originId,
        source: 'folder',
        fileName: displayName(name),
        location: path,
        receivedAt: new Date(this.options.clock.now()).toISOString(),
      },
      blobKey: staged.blobKey,
      sha256: staged.digest.sha256,
      md5Base64: staged.digest.md5Base64,
      sizeBytes: staged.digest.sizeBytes,
      contentType: staged.contentType,
    };
    if (!this.enqueued.has(originId)) {
      await this.options.queue.send(encodeMessage(message));
      this.enqueued.add(originId);
    }
    const archived = await moveWithoutOverwrite(path, this.archiveDir, name);
    this.enqueued.delete(originId);
    this.counts.taken += 1;
    logger.info(
      { correlationId: originId, sha256: staged.digest.sha256, archived },
      'file staged and enqueued; moved to the archive',
    );
  }

  private async setAside(
    path: string,
    name: string,
    rejection: Extract<StageResult, { kind: 'rejected' }>,
    observation: FileObservation,
    logger: Logger,
  ): Promise<void> {
    const content = [
      `file: ${displayName(name)}`,
      `reason: ${rejection.reason}`,
      `detail: ${rejection.detail}`,
      `size: ${observation.size} bytes`,
      `set aside at: ${new Date(this.options.clock.now()).toISOString()}`,
      '',
    ].join('\n');
    const target = await moveWithoutOverwrite(path, this.rejectedDir, name, {
      suffix: REASON_SUFFIX,
      content,
    });
    this.counts.rejected += 1;
    logger.warn({ reason: rejection.reason, detail: rejection.detail, movedTo: target }, 'file set aside');
  }
}

/**
 * The same file at the same path yields the same id, so a crash before the file is archived re-stages it
 * as the same origin. The inode tells a file copied in again (same name, size and mtime) from the same one.
 */
export function folderOriginId(path: string, observation: FileObservation): string {
  const identity = JSON.stringify([path, observation.size, observation.mtimeMs, observation.ino]);
  return `folder-${createHash('sha256').update(identity).digest('hex').slice(0, 32)}`;
}

/** Size, mtime and inode of a regular file; undefined when it is gone or is not a regular file now. */
async function observe(path: string): Promise<FileObservation | undefined> {
  try {
    const info = await lstat(path);
    return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino } : undefined;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}
