import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Clock } from '../../src/domain/clock.ts';
import { AppError } from '../../src/domain/errors.ts';
import type { MailReader } from '../../src/mail/mail-reader.ts';
import type { MailLimits, ReadMessage } from '../../src/mail/types.ts';
import type { Logger } from '../../src/observability/logger.ts';
import { Admission, type AdmissionDeps } from '../admission/admission.ts';
import {
  acquireLease,
  type MailRecord,
  messageKeyOf,
  readCheckpoint,
  readMailRecord,
  recordMails,
  releaseLease,
  writeCheckpoint,
} from '../ledger/mailbox.ts';
import type { IntakeMessage } from '../messages.ts';
import type { Ledger, MailMessage, MailSource } from '../ports.ts';
import { MailImport, type MailRulesCheck } from './mail-import.ts';

export const PROCESSED_FOLDER = 'Processed';
export const FAILED_FOLDER = 'Failed';
/** The keyword every message moved to `Failed` carries; a second one names the reason (`stevedore-too_large`). */
export const FAILED_KEYWORD = 'stevedore-failed';

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
}

/**
 * Each poll pays once for its lease, listing and checkpoint, and its first chunk's read and last chunk's
 * commit overlap nothing: a large batch spreads that (500 measured 1.2-2x slower than 1,000).
 */
const DEFAULT_BATCH = 1_000;
/** A batch ends before the message that would take it past this many bytes, so a poll outlasts no lease. */
const BATCH_BYTES = 128 * 1024 * 1024;
/** Long enough for a batch of large messages; a crashed poller's lease frees the mailbox after it. */
const DEFAULT_LEASE_MS = 10 * 60 * 1000;

/**
 * Takes the documents of new messages in one mailbox, exactly once: under a lease in the ledger, from the
 * checkpoint on, each message is read as a stream, its documents staged and enqueued through the
 * admission, its record written, and only then is it moved to `Processed` (or to `Failed`, with the
 * reason as a keyword). A crash anywhere before the move finds the message again: its record, or the
 * same origin ids (message identity + part path), keeps its documents from being taken twice.
 */
export class MailPoller {
  private readonly admission: Admission;
  private readonly importer: MailImport;
  private readonly owner: string;

  constructor(private readonly options: MailPollerOptions) {
    this.admission = new Admission(options.admission);
    this.importer = new MailImport({ ...options, admission: this.admission });
    this.owner = options.owner ?? randomUUID();
  }

  /** One poll. `deadline` (epoch ms) stops before a message that could not finish in time (Lambda). */
  async poll(deadline?: number): Promise<PollReport> {
    const { ledger, box, clock, source, mailbox, logger } = this.options;
    const leaseMs = this.options.leaseMs ?? DEFAULT_LEASE_MS;
    const report = { leased: false, processed: 0, failed: 0, resettled: 0, more: false };
    if (!(await acquireLease(ledger, box, this.owner, clock.now(), leaseMs))) return report;
    report.leased = true;
    try {
      const checkpoint = await readCheckpoint(ledger, box);
      const batchSize = this.options.batchSize ?? DEFAULT_BATCH;
      const listing = await source.list(mailbox, checkpoint, batchSize);
      if (checkpoint !== undefined && checkpoint.uidValidity !== listing.uidValidity) {
        logger.warn(
          { mailbox, was: checkpoint.uidValidity, now: listing.uidValidity },
          'the mailbox UIDVALIDITY changed: reading it again from the start (each message is taken once)',
        );
      }
      const batch = withinBytes(listing.messages, BATCH_BYTES);
      report.more = listing.messages.length >= batchSize || batch.length < listing.messages.length;
      const taken = await this.pipeline(batch, report, deadline);
      if (taken.stopped) report.more = true;
      // Once per poll: a crash before it lists again from the last one, where the moved messages are gone
      // and the records of the others keep them from being read twice.
      if (taken.lastUid !== undefined) {
        await writeCheckpoint(ledger, box, { uidValidity: listing.uidValidity, lastUid: taken.lastUid });
      }
      if (taken.failure !== undefined) throw taken.failure.error;
      return report;
    } finally {
      await releaseLease(ledger, box, this.owner).catch((error: unknown) =>
        logger.warn({ err: error, mailbox }, 'could not release the mailbox lease; it expires by itself'),
      );
    }
  }

