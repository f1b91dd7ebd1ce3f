import type { Readable } from 'node:stream';
import type { ImapFlow } from 'imapflow';
import { AppError } from '../../src/domain/errors.ts';
import type { Logger } from '../../src/observability/logger.ts';
import type { MailCheckpoint, MailListing, MailMessage, MailSource, SourceItem } from '../ports.ts';
import { ImapConnection, type ImapServer, releaseWhenDone } from './imap-connection.ts';
import {
  DOWNLOAD_CHUNK_BYTES,
  fetchGroups,
  isLarge,
  mayBeTheMessage,
  oneByOne,
} from './imap-fetch-groups.ts';
import { fetchListing, listInParts } from './imap-listing.ts';
import {
  alone,
  checkValidity,
  lockMailbox,
  onFreshSessions,
  uidSet,
  wrapImapError,
} from './imap-sessions.ts';
import { settleOn } from './imap-settle.ts';
import { UidSearch } from './imap-uid-search.ts';

export type { ImapCredentials, ImapServer } from './imap-connection.ts';

export interface ImapMailSourceOptions {
  readonly server: ImapServer;
  readonly logger: Logger;
  /** EXAMINE instead of SELECT, and `settle` refused: `stevedore mail check` touches nothing. */
  readonly readOnly?: boolean;
  /** Every IMAP command sent, for the benchmark's count of a poll's cost. */
  readonly onCommand?: (command: string) => void;
}

/**
 * The mailbox over IMAP (imapflow), on two connections each opened on first use and again after it drops:
 * one lists and fetches, one moves. Every mailbox operation holds its connection's mailbox lock and releases
 * it in `finally`. Messages are addressed by UID, checked against the UIDVALIDITY they were listed under.
 */
export class ImapMailSource implements MailSource {
  /** Lists and fetches. */
  private readonly reader: ImapConnection;
  /**
   * Moves, on a connection of its own: the server moves one chunk (its own process, on Dovecot) while the
   * reading connection fetches the next, instead of the two waiting on each other.
   */
  private readonly mover: ImapConnection;
  /** One SEARCH's answer kept for the chunk listings of a poll. */
  private readonly search = new UidSearch();

  constructor(private readonly options: ImapMailSourceOptions) {
    this.reader = new ImapConnection(options);
    this.mover = new ImapConnection(options);
  }

  async list(
    mailbox: string,
    checkpoint: MailCheckpoint | undefined,
    limit: number,
    options: { readonly since?: Date } = {},
  ): Promise<MailListing> {
    // One STATUS tells whether anything arrived since the checkpoint: an idle poll costs no more. (A
    // selected mailbox's cached UIDNEXT is not updated by EXISTS, so it cannot answer that.)
    const status = await onFreshSessions(this.reader, async () => {
      const client = await this.reader.connect();
      try {
        // Dovecot answers STATUS on the selected mailbox from this session's view: a NOOP brings it up to date.
        if (client.mailbox !== false && client.mailbox.path === mailbox) await client.noop();
        return await client.status(mailbox, { uidNext: true, uidValidity: true, messages: true });
      } catch (error) {
        throw wrapImapError(error, mailbox);
      }
    });
    if (status === false) {
      throw new AppError('mailbox_missing', `the mailbox ${mailbox} does not exist`, { retryable: true });
    }
    if (status.uidValidity !== undefined && status.uidNext !== undefined) {
      const uidValidity = Number(status.uidValidity);
      const from =
        checkpoint !== undefined && checkpoint.uidValidity === uidValidity ? checkpoint.lastUid + 1 : 1;
      if (status.messages === 0 || status.uidNext <= from) return { uidValidity, messages: [] };
    }
    const uidNext = status.uidNext;
    // The SEARCH and the listing's FETCH are steps of their own: a session cut after one keeps its answer.
    const searched = await this.withMailbox(mailbox, async (client, box) => {
      const uidValidity = Number(box.uidValidity);
      const from =
        checkpoint !== undefined && checkpoint.uidValidity === uidValidity ? checkpoint.lastUid + 1 : 1;
      const uids = (
        await this.search.uidsFrom(client, { mailbox, uidValidity, from, uidNext, since: options.since })
      )
        .filter((uid) => uid >= from)
        .slice(0, limit);
      return { uidValidity, from, uids };
    });
    if (searched.uids.length === 0) return { uidValidity: searched.uidValidity, messages: [] };
    return this.withMailbox(mailbox, async (client): Promise<MailListing> => {
      checkValidity(client, { mailbox, uidValidity: searched.uidValidity });
      const messages = await fetchListing(client, { ...searched, mailbox, full: true });
      return { uidValidity: searched.uidValidity, messages };
    }).catch(async (error: unknown) => {
      if (!mayBeTheMessage(error)) throw error;
      const { uidValidity, from } = searched;
      this.options.logger.warn({ err: error, mailbox }, 'listing the mailbox failed; listing it in parts');
      const messages = await listInParts(searched.uids, (uids, full) =>
        this.withMailbox(mailbox, (client) => {
          checkValidity(client, { mailbox, uidValidity });
          return fetchListing(client, { mailbox, uidValidity, uids, from, full });
        }),
      );
      return { uidValidity, messages };
    });
  }

