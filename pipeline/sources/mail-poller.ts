import { randomUUID } from 'node:crypto';
import type { Clock } from '../../src/domain/clock.ts';
import type { MailReader } from '../../src/mail/mail-reader.ts';
import type { MailLimits } from '../../src/mail/types.ts';
import type { Logger } from '../../src/observability/logger.ts';
import { Admission, type AdmissionDeps } from '../admission/admission.ts';
import {
  acquireLease,
  readCheckpoint,
  recordMails,
  releaseLease,
  writeCheckpoint,
} from '../ledger/mailbox.ts';
import type { IntakeMessage } from '../messages.ts';
import type { Ledger, MailCheckpoint, MailListing, MailSource } from '../ports.ts';
import {
  AHEAD_CHUNKS,
  BATCH_BYTES,
  CHUNK_MESSAGES,
  DEFAULT_BATCH,
  MOVE_CHUNKS,
  withinBytes,
} from './mail-batch.ts';
import { ChunkReader, type Collected, type Taken } from './mail-chunk.ts';
import { FAILED_FOLDER, PROCESSED_FOLDER, settleMessages } from './mail-folders.ts';
import { MailImport, type MailRulesCheck } from './mail-import.ts';
import {
  leaveUnmoved,
  moveUnmoved,
  newUnmovedTally,
  putOff,
  type UnmovedDeps,
  type UnmovedTally,
} from './mail-unmoved.ts';

export interface MailPollerOptions {
  readonly source: MailSource;
  readonly mailbox: string;
  /** The mailbox's name in the ledger (`mailboxKeyOf`). */
  readonly box: string;
  readonly ledger: Ledger;
  readonly admission: AdmissionDeps;
  /** `readMailHere`, or a pool that reads whole messages in worker threads. */
  readonly reader: MailReader;
  /** Absent: every document the reader found is taken. */
  readonly rules?: MailRulesCheck;
  readonly limits: MailLimits;
  /** Where the reader writes documents; on the blob store's filesystem, so staging is a hard link. */
  readonly tempDir: string;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Messages per poll; the lease must outlast a poll of this many. */
  readonly batchSize?: number;
  /** Messages read while the chunk before is enqueued, recorded and moved. */
  readonly chunkSize?: number;
  readonly leaseMs?: number;
  readonly processedFolder?: string;
  readonly failedFolder?: string;
  /** Names this poller in its lease. */
  readonly owner?: string;
}

export interface PollReport {
  /** false when another poller held the mailbox. */
  readonly leased: boolean;
  readonly processed: number;
  readonly failed: number;
  /** Messages the ledger knew (enqueued before a crash or by another run): moved, not read again. */
  readonly resettled: number;
  /** Messages left for the next poll (the batch was full or time ran out). */
  readonly more: boolean;
  /**
   * Present when taken messages stay in the mailbox because their move failed (this poll's or an earlier
   * one's): how many, and why the last move failed. Each poll tries their moves again.
   */
  readonly unmoved?: { readonly messages: number; readonly detail: string };
  /**
   * Present when messages the server would not send were put off to the next poll (a message is given
   * up as `unfetchable` only once three polls found it so): how many.
   */
  readonly deferred?: number;
}

type Tally = { processed: number; failed: number; resettled: number; deferred?: number };
type Running = Tally & { leased: boolean; more: boolean };

/** Long enough for a batch of large messages; a crashed poller's lease frees the mailbox after it. */
const DEFAULT_LEASE_MS = 10 * 60 * 1000;

/**
 * Takes the documents of new messages in one mailbox, exactly once: under a lease in the ledger, from the
 * checkpoint on, each message is read as a stream, its documents staged and enqueued through the
 * admission, its record written, and only then is it moved to `Processed` (or to `Failed`, with the
 * reason as a keyword). A crash anywhere before the move finds the message again: its record, or the
 * same origin ids (the message's bytes + part path), keeps its documents from being taken twice. Reading
 * a chunk is `ChunkReader`'s (`mail-chunk.ts`); enqueuing, recording and moving it is `finish`.
 */
export class MailPoller {
  private readonly admission: Admission;
  private readonly chunks: ChunkReader;
  private readonly owner: string;

  constructor(private readonly options: MailPollerOptions) {
    this.admission = new Admission(options.admission);
    const importer = new MailImport({ ...options, admission: this.admission });
    this.chunks = new ChunkReader({ ...options, admission: this.admission, importer });
    this.owner = options.owner ?? randomUUID();
  }

  private get unmovedDeps(): UnmovedDeps {
    const { processedFolder, failedFolder } = this.options;
    const folders = { processed: processedFolder ?? PROCESSED_FOLDER, failed: failedFolder ?? FAILED_FOLDER };
    return { ...this.options, folders };
  }

