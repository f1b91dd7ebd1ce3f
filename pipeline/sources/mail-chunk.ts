import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../../src/domain/clock.ts';
import { AppError } from '../../src/domain/errors.ts';
import { metadataFromHeaders } from '../../src/mail/mail-metadata.ts';
import { refused } from '../../src/mail/read-outcome.ts';
import type { ReadMessage } from '../../src/mail/types.ts';
import type { Admission } from '../admission/admission.ts';
import { strikeUnfetched } from '../ledger/mail-unmoved.ts';
import { collidingKeyOf, type MailRecord, messageKeyOf, readMailRecord } from '../ledger/mailbox.ts';
import type { IntakeMessage } from '../messages.ts';
import type { Ledger, MailMessage, MailSource, SourceItem } from '../ports.ts';
import type { MailImport } from './mail-import.ts';
import { READ_FOLDER_PREFIX } from './mail-read-folders.ts';

export interface ChunkReaderDeps {
  readonly source: MailSource;
  readonly ledger: Ledger;
  /** The mailbox's name in the ledger. */
  readonly box: string;
  readonly admission: Admission;
  readonly importer: MailImport;
  readonly tempDir: string;
  readonly clock: Clock;
}

/**
 * The reading side of the mail poller: a chunk of listed messages told apart from what the ledger knows,
 * fetched, read and staged; nothing is enqueued, recorded or moved here (the poller's `finish`).
 */
export class ChunkReader {
  private readonly deps: ChunkReaderDeps;

  constructor(deps: ChunkReaderDeps) {
    this.deps = deps;
  }

  /**
   * Starts reading the messages of a chunk the ledger does not know, in order, and returns once every
   * read is under way: their sources come from the mailbox in few round trips (`MailSource.sources`), read
   * a group at a time, at most `READS_IN_FLIGHT` groups at once across chunks (`reads`), in one temp
   * folder for the chunk. `collected` settles when they are all read and staged: `done` is the longest
   * run, from the first message on, that finished; after a failure nothing more is started, and what
   * finished past it is discarded (the next poll reads it).
   */
  async take(
    messages: readonly MailMessage[],
    deadline: number | undefined,
    reads: Set<Promise<unknown>>,
    identities: Set<string>,
  ): Promise<{ collected: Promise<Collected>; stopped: boolean; failed: boolean }> {
    const { ledger, box, clock, source, tempDir } = this.deps;
    const slots: Array<Promise<Imported>> = [];
    const entries: Entry[] = [];
    let failure: unknown;
    let stopped = false;
    try {
      const listed = messages.map((message) => ({ message, key: messageKeyOf(message) }));
      // Looked up a slice at a time: on S3 each is a GET, one round trip, so not one after the other.
      const records: Array<MailRecord | undefined> = [];
      for (let start = 0; start < listed.length; start += LOOKUPS_IN_FLIGHT) {
        const slice = listed.slice(start, start + LOOKUPS_IN_FLIGHT);
        records.push(...(await Promise.all(slice.map(({ key }) => readMailRecord(ledger, box, key)))));
      }
      for (const [index, { message, key }] of listed.entries()) {
        entries.push(entryOf(message, key, records[index], identities.has(key)));
        identities.add(key);
      }
    } catch (error) {
      const collected = { done: [], staged: [], deferred: [], failure: error };
      return { collected: Promise.resolve(collected), stopped, failed: true };
    }
    const unknown = entries.filter((entry) => entry.known === undefined).map((entry) => entry.message);
    const dir = join(tempDir, `${READ_FOLDER_PREFIX}${randomUUID()}`);
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
      const reading = this.deps.importer.readMany(
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
    /** A body that came for a later message than the one asked for. */
    let ahead: IteratorResult<SourceItem> | undefined;
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
        let next = ahead;
        ahead = undefined;
        try {
          next ??= await bodies.next();
        } catch (error) {
          failure = error;
          break;
        }
        // The source passes over a message gone since the listing (another client expunged or moved
        // it): nothing to take, nothing to record; the body that came is the next message's.
        if (next.done === true || next.value.message.uid > entry.message.uid) {
          ahead = next;
          slots.push(Promise.resolve({ kind: 'gone' }));
          continue;
        }
        if (next.value.message.uid !== entry.message.uid) {
          // Destroyed unread, so the mailbox lock a streamed message holds is given back.
          if (!Buffer.isBuffer(next.value.body)) next.value.body.destroy();
          failure = new AppError('mail_source_order', `no source for message ${entry.message.uid}`);
          break;
        }
        const { body, unfetchable } = next.value;
        if (unfetchable !== undefined) {
          const running = settled(this.takeUnfetchable(entry, unfetchable));
          track(running);
          slots.push(running);
          continue;
        }
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
          this.deps.importer.read(entry.message, body, dir).then((read) => this.takeRead(entry, read)),
        );
        track(running);
        slots.push(running);
      }
      // After a failure the group's messages stay unread (their slots say failed): the next poll reads them.
      if (failure === undefined) readGroup();
    } catch (error) {
      failure ??= error;
    } finally {
      // Destroyed unread, so the mailbox lock a streamed message holds is given back.
      const unread = ahead?.done === false ? ahead.value.body : undefined;
      if (unread !== undefined && !Buffer.isBuffer(unread)) unread.destroy();
      await bodies.return?.();
    }
    const collected = this.collect(entries, slots, () => failure).finally(() =>
      rm(dir, { recursive: true, force: true }),
    );
    return { collected, stopped, failed: failure !== undefined };
  }

  /**
   * A message the server would not send, though it answered for it otherwise: put off to the next poll
   * (neither recorded nor moved, and the checkpoint stays below it) until `UNFETCHABLE_POLLS` polls have
   * found it so; then recorded and moved to Failed like a message that cannot be read (`unfetchable`).
   * A good message is not given up for a network that failed twice in one poll.
   */
  private async takeUnfetchable(entry: Entry, detail: string): Promise<Imported> {
    const { ledger, box, clock } = this.deps;
    const polls = await strikeUnfetched(ledger, box, entry.message, { at: new Date(clock.now()), detail });
    if (polls < UNFETCHABLE_POLLS) return { kind: 'deferred', polls, detail };
    const read = refused(
      { ...metadataFromHeaders(null, null, null), messageId: entry.message.messageId },
      { reason: 'unfetchable', detail },
    );
    return this.takeRead(entry, read);
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
      const known = await readMailRecord(this.deps.ledger, this.deps.box, key);
      if (known !== undefined) {
        await read.dispose();
        return { kind: 'known', record: known };
      }
    }
    return { kind: 'imported', key, ...(await this.deps.importer.take(entry.message, key, read)) };
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
    const deferred: Deferred[] = [];
    let broken = false;
    for (const [index, result] of results.entries()) {
      const entry = entries[index];
      if (entry === undefined) break;
      if (result.kind === 'gone') continue;
      if (result.kind === 'deferred') {
        if (!broken) deferred.push({ message: entry.message, polls: result.polls, detail: result.detail });
        continue;
      }
      if (!broken && result.kind === 'known') {
        done.push({ message: entry.message, key: entry.key, record: result.record, fresh: false });
      } else if (!broken && result.kind === 'imported') {
        staged.push(...result.staged);
        done.push({ message: entry.message, key: result.key, record: result.record, fresh: true });
      } else {
        broken = true;
        if (result.kind === 'imported') {
          for (const message of result.staged) await this.deps.admission.discard(message);
        }
      }
    }
    return { done, staged, deferred, failure: failureOf() };
  }
}

