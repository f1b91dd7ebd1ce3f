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
  collidingKeyOf,
  type MailRecord,
  messageKeyOf,
  readCheckpoint,
  readMailRecord,
  recordMails,
  releaseLease,
  writeCheckpoint,
} from '../ledger/mailbox.ts';
import type { IntakeMessage } from '../messages.ts';
import type { Ledger, MailCheckpoint, MailListing, MailMessage, MailSource } from '../ports.ts';
import { FAILED_FOLDER, PROCESSED_FOLDER, settleMessages } from './mail-folders.ts';
import { MailImport, type MailRulesCheck } from './mail-import.ts';

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
 * Each poll pays once for its lease, first listing and checkpoint, and its first chunk's read and last
 * chunk's move overlap nothing (~0.1 s for 1 KB messages): a large batch spreads that. Chunks are listed
 * as the poll goes, so a large batch costs nothing up front; a crash mid-poll leaves records, not
 * duplicates, past the last checkpoint.
 */
const DEFAULT_BATCH = 5_000;
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
    const { ledger, box, clock, logger, mailbox } = this.options;
    const leaseMs = this.options.leaseMs ?? DEFAULT_LEASE_MS;
    const report = { leased: false, processed: 0, failed: 0, resettled: 0, more: false };
    if (!(await acquireLease(ledger, box, this.owner, clock.now(), leaseMs))) return report;
    report.leased = true;
    try {
      const checkpoint = await readCheckpoint(ledger, box);
      const taken = await this.pipeline(checkpoint, report, deadline);
      // Once per poll: a crash before it lists again from the last one, where the moved messages are gone
      // and the records of the others keep them from being read twice.
      if (taken.last !== undefined) await writeCheckpoint(ledger, box, taken.last);
      if (taken.failure !== undefined) throw taken.failure.error;
      return report;
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
    report: { processed: number; failed: number; resettled: number; more: boolean },
    deadline: number | undefined,
  ): Promise<{ last: MailCheckpoint | undefined; failure: { error: unknown } | undefined }> {
    const { source, mailbox, logger } = this.options;
    const batchSize = this.options.batchSize ?? DEFAULT_BATCH;
    const chunk = this.options.chunkSize ?? CHUNK_MESSAGES;
    const reads = new Set<Promise<unknown>>();
    /** The identities listed in this poll: one met again is told apart by its bytes (`takeRead`). */
    const identities = new Set<string>();
    const finished: Array<Promise<void>> = [];
    let last: MailCheckpoint | undefined;
    /** The first error: nothing more is listed or read after it; the chunks already read still finish. */
    let failure: { error: unknown } | undefined;
    /** A chunk failed to finish, or its reads stopped early: the chunks after it are discarded. */
    let broken = false;
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
    while (listing !== undefined && failure === undefined) {
      const { limit } = listing;
      let found: MailListing;
      try {
        found = await listing.found;
      } catch (error) {
        // The first listing failing fails the poll as it always did; a later one stops it after the rest.
        if (uidValidity === undefined) throw error;
        failure ??= { error };
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
      // At most three chunks read ahead of the one finishing (its move can take as long as a chunk's
      // reads); the poll's bytes are capped anyway (BATCH_BYTES).
      await finished.at(-AHEAD_CHUNKS);
      if (failure !== undefined) break;
      const taking = await this.takeAll(batch, deadline, reads, identities);
      const validity = uidValidity;
      const before = finished.at(-1) ?? Promise.resolve();
      finished.push(
        before.then(async () => {
          const taken = await taking.collected;
          if (broken) {
            // A chunk before could not finish: this one is not enqueued, and the next poll reads it again.
            for (const message of taken.staged) await this.admission.discard(message);
            return;
          }
          try {
            const lastUid = await this.finish(taken.done, taken.staged, report);
            if (lastUid !== undefined) last = { uidValidity: validity, lastUid };
          } catch (error) {
            broken = true;
            failure ??= { error };
            return;
          }
          if (taken.failure !== undefined) {
            broken = true;
            failure ??= { error: taken.failure };
          }
        }),
      );
      if (taking.failed) break;
      if (taking.stopped) {
        report.more = true;
        break;
      }
    }
    await finished.at(-1);
    // A listing started ahead of a chunk that was then not taken: settled before the poll ends.
    await listing?.found.catch(() => undefined);
    return { last, failure };
  }

  /**
   * Starts reading the messages of a chunk the ledger does not know, in order, and returns once every
   * read is under way: their sources come from the mailbox in few round trips (`MailSource.sources`), read
   * a group at a time, at most `READS_IN_FLIGHT` groups at once across chunks (`reads`), in one temp
   * folder for the chunk. `collected` settles when they are all read and staged: `done` is the longest
   * run, from the first message on, that finished; after a failure nothing more is started, and what
   * finished past it is discarded (the next poll reads it).
   */
  private async takeAll(
    messages: readonly MailMessage[],
    deadline: number | undefined,
    reads: Set<Promise<unknown>>,
    identities: Set<string>,
  ): Promise<{ collected: Promise<Collected>; stopped: boolean; failed: boolean }> {
    const { ledger, box, clock, source, tempDir } = this.options;
    const slots: Array<Promise<Imported>> = [];
    const entries: Entry[] = [];
    let failure: unknown;
    let stopped = false;
    try {
      for (const message of messages) {
        const key = messageKeyOf(message);
        entries.push(entryOf(message, key, await readMailRecord(ledger, box, key), identities.has(key)));
        identities.add(key);
      }
    } catch (error) {
      return { collected: Promise.resolve({ done: [], staged: [], failure: error }), stopped, failed: true };
    }
    const unknown = entries.filter((entry) => entry.known === undefined).map((entry) => entry.message);
    const dir = join(tempDir, `batch-${randomUUID()}`);
    const bodies = source.sources(unknown)[Symbol.asyncIterator]();
    const track = (running: Promise<unknown>): void => {
      const tracked = running.finally(() => reads.delete(tracked));
      reads.add(tracked);
    };
    const settled = (running: Promise<Imported>) =>
      running.catch((error: unknown): Imported => {
        failure ??= error;
        return { kind: 'failed', error };
      });
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
        const running = settled(reading.then((read) => this.takeRead(entry, readAt(read, index))));
        slots[slot] = running;
        return running;
      });
      track(Promise.all(taking));
    };
    try {
      if (unknown.length > 0) await mkdir(dir, { recursive: true });
      for (const entry of entries) {
        if (entry.known !== undefined) {
          slots.push(Promise.resolve({ kind: 'known', record: entry.known }));
          continue;
        }
        if (deadline !== undefined && clock.now() >= deadline) {
          stopped = true;
          break;
        }
        while (reads.size >= READS_IN_FLIGHT) await Promise.race(reads);
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
        const running = settled(
          this.importer.read(entry.message, body, dir).then((read) => this.takeRead(entry, read)),
        );
        track(running);
        slots.push(running);
      }
      // After a failure the group's messages stay unread (their slots say failed): the next poll reads them.
      if (failure === undefined) readGroup();
    } catch (error) {
      failure ??= error;
    } finally {
      await bodies.return?.();
    }
    const collected = this.collect(entries, slots, () => failure).finally(() =>
      rm(dir, { recursive: true, force: true }),
    );
    return { collected, stopped, failed: failure !== undefined };
  }

  /**
   * Takes a message read, unless its bytes are those of the message the ledger knows under its identity
   * (`entry.suspect`: delivered again under a new UID and arrival time), which is then moved as that one
   * was. A different message under a known identity (one Message-ID, one size, other bytes) is taken
   * under an identity of its own.
   */
  private async takeRead(entry: Entry, read: ReadMessage): Promise<Imported> {
    const { suspect } = entry;
    // A record of an older version has no digest; nor has a message refused unread: taken as the same.
    if (
      suspect !== undefined &&
      (suspect.sha256 === undefined || read.sha256 === undefined || suspect.sha256 === read.sha256)
    ) {
      await read.dispose();
      return { kind: 'known', record: suspect };
    }
    let key = entry.key;
    if ((suspect !== undefined || entry.repeat) && read.sha256 !== undefined) {
      key = collidingKeyOf(entry.key, read.sha256);
      const known = await readMailRecord(this.options.ledger, this.options.box, key);
      if (known !== undefined) {
        await read.dispose();
        return { kind: 'known', record: known };
      }
    }
    return { kind: 'imported', key, ...(await this.importer.take(entry.message, key, read)) };
  }

  /** What became of a chunk's messages once every read settled, in order up to the first that failed. */
  private async collect(
    entries: ReadonlyArray<{ message: MailMessage; key: string }>,
    slots: ReadonlyArray<Promise<Imported>>,
    failureOf: () => unknown,
  ): Promise<Collected> {
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
        done.push({ message: entry.message, key: result.key, record: result.record, fresh: true });
      } else {
        broken = true;
        if (result.kind === 'imported') {
          for (const message of result.staged) await this.admission.discard(message);
        }
      }
    }
    return { done, staged, failure: failureOf() };
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
    await settleMessages(this.options.source, done, {
      processed: this.options.processedFolder ?? PROCESSED_FOLDER,
      failed: this.options.failedFolder ?? FAILED_FOLDER,
    });
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
}