  /** One poll. `deadline` (epoch ms) stops before a message that could not finish in time (Lambda). */
  async poll(deadline?: number): Promise<PollReport> {
    const { ledger, box, clock, logger, mailbox } = this.options;
    const leaseMs = this.options.leaseMs ?? DEFAULT_LEASE_MS;
    const report: Running = { leased: false, processed: 0, failed: 0, resettled: 0, more: false };
    if (!(await acquireLease(ledger, box, this.owner, clock.now(), leaseMs))) return report;
    report.leased = true;
    try {
      const unmoved = newUnmovedTally();
      report.resettled += await moveUnmoved(this.unmovedDeps, unmoved);
      const checkpoint = await readCheckpoint(ledger, box);
      const taken = await this.pipeline(checkpoint, report, deadline, unmoved);
      // Once per poll: a crash before it lists again from the last one, where the moved messages are gone
      // and the records of the others keep them from being read twice.
      if (taken.last !== undefined) await writeCheckpoint(ledger, box, taken.last);
      if (taken.failure !== undefined) throw taken.failure.error;
      if (unmoved.messages === 0) return report;
      return { ...report, unmoved: { messages: unmoved.messages, detail: unmoved.detail ?? 'unknown' } };
    } finally {
      await releaseLease(ledger, box, this.owner).catch((error: unknown) =>
        logger.warn({ err: error, mailbox }, 'could not release the mailbox lease; it expires by itself'),
      );
    }
  }

  /**
   * Lists, reads and finishes the poll's messages a chunk at a time, as a pipeline: while chunk k is
   * enqueued, recorded and moved, chunk k+1 is read and chunk k+2 listed, and the reads of one chunk
   * start while the last reads of the chunk before are under way, so the parser never waits for a chunk
   * boundary. Chunks finish in order, each after the one before; `last` is where the checkpoint may go
   * (the last message moved). A failure stops the pipeline once the chunks before it have finished.
   */
  private async pipeline(
    checkpoint: MailCheckpoint | undefined,
    report: Tally & { more: boolean },
    deadline: number | undefined,
    unmoved: UnmovedTally,
  ): Promise<{ last: MailCheckpoint | undefined; failure: { error: unknown } | undefined }> {
    const { source, mailbox, logger } = this.options;
    const batchSize = this.options.batchSize ?? DEFAULT_BATCH;
    const chunk = this.options.chunkSize ?? CHUNK_MESSAGES;
    const reads = new Set<Promise<unknown>>();
    /** The identities listed in this poll: one met again is told apart by its bytes (`takeRead`). */
    const identities = new Set<string>();
    const finished: Array<Promise<void>> = [];
    const run: PollRun = {
      last: undefined,
      failure: undefined,
      broken: false,
      recorded: [],
      moveAt: chunk * MOVE_CHUNKS,
      draining: false,
      unmoved,
      ceiling: undefined,
    };
    let listed = 0;
    let bytes = 0;
    let uidValidity: number | undefined;
    const list = (after: MailCheckpoint | undefined): { found: Promise<MailListing>; limit: number } => {
      const limit = Math.min(chunk, batchSize - listed);
      const found = source.list(mailbox, after, limit);
      // Settled here too: a listing started ahead may be given up when the chunk before it fails.
      found.catch(() => undefined);
      return { found, limit };
    };
    let listing: { found: Promise<MailListing>; limit: number } | undefined = list(checkpoint);
    while (listing !== undefined && run.failure === undefined) {
      const { limit } = listing;
      let found: MailListing;
      try {
        found = await listing.found;
      } catch (error) {
        // The first listing failing fails the poll as it always did; a later one stops it after the rest.
        if (uidValidity === undefined) throw error;
        run.failure ??= { error };
        break;
      }
      listing = undefined;
      if (uidValidity === undefined) {
        uidValidity = found.uidValidity;
        if (checkpoint !== undefined && checkpoint.uidValidity !== uidValidity) {
          logger.warn(
            { mailbox, was: checkpoint.uidValidity, now: uidValidity },
            'the mailbox UIDVALIDITY changed: reading it again from the start (each message is taken once)',
          );
        }
      } else if (found.uidValidity !== uidValidity) {
        // Changed during the poll: the next poll reads the mailbox again under the new one.
        report.more = true;
        break;
      }
      const batch = withinBytes(found.messages, BATCH_BYTES - bytes, listed === 0);
      listed += batch.length;
      for (const message of batch) bytes += message.sizeBytes;
      const lastListed = batch.at(-1);
      const full = found.messages.length >= limit;
      // More than a poll takes: left for the next poll, which the report says to run at once.
      if (batch.length < found.messages.length || (full && listed >= batchSize)) report.more = true;
      else if (full && lastListed !== undefined) listing = list({ uidValidity, lastUid: lastListed.uid });
      if (batch.length === 0) break;
      // The poll's bytes are capped (BATCH_BYTES); the chunks read ahead, by AHEAD_CHUNKS.
      await finished.at(-AHEAD_CHUNKS);
      if (run.failure !== undefined) break;
      const taking = await this.chunks.take(batch, deadline, reads, identities);
      finished.push(this.finishAfter(finished.at(-1), taking.collected, uidValidity, run, report));
      if (taking.failed) break;
      if (taking.stopped) {
        report.more = true;
        break;
      }
    }
    // Every chunk is taken: the rest move as they finish, so the poll does not end on one long MOVE.
    run.draining = true;
    await finished.at(-1);
    // Recorded messages not yet moved are moved, whatever stopped the poll: their records say where.
    try {
      await this.moveRecorded(run, report);
    } catch (error) {
      run.failure ??= { error };
    }
    // A listing started ahead of a chunk that was then not taken: settled before the poll ends.
    await listing?.found.catch(() => undefined);
    // A message put off to the next poll keeps the checkpoint below it, so the next poll lists it again.
    const last =
      run.last !== undefined && run.ceiling !== undefined && run.last.lastUid > run.ceiling
        ? { uidValidity: run.last.uidValidity, lastUid: run.ceiling }
        : run.last;
    return { last, failure: run.failure };
  }