  /**
   * Takes the batch a chunk at a time, each chunk's enqueue, records and move running while the next
   * chunk is read: the reads keep the connection and the parser busy while the commits wait on the disk
   * and the server. Chunks finish in order, each after the one before; `lastUid` is the last message
   * moved, as far as the checkpoint may go.
   */
  private async pipeline(
    batch: readonly MailMessage[],
    report: { processed: number; failed: number; resettled: number },
    deadline: number | undefined,
  ): Promise<{ stopped: boolean; lastUid: number | undefined; failure: { error: unknown } | undefined }> {
    let finishing: Promise<void> = Promise.resolve();
    let lastUid: number | undefined;
    let failure: { error: unknown } | undefined;
    let stopped = false;
    const chunk = this.options.chunkSize ?? CHUNK_MESSAGES;
    for (let start = 0; start < batch.length; start += chunk) {
      const taken = await this.takeAll(batch.slice(start, start + chunk), deadline);
      await finishing;
      if (failure !== undefined) {
        // The chunk before could not finish: this one is not enqueued, and the next poll reads it again.
        for (const message of taken.staged) await this.admission.discard(message);
        break;
      }
      finishing = this.finish(taken.done, taken.staged, report).then(
        (last) => {
          lastUid = last ?? lastUid;
        },
        (error: unknown) => {
          failure ??= { error };
        },
      );
      if (taken.failure !== undefined) {
        await finishing;
        failure ??= { error: taken.failure };
        break;
      }
      stopped = taken.stopped;
      if (stopped) break;
    }
    await finishing;
    return { stopped, lastUid, failure };
  }