  /** One message as a stream; the mailbox lock is held while the caller reads it. */
  async source(message: MailMessage): Promise<Readable> {
    return this.streamed(await this.reader.connect(), message);
  }

  /**
   * The sources of `messages`, in order, in few round trips: groups of small messages in one UID FETCH
   * each, fetched one group ahead of the caller so the server works while the caller reads; a large
   * message as chunked FETCHes, when the caller gets to it. The mailbox lock is held per group (for a
   * large message, until its stream ends), so a MOVE of messages already taken can run between two.
   */
  async *sources(messages: readonly MailMessage[]): AsyncGenerator<SourceItem> {
    const [first] = messages;
    if (first === undefined) return;
    const groups = [...fetchGroups(messages)];
    const fetchAhead = (index: number): Promise<Map<number, Buffer>> | undefined => {
      const group = groups[index];
      if (group === undefined || isLarge(group)) return undefined;
      const fetching = onFreshSessions(this.reader, async () =>
        this.fetchGroup(await this.reader.connect(), group),
      );
      // Settled here too, so a generator given up early leaves no rejection unhandled.
      fetching.catch(() => undefined);
      return fetching;
    };
    let ahead = fetchAhead(0);
    try {
      for (const [index, group] of groups.entries()) {
        const fetching = ahead;
        const [large] = group;
        if (fetching === undefined && large !== undefined) {
          yield* oneByOne(
            group,
            async (message) =>
              this.streamed(await this.reader.connect(), message).catch((error: unknown) => {
                if (error instanceof AppError && error.code === 'message_gone') return undefined;
                throw error;
              }),
            (message) => this.control(message),
          );
          ahead = fetchAhead(index + 1);
          continue;
        }
        let sources: Map<number, Buffer>;
        try {
          sources = await (fetching ?? new Map<number, Buffer>());
        } catch (error) {
          if (!mayBeTheMessage(error)) throw error;
          // One message may be what the server cannot send: each is fetched on its own, again, then one
          // that fails in sessions of its own (so a failure is not the reading connection's, nor disturbs it).
          yield* oneByOne(
            group,
            async (message, fresh) => {
              const fetch = (client: ImapFlow) => this.fetchGroup(client, [message]);
              const fetched = fresh
                ? await alone(this.options, fetch)
                : await fetch(await this.reader.connect());
              return fetched.get(message.uid);
            },
            (message) => this.control(message),
          );
          ahead = fetchAhead(index + 1);
          continue;
        }
        ahead = fetchAhead(index + 1);
        for (const message of group) {
          const source = sources.get(message.uid);
          // Expunged or moved away by another client since the listing: passed over.
          if (source === undefined) continue;
          // Whole in memory already: the bytes themselves, which a reader thread can take as they are.
          yield { message, body: source };
        }
      }
    } finally {
      await ahead?.catch(() => undefined);
    }
  }

  /** One group of small messages in one UID FETCH, under the mailbox lock. */
  private async fetchGroup(client: ImapFlow, group: readonly MailMessage[]): Promise<Map<number, Buffer>> {
    const [head] = group;
    if (head === undefined) return new Map();
    const lock = await this.lock(client, head.mailbox);
    try {
      for (const message of group) checkValidity(client, message);
      const fetched = await client.fetchAll(
        uidSet(group.map((message) => message.uid)),
        { uid: true, source: true },
        { uid: true },
      );
      const sources = new Map<number, Buffer>();
      // A message expunged by another session may still answer, with `BODY[] NIL` (false here).
      for (const item of fetched) if (Buffer.isBuffer(item.source)) sources.set(item.uid, item.source);
      return sources;
    } catch (error) {
      throw wrapImapError(error, head.mailbox);
    } finally {
      lock.release();
    }
  }