  /**
   * Finishes a chunk once the chunk before it has (`before`) and its own reads have settled; after a
   * chunk that could not finish, it is discarded instead (not enqueued: the next poll reads it again).
   */
  private async finishAfter(
    before: Promise<void> | undefined,
    collected: Promise<Collected>,
    uidValidity: number,
    run: PollRun,
    report: Tally,
  ): Promise<void> {
    await before;
    const taken = await collected;
    if (run.broken) {
      for (const message of taken.staged) await this.admission.discard(message);
      return;
    }
    try {
      await this.finish(taken.done, taken.staged);
      for (const item of taken.done) run.recorded.push({ item, uidValidity });
      run.ceiling = putOff(this.options.logger, taken.deferred, run.ceiling);
      if (taken.deferred.length > 0) report.deferred = (report.deferred ?? 0) + taken.deferred.length;
      if (run.draining || run.recorded.length >= run.moveAt) await this.moveRecorded(run, report);
    } catch (error) {
      run.broken = true;
      run.failure ??= { error };
      return;
    }
    if (taken.failure !== undefined) {
      run.broken = true;
      run.failure ??= { error: taken.failure };
    }
  }

  /** Enqueues, then records a chunk (its staged documents first: a record means they are queued). */
  private async finish(done: readonly Taken[], staged: readonly IntakeMessage[]): Promise<void> {
    const { ledger, box } = this.options;
    if (done.length === 0) return;
    await this.admission.commit(staged);
    const fresh = done.filter((item) => item.fresh);
    await recordMails(
      ledger,
      box,
      fresh.map((item) => ({ message: item.key, record: item.record })),
    );
  }

  /**
   * Moves the recorded messages where their records send them, in as few MOVEs as chunks allow: a MOVE
   * costs the server a rewrite of the mailbox's index besides each message (measured on Dovecot: 4.6 ms
   * a command on a 2,000-message mailbox, ~35 us a message). `last` then passes them.
   */
  private async moveRecorded(run: PollRun, report: Tally): Promise<void> {
    const { logger } = this.options;
    const recorded = run.recorded.splice(0);
    const lastMoved = recorded.at(-1);
    if (lastMoved === undefined) return;
    const done = recorded.map(({ item }) => item);
    const deps = this.unmovedDeps;
    const unsettled = await settleMessages(this.options.source, done, deps.folders, run.unmoved.refused);
    // Written down before the checkpoint passes them: each poll tries their moves again.
    await leaveUnmoved(deps, run.unmoved, unsettled);
    run.last = { uidValidity: lastMoved.uidValidity, lastUid: lastMoved.item.message.uid };
    for (const { message, record, fresh } of done) {
      if (!fresh) {
        report.resettled += 1;
        continue;
      }
      report[record.outcome] += 1;
      logger.info(
        {
          mailbox: message.mailbox,
          uid: message.uid,
          messageId: message.messageId,
          outcome: record.outcome,
          reason: record.reason,
          documents: record.documents,
        },
        record.outcome === 'processed' ? 'mail message taken' : `mail message failed: ${record.detail}`,
      );
    }
  }
}

/** What one poll's pipeline has come to. */
interface PollRun {
  /** Where the checkpoint may go: the last message moved. */
  last: MailCheckpoint | undefined;
  /** The first error: nothing more is listed or read after it; the chunks already read still finish. */
  failure: { error: unknown } | undefined;
  /** A chunk failed to finish, or its reads stopped early: the chunks after it are discarded. */
  broken: boolean;
  /** Enqueued and recorded, not yet moved (`moveRecorded`), in order. */
  readonly recorded: Array<{ readonly item: Taken; readonly uidValidity: number }>;
  /** Recorded messages are moved once this many wait, */
  readonly moveAt: number;
  /** or, once every chunk of the poll is taken, as each chunk finishes. */
  draining: boolean;
  /** Recorded messages whose move failed: they stay in the mailbox, and the checkpoint passes them. */
  readonly unmoved: UnmovedTally;
  /** The highest UID the checkpoint may pass: below the first message put off to the next poll. */
  ceiling: number | undefined;
}