  /**
   * Reads the messages the ledger does not know, in order: their sources come from the mailbox in few
   * round trips (`MailSource.sources`) and up to `IMPORT_CONCURRENCY` are read and staged at once, in one
   * temp folder for the batch. `done` is the longest run, from the first message on, that finished; after
   * a failure nothing more is started, and what finished past it is discarded (the next poll reads it).
   */
  private async takeAll(
    messages: readonly MailMessage[],
    deadline: number | undefined,
  ): Promise<{ done: Taken[]; staged: IntakeMessage[]; failure: unknown; stopped: boolean }> {
    const { ledger, box, clock, source, tempDir } = this.options;
    const slots: Array<Promise<Imported>> = [];
    const entries: Array<{ message: MailMessage; key: string; known: MailRecord | undefined }> = [];
    let failure: unknown;
    let stopped = false;
    try {
      for (const message of messages) {
        const key = messageKeyOf(message);
        entries.push({ message, key, known: await readMailRecord(ledger, box, key) });
      }
    } catch (error) {
      return { done: [], staged: [], failure: error, stopped };
    }
    const unknown = entries.filter((entry) => entry.known === undefined).map((entry) => entry.message);
    const dir = join(tempDir, `batch-${randomUUID()}`);
    const bodies = source.sources(unknown)[Symbol.asyncIterator]();
    try {
      if (unknown.length > 0) await mkdir(dir, { recursive: true });
      const inFlight = new Set<Promise<unknown>>();
      const track = (running: Promise<unknown>): void => {
        const tracked = running.finally(() => inFlight.delete(tracked));
        inFlight.add(tracked);
      };
      const settled = (running: Promise<{ record: MailRecord; staged: IntakeMessage[] }>) =>
        running.then(
          (imported): Imported => ({ kind: 'imported', ...imported }),
          (error: unknown): Imported => {
            failure ??= error;
            return { kind: 'failed', error };
          },
        );
      // Messages whole in memory are read a group at a time (by the reader's threads, with a pool).
      let group: Array<{ entry: (typeof entries)[number]; raw: Buffer; slot: number }> = [];
      let groupBytes = 0;
      const readGroup = (): void => {
        if (group.length === 0) return;
        const members = group;
        group = [];
        groupBytes = 0;
        const reading = this.importer.readMany(
          members.map((member) => member.raw),
          dir,
        );
        const taking = members.map(({ entry, slot }, index) => {
          const running = settled(
            reading.then((reads) => this.importer.take(entry.message, entry.key, readAt(reads, index))),
          );
          slots[slot] = running;
          return running;
        });
        track(Promise.all(taking));
      };
      for (const entry of entries) {
        if (entry.known !== undefined) {
          slots.push(Promise.resolve({ kind: 'known', record: entry.known }));
          continue;
        }
        if (deadline !== undefined && clock.now() >= deadline) {
          stopped = true;
          break;
        }
        while (inFlight.size >= READS_IN_FLIGHT) await Promise.race(inFlight);
        if (failure !== undefined) break;
        let next: IteratorResult<{ message: MailMessage; body: Readable | Buffer }>;
        try {
          next = await bodies.next();
        } catch (error) {
          failure = error;
          break;
        }
        if (next.done === true || next.value.message.uid !== entry.message.uid) {
          // Destroyed unread, so the mailbox lock a streamed message holds is given back.
          if (next.done !== true && !Buffer.isBuffer(next.value.body)) next.value.body.destroy();
          failure = new AppError('mail_source_order', `no source for message ${entry.message.uid}`);
          break;
        }
        const body = next.value.body;
        if (Buffer.isBuffer(body)) {
          group.push({ entry, raw: body, slot: slots.length });
          groupBytes += body.length;
          slots.push(Promise.resolve({ kind: 'failed', error: undefined }));
          if (group.length >= READ_GROUP_MESSAGES || groupBytes >= READ_GROUP_BYTES) readGroup();
          continue;
        }
        // A large message streams in: read here, after the group before it is under way.
        readGroup();
        const running = settled(this.importer.import(entry.message, entry.key, body, dir));
        track(running);
        slots.push(running);
      }
      // After a failure the group's messages stay unread (their slots say failed): the next poll reads them.
      if (failure === undefined) readGroup();
      const results = await Promise.all(slots);
      const done: Taken[] = [];
      const staged: IntakeMessage[] = [];
      let broken = false;
      for (const [index, result] of results.entries()) {
        const entry = entries[index];
        if (entry === undefined) break;
        if (!broken && result.kind === 'known') {
          done.push({ message: entry.message, key: entry.key, record: result.record, fresh: false });
        } else if (!broken && result.kind === 'imported') {
          staged.push(...result.staged);
          done.push({ message: entry.message, key: entry.key, record: result.record, fresh: true });
        } else {
          broken = true;
          if (result.kind === 'imported') {
            for (const message of result.staged) await this.admission.discard(message);
          }
        }
      }
      return { done, staged, failure, stopped };
    } finally {
      await bodies.return?.();
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Enqueues, records, then moves a chunk, each step after the one before; the last message's UID. */
  private async finish(
    done: readonly Taken[],
    staged: readonly IntakeMessage[],
    report: { processed: number; failed: number; resettled: number },
  ): Promise<number | undefined> {
    const { ledger, box, logger } = this.options;
    if (done.length === 0) return undefined;
    await this.admission.commit(staged);
    const fresh = done.filter((item) => item.fresh);
    await recordMails(
      ledger,
      box,
      fresh.map((item) => ({ message: item.key, record: item.record })),
    );
    await this.settleAll(done);
    for (const { message, record, fresh: isFresh } of done) {
      if (!isFresh) {
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
    return done.at(-1)?.message.uid;
  }

  /** One MOVE per folder and reason: the messages of a batch that share them go together. */
  private async settleAll(done: readonly Taken[]): Promise<void> {
    const processed = this.options.processedFolder ?? PROCESSED_FOLDER;
    const failed = this.options.failedFolder ?? FAILED_FOLDER;
    const groups = new Map<string, { folder: string; keywords: string[]; messages: MailMessage[] }>();
    for (const { message, record } of done) {
      const folder = record.outcome === 'processed' ? processed : failed;
      const keywords = record.outcome === 'processed' ? [] : [FAILED_KEYWORD, reasonKeyword(record.reason)];
      const id = JSON.stringify([folder, keywords]);
      const group = groups.get(id) ?? { folder, keywords, messages: [] };
      group.messages.push(message);
      groups.set(id, group);
    }
    for (const group of groups.values()) {
      await this.options.source.settle(group.messages, group.folder, group.keywords);
    }
  }
}

type Imported =
  | { readonly kind: 'known'; readonly record: MailRecord }
  | { readonly kind: 'imported'; readonly record: MailRecord; readonly staged: IntakeMessage[] }
  | { readonly kind: 'failed'; readonly error: unknown };

/**
 * Reads under way at once (a group of whole messages, or one streamed message): the next group is read
 * while the one before is staged.
 */
const READS_IN_FLIGHT = 3;
/** Whole messages read together: one task of the reader's threads. */
const READ_GROUP_MESSAGES = 25;
const READ_GROUP_BYTES = 4 * 1024 * 1024;
/**
 * Messages read while the chunk before is enqueued, recorded and moved. A chunk costs three commits
 * (rows, queue, records), each blocking the thread on the disk: 100 measured slower than 250 on a
 * busy disk, and 4 chunks a batch still overlap all but the first read and the last commit.
 */
const CHUNK_MESSAGES = 250;

interface Taken {
  readonly message: MailMessage;
  readonly key: string;
  readonly record: MailRecord;
  /** false for a message the ledger already had a record of (enqueued before a crash). */
  readonly fresh: boolean;
}

/** The first messages whose sizes add up to at most `maxBytes`; always the first one. */
const withinBytes = (messages: readonly MailMessage[], maxBytes: number): readonly MailMessage[] => {
  let bytes = 0;
  for (const [index, message] of messages.entries()) {
    bytes += message.sizeBytes;
    if (index > 0 && bytes > maxBytes) return messages.slice(0, index);
  }
  return messages;
};

/** A keyword is an IMAP atom: letters, digits, `_` and `-` only. */
export const reasonKeyword = (reason: string | null): string =>
  `stevedore-${(reason ?? 'failed').replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40)}`;

/** The reader returns one read per message, in order. */
const readAt = (reads: readonly ReadMessage[], index: number): ReadMessage => {
  const read = reads[index];
  if (read === undefined)
    throw new AppError('mail_reader_short', `the reader returned ${reads.length} reads`);
  return read;
};