export interface Taken {
  readonly message: MailMessage;
  readonly key: string;
  readonly record: MailRecord;
  /** false for a message the ledger already had a record of (enqueued before a crash). */
  readonly fresh: boolean;
}

/** A message the server would not send in this poll (`takeUnfetchable`), and how many polls found it so. */
export interface Deferred {
  readonly message: MailMessage;
  readonly polls: number;
  readonly detail: string;
}

export interface Collected {
  readonly done: Taken[];
  readonly staged: IntakeMessage[];
  /** Put off to the next poll: the checkpoint stays below the first of them. */
  readonly deferred: Deferred[];
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
  | { readonly kind: 'failed'; readonly error: unknown }
  | { readonly kind: 'deferred'; readonly polls: number; readonly detail: string }
  /** Gone from the mailbox between the listing and the fetch. */
  | { readonly kind: 'gone' };

/**
 * Reads under way at once (a group of whole messages, or one streamed message): the next group is read
 * while the one before is staged.
 */
const READS_IN_FLIGHT = 3;
/**
 * Polls that must each find a message unfetchable (failing alone, and twice more in fresh sessions,
 * while the server answered for it) before it is given up: random drops on a flaky network cannot do that three
 * polls in a row, a message the server cannot read does.
 */
const UNFETCHABLE_POLLS = 3;
/** Ledger lookups of a chunk's listed messages under way at once. */
const LOOKUPS_IN_FLIGHT = 32;
/** Whole messages read together: one task of the reader's threads. */
const READ_GROUP_MESSAGES = 25;
const READ_GROUP_BYTES = 4 * 1024 * 1024;
/** The reader returns one read per message, in order. */
const readAt = (reads: readonly ReadMessage[], index: number): ReadMessage => {
  const read = reads[index];
  if (read === undefined)
    throw new AppError('mail_reader_short', `the reader returned ${reads.length} reads`);
  return read;
};