  /**
   * Whether the server answers for `message` in a fresh session: its flags, which it gives without
   * reading the message (`FetchControl`). False when it is gone from the mailbox.
   */
  private control(message: MailMessage): Promise<boolean> {
    return alone(this.options, async (client) => {
      const lock = await this.lock(client, message.mailbox);
      try {
        checkValidity(client, message);
        const found = await client.fetchOne(String(message.uid), { uid: true, flags: true }, { uid: true });
        if (found === false && !client.usable) throw new Error('the connection dropped');
        return found !== false;
      } catch (error) {
        throw wrapImapError(error, message.mailbox);
      } finally {
        lock.release();
      }
    });
  }

  /** A large message, streamed; the lock is held until the caller has read it. */
  private async streamed(client: ImapFlow, message: MailMessage): Promise<Readable> {
    const lock = await this.lock(client, message.mailbox);
    let body: Readable;
    try {
      checkValidity(client, message);
      body = await this.chunked(client, message);
    } catch (error) {
      lock.release();
      throw error;
    }
    releaseWhenDone(body, lock);
    return body;
  }

  /** A large message as a stream of chunked FETCHes; the caller holds the mailbox lock. */
  private async chunked(client: ImapFlow, message: MailMessage): Promise<Readable> {
    try {
      const download = await client.download(String(message.uid), undefined, {
        uid: true,
        chunkSize: DOWNLOAD_CHUNK_BYTES,
      });
      if (download.content === undefined) {
        throw new AppError('message_gone', `message ${message.uid} is no longer in ${message.mailbox}`);
      }
      return download.content;
    } catch (error) {
      throw wrapImapError(error, message.mailbox);
    }
  }

  async settle(messages: readonly MailMessage[], folder: string, keywords: readonly string[]): Promise<void> {
    if (this.options.readOnly === true) throw new AppError('read_only', 'this mailbox was opened read-only');
    const [first] = messages;
    if (first === undefined) return;
    await settleOn(this.mover, this.options.logger, { messages, folder, keywords });
  }

  /** Resolves when the mailbox may have new mail (IDLE's EXISTS), after `maxMs`, or on abort. */
  async waitForMail(mailbox: string, maxMs: number, signal: AbortSignal): Promise<void> {
    let client: ImapFlow;
    try {
      client = await this.reader.connect();
      // Selecting the mailbox is what lets imapflow IDLE on it while nothing else runs.
      const lock = await this.lock(client, mailbox);
      lock.release();
    } catch {
      return;
    }
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        client.off('exists', done);
        client.off('close', done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, maxMs);
      client.on('exists', done);
      client.on('close', done);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  async close(): Promise<void> {
    await Promise.all([this.reader.close(), this.mover.close()]);
  }

  /** `work` on the reading connection's mailbox, again on a fresh session when one is cut under it. */
  private withMailbox<T>(
    mailbox: string,
    work: (client: ImapFlow, box: { uidValidity: bigint; uidNext: number; exists: number }) => Promise<T>,
  ): Promise<T> {
    return onFreshSessions(this.reader, async () => {
      const client = await this.reader.connect();
      const lock = await this.lock(client, mailbox);
      try {
        const box = client.mailbox;
        if (box === false)
          throw new AppError('mailbox_missing', `${mailbox} is not open`, { retryable: true });
        return await work(client, box);
      } catch (error) {
        throw wrapImapError(error, mailbox);
      } finally {
        lock.release();
      }
    });
  }

  /**
   * The mailbox opened on `client`: read-only (EXAMINE) on the reading connection, which only lists and
   * fetches; a server then leaves new mail where it is (Dovecot moves each file from `new/` to `cur/` at a
   * read-write SELECT: 20 us a message, before the first listing could answer). The moving connection
   * opens it read-write, unless the whole source is read-only.
   */
  private async lock(
    client: ImapFlow,
    mailbox: string,
    use: 'read' | 'move' = 'read',
  ): Promise<{ release(): void }> {
    return lockMailbox(client, mailbox, use === 'read' || this.options.readOnly === true);
  }
}