interface Collected {
  readonly done: Taken[];
  readonly staged: IntakeMessage[];
  readonly failure: unknown;
}

/**
 * A message of a chunk and what the ledger knows of its identity: `known`, a record of this very message
 * (same UID, or same arrival time: moved or copied back), is moved again unread; `suspect`, a record of a
 * message with the same identity that may be another, is compared by its bytes once read.
 */
interface Entry {
  readonly message: MailMessage;
  readonly key: string;
  readonly known: MailRecord | undefined;
  readonly suspect: MailRecord | undefined;
  /** An earlier message of this poll has the same identity (not yet recorded when this one was listed). */
  readonly repeat: boolean;
}

const entryOf = (
  message: MailMessage,
  key: string,
  record: MailRecord | undefined,
  repeat: boolean,
): Entry => {
  const same =
    record !== undefined &&
    ((record.uidValidity === message.uidValidity && record.uid === message.uid) ||
      record.receivedAt === undefined ||
      record.receivedAt === message.receivedAt);
  return { message, key, known: same ? record : undefined, suspect: same ? undefined : record, repeat };
};

type Imported =
  | { readonly kind: 'known'; readonly record: MailRecord }
  | {
      readonly kind: 'imported';
      readonly key: string;
      readonly record: MailRecord;
      readonly staged: IntakeMessage[];
    }
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
const AHEAD_CHUNKS = 3;

interface Taken {
  readonly message: MailMessage;
  readonly key: string;
  readonly record: MailRecord;
  /** false for a message the ledger already had a record of (enqueued before a crash). */
  readonly fresh: boolean;
}

/**
 * The first messages whose sizes add up to at most `maxBytes`; always the first one when `first` (the
 * poll's first message, however large, is taken).
 */
const withinBytes = (
  messages: readonly MailMessage[],
  maxBytes: number,
  first: boolean,
): readonly MailMessage[] => {
  let bytes = 0;
  for (const [index, message] of messages.entries()) {
    bytes += message.sizeBytes;
    if ((index > 0 || !first) && bytes > maxBytes) return messages.slice(0, index);
  }
  return messages;
};

/** The reader returns one read per message, in order. */
const readAt = (reads: readonly ReadMessage[], index: number): ReadMessage => {
  const read = reads[index];
  if (read === undefined)
    throw new AppError('mail_reader_short', `the reader returned ${reads.length} reads`);
  return read;
};
