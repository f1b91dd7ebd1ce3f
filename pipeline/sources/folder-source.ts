import { createHash } from 'node:crypto';
import { mkdir, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { setTimeout as delay, setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Clock } from '../../src/domain/clock.ts';
import { errorCode } from '../../src/domain/system-error-code.ts';
import type { Logger } from '../../src/observability/logger.ts';
import { syncFolder } from '../../src/store/sync-folder.ts';
import { Admission, type AdmissionQueue, type LinkingBlobStore } from '../admission/admission.ts';
import type { IntakeMessage } from '../messages.ts';
import type { BlobStore } from '../ports.ts';
import { displayName } from './display-name.ts';
import { placeWithoutOverwrite } from './file-moves.ts';
import { listCandidates } from './inbox-entries.ts';
import { RejectedTally } from './rejected-tally.ts';
import { setAside } from './set-aside.ts';
import { type FileObservation, observe, StabilityTracker } from './stability-tracker.ts';
import { stageInboxFile } from './stage-file.ts';

export const ARCHIVE_FOLDER = 'archive';
export const REJECTED_FOLDER = 'rejected';

export interface FolderSourceOptions {
  readonly inbox: string;
  /** Where taken files go. Default `archive/` beside the inbox. */
  readonly archiveDir?: string;
  /** Where files that cannot be ingested go, each with a `<name>.reason.txt`. Default `rejected/` beside the inbox. */
  readonly rejectedDir?: string;
  readonly blobs: BlobStore & Partial<LinkingBlobStore>;
  readonly queue: AdmissionQueue;
  readonly logger: Logger;
  readonly clock: Clock;
  /** Larger files are set aside: the service would refuse them. */
  readonly maxBytes: number;
  /** Take files in subfolders too (default), keeping their relative path in the archive. */
  readonly subfolders?: boolean;
  /** How long size, mtime and inode must stay the same before a file is taken. */
  readonly stabilityMs?: number;
  readonly pollIntervalMs?: number;
  /** First wait before a file whose intake failed (queue or store down) is tried again; doubles up to 5 min. */
  readonly retryDelayMs?: number;
}

export interface FolderSourceStats {
  /** Staged, enqueued and archived. */
  readonly taken: number;
  /** Set aside since this start; `setAsideNow()` tells how many sit in `rejected/`. */
  readonly rejected: number;
  /** Attempts that failed and will be retried. */
  readonly failures: number;
  /** Files seen in the inbox and not taken yet (still being written, or waiting for a retry). */
  readonly waiting: number;
}

const MAX_RETRY_DELAY_MS = 5 * 60 * 1000;
/** Files staged at once: enough to keep uploads busy, few enough not to flood the disk. */
export const STAGING_CONCURRENCY = 4;
/** Files per group commit (one folder sync, one queue transaction): more waits longer for the first one. */
export const MAX_BATCH_FILES = 32;
/**
 * Files looked at between two turns of the event loop. The looks are synchronous `lstat`s (a thread-pool
 * round trip per file cost ten times more); a thousand take a few ms, so uploads never wait long.
 */
const STAT_CHUNK = 1_000;

interface Ready {
  readonly name: string;
  readonly observation: FileObservation;
}

/**
 * Watches a drop folder by polling it (which also works on network shares, where change notifications are
 * unreliable) and hands each complete file to the admission: stage the bytes, enqueue an intake message,
 * and only then move the user's file to the archive. Files are taken in batches while the scan goes on, so
 * the first stable file does not wait for the last one to be looked at. A crash at any point leaves the file
 * in the inbox to be taken again under the same origin id, and staging and ingest are idempotent, so
 * nothing is lost and no document is created twice.
 */
export class FolderSource {
  private readonly inbox: string;
  private readonly archiveDir: string;
  private readonly rejectedDir: string;
  private readonly pollIntervalMs: number;
  private readonly retryDelayMs: number;
  private readonly tracker: StabilityTracker;
  private readonly admission: Admission;
  /** Per file name: the earliest retry after a failure, and the current delay. */
  private readonly retries = new Map<string, { at: number; delayMs: number }>();
  /** Origins enqueued whose file is not archived yet: a retry after a failed move does not enqueue again. */
  private readonly enqueued = new Set<string>();
  private readonly abort = new AbortController();
  private loop: Promise<void> | undefined;
  private counts = { taken: 0, rejected: 0, failures: 0 };
  private readonly setAsideTally: RejectedTally;

  constructor(private readonly options: FolderSourceOptions) {
    this.inbox = resolve(options.inbox);
    this.archiveDir = resolve(options.archiveDir ?? join(dirname(this.inbox), ARCHIVE_FOLDER));
    this.rejectedDir = resolve(options.rejectedDir ?? join(dirname(this.inbox), REJECTED_FOLDER));
    this.setAsideTally = new RejectedTally(this.rejectedDir, options.clock);
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.retryDelayMs = options.retryDelayMs ?? 5_000;
    this.tracker = new StabilityTracker(options.stabilityMs ?? 2_000);
    this.admission = new Admission({
      blobs: options.blobs,
      queue: options.queue,
      policy: { maxBytes: options.maxBytes },
    });
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

  /** Stops polling; resolves once the batch being taken, if any, is done. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.loop;
  }

  stats(): FolderSourceStats {
    return { ...this.counts, waiting: this.tracker.size };
  }

  /** Files in `rejected/` now (a progress tick reads it; see `RejectedTally` for what that costs). */
  setAsideNow(): Promise<number> {
    return this.setAsideTally.current();
  }

  /** One look at the inbox: takes every file that has been stable long enough, batch by batch. */
  async scan(): Promise<void> {
    const names = await this.list();
    this.tracker.retainOnly(new Set(names));
    const ready: Ready[] = [];
    let taking = Promise.resolve();
    const takeReady = (): Promise<void> => this.takeBatch(ready.splice(0, MAX_BATCH_FILES));
    for (let start = 0; start < names.length; start += STAT_CHUNK) {
      const now = this.options.clock.now();
      for (const name of names.slice(start, start + STAT_CHUNK)) {
        const retry = this.retries.get(name);
        if (retry !== undefined && now < retry.at) continue;
        const observation = observe(join(this.inbox, name));
        if (observation === undefined) this.tracker.forget(name);
        else if (this.tracker.observe(name, observation, now)) ready.push({ name, observation });
      }
      if (ready.length > 0) taking = taking.then(takeReady);
      await yieldToLoop();
    }
    await taking;
    while (ready.length > 0 && !this.abort.signal.aborted) await takeReady();
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
      return await listCandidates(this.inbox, {
        subfolders: this.options.subfolders ?? true,
        exclude: [this.archiveDir, this.rejectedDir],
      });
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error;
      // Someone removed the inbox; bring it back so the next drop has somewhere to go.
      await mkdir(this.inbox, { recursive: true });
      return [];
    }
  }

  /**
   * Stages every file of `batch`, places each in the archive under its final name, then pays once for
   * the batch: one sync per folder and one queue commit. Only after that are the inbox names removed.
   */
  private async takeBatch(batch: readonly Ready[]): Promise<void> {
    if (batch.length === 0 || this.abort.signal.aborted) return;
    const staged: Array<{ name: string; message: IntakeMessage }> = [];
    const pending = [...batch];
    const lane = async (): Promise<void> => {
      for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
        const message = await this.attempt(next.name, () => this.stageAndPlace(next));
        if (message !== undefined) staged.push({ name: next.name, message });
      }
    };
    await Promise.all(Array.from({ length: STAGING_CONCURRENCY }, lane));
    if (staged.length === 0) return;
    try {
      const archiveFolders = new Set(staged.map((item) => dirname(item.message.origin.location ?? '')));
      for (const folder of archiveFolders) await syncFolder(folder);
      const unsent = staged.filter((item) => !this.enqueued.has(item.message.origin.originId));
      await this.admission.commit(unsent.map((item) => item.message));
    } catch (error) {
      for (const { name } of staged) this.failed(name);
      this.options.logger.error(
        { err: error, files: staged.length },
        'could not enqueue a batch of files; they stay in the inbox',
      );
      return;
    }
    for (const { name, message } of staged) {
      this.enqueued.add(message.origin.originId);
      await this.attempt(name, async () => {
        await unlink(join(this.inbox, name)).catch((error: unknown) => {
          if (errorCode(error) !== 'ENOENT') throw error;
        });
        this.enqueued.delete(message.origin.originId);
        this.done(name);
        this.counts.taken += 1;
        const { correlationId, sha256, origin } = message;
        const facts = { file: name, correlationId, sha256, archived: origin.location };
        this.options.logger.info(facts, 'file staged and enqueued; moved to the archive');
        return true;
      });
    }
  }

  /** Stages one file; a rejected file is set aside at once. Returns the message with its archive path. */
  private async stageAndPlace({ name, observation }: Ready): Promise<IntakeMessage | undefined> {
    const path = join(this.inbox, name);
    const origin = {
      originId: folderOriginId(path, observation),
      source: 'folder' as const,
      fileName: displayName(basename(name)),
      location: path,
      receivedAt: new Date(this.options.clock.now()).toISOString(),
    };
    const outcome = await stageInboxFile(path, observation, origin, this.admission);
    if (outcome.kind === 'changed') {
      this.options.logger.warn(
        { file: name },
        'the file changed while it was staged; it will be taken once stable',
      );
      this.tracker.forget(name);
      return undefined;
    }
    if (outcome.kind === 'rejected') {
      const movedTo = await setAside(path, join(this.rejectedDir, dirname(name)), outcome.rejection, {
        sizeBytes: observation.size,
        at: this.options.clock.now(),
      });
      this.counts.rejected += 1;
      await this.setAsideTally.added();
      this.options.logger.warn({ file: name, ...outcome.rejection, movedTo }, 'file set aside');
      this.done(name);
      return undefined;
    }
    // The archive name is chosen before the message is sent, so the origin records where the file now is.
    const archived = await placeWithoutOverwrite(
      path,
      join(this.archiveDir, dirname(name)),
      basename(name),
      observation.ino,
    );
    return { ...outcome.message, origin: { ...outcome.message.origin, location: archived } };
  }

  /** Runs `work`; a failure is logged and the file retried later with a growing delay. */
  private async attempt<T>(name: string, work: () => Promise<T | undefined>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      const delayMs = this.failed(name);
      this.options.logger.error(
        { err: error, file: name, retryInMs: delayMs },
        'could not take the file; it stays in the inbox',
      );
      return undefined;
    }
  }

  private failed(name: string): number {
    this.counts.failures += 1;
    const previous = this.retries.get(name)?.delayMs;
    const delayMs = previous === undefined ? this.retryDelayMs : Math.min(previous * 2, MAX_RETRY_DELAY_MS);
    this.retries.set(name, { at: this.options.clock.now() + delayMs, delayMs });
    return delayMs;
  }

  private done(name: string): void {
    this.tracker.forget(name);
    this.retries.delete(name);
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
