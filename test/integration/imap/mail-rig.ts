import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { Readable } from 'node:stream';
import { EmbeddedQueue } from '../../../pipeline/adapters/embedded-queue.ts';
import { FolderBlobStore } from '../../../pipeline/adapters/folder-blob-store.ts';
import { ImapMailSource } from '../../../pipeline/adapters/imap-mail-source.ts';
import { EmbeddedLedger } from '../../../pipeline/adapters/sqlite-ledger.ts';
import { mailboxKeyOf } from '../../../pipeline/ledger/mailbox.ts';
import type { IntakeMessage } from '../../../pipeline/messages.ts';
import type { MailCheckpoint, MailListing, MailMessage, MailSource } from '../../../pipeline/ports.ts';
import { MailPoller } from '../../../pipeline/sources/mail-poller.ts';
import { parseIntake } from '../../../pipeline/stages/ingest.ts';
import { type Clock, systemClock } from '../../../src/domain/clock.ts';
import { type MailReader, readMailHere } from '../../../src/mail/mail-reader.ts';
import type { MailLimits } from '../../../src/mail/types.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteBlobTable } from '../../../src/store/sqlite-blob-table.ts';
import { SqliteLedger } from '../../../src/store/sqlite-ledger.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import type { Dovecot } from '../../support/dovecot.ts';

export const TEST_LIMITS: MailLimits = {
  maxMessageBytes: 5 * 1024 * 1024,
  maxAttachmentBytes: 2 * 1024 * 1024,
  maxDocuments: 20,
  minInlineImageBytes: 2 * 1024,
  maxNestingDepth: 4,
  zip: { maxEntries: 50, maxEntryBytes: 2 * 1024 * 1024, maxTotalBytes: 10 * 1024 * 1024, maxRatio: 100 },
};

/** A MailSource that counts what passes through it, and can fail `settle` (a crash before the move). */
export class CountingSource implements MailSource {
  readonly downloads: number[] = [];
  crashBeforeMove = false;
  /** Moves allowed before the source starts failing them; unlimited when undefined. */
  movesBeforeCrash: number | undefined;
  moves = 0;
  /** Listings allowed before the source starts failing them; unlimited when undefined. */
  listingsBeforeFailure: number | undefined;
  listings = 0;
  constructor(readonly inner: MailSource) {}
  list(mailbox: string, checkpoint: MailCheckpoint | undefined, limit: number): Promise<MailListing> {
    if (this.listingsBeforeFailure !== undefined && this.listings >= this.listingsBeforeFailure) {
      return Promise.reject(new Error('the connection dropped while listing'));
    }
    this.listings += 1;
    const listing = this.inner.list(mailbox, checkpoint, limit);
    if (this.validityChangesAfter === undefined || this.listings <= this.validityChangesAfter) return listing;
    // As if the mailbox were rebuilt between two listings of one poll.
    return listing.then((found) => ({ ...found, uidValidity: found.uidValidity + 1 }));
  }
  /** Listings after this many answer with another UIDVALIDITY; unchanged when undefined. */
  validityChangesAfter: number | undefined;
  source(message: MailMessage): Promise<Readable> {
    this.downloads.push(message.uid);
    return this.inner.source(message);
  }
  async *sources(
    messages: readonly MailMessage[],
  ): AsyncGenerator<{ message: MailMessage; body: Readable | Buffer }> {
    for await (const item of this.inner.sources(messages)) {
      this.downloads.push(item.message.uid);
      yield item;
    }
  }
  async settle(messages: readonly MailMessage[], folder: string, keywords: readonly string[]): Promise<void> {
    if (
      this.crashBeforeMove ||
      (this.movesBeforeCrash !== undefined && this.moves >= this.movesBeforeCrash)
    ) {
      throw new Error('crashed after staging, before the move');
    }
    this.moves += 1;
    await this.inner.settle(messages, folder, keywords);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

/** The state a poller writes to: one SQLite file for the ledger and the intake queue, one blob folder. */
export interface MailState {
  readonly root: string;
  readonly db: DatabaseSync;
  readonly ledger: EmbeddedLedger;
  readonly queue: SqliteQueue;
  readonly blobs: FolderBlobStore;
  /** Every intake message enqueued so far (received and left in flight). */
  intake(): Promise<IntakeMessage[]>;
  close(): Promise<void>;
}

export async function createMailState(): Promise<MailState> {
  const root = await mkdtemp(join(tmpdir(), 'stevedore-mail-'));
  const db = openDatabase(join(root, 'worker.db'));
  const queue = new SqliteQueue(db, { name: 'intake' });
  const taken: IntakeMessage[] = [];
  return {
    root,
    db,
    ledger: new EmbeddedLedger(new SqliteLedger(db)),
    queue,
    blobs: new FolderBlobStore(join(root, 'staging'), { small: new SqliteBlobTable(db) }),
    intake: async () => {
      for (;;) {
        const batch = await queue.receive({ maxMessages: 10, visibilityTimeoutSeconds: 3600 });
        if (batch.length === 0) break;
        taken.push(...batch.map((message) => parseIntake(message.body)));
      }
      return [...taken];
    },
    close: async () => {
      db.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

export function imapSource(dovecot: Dovecot, port = dovecot.port): ImapMailSource {
  return new ImapMailSource({
    server: {
      host: dovecot.host,
      port,
      tls: false,
      credentials: async () => ({ user: dovecot.user, pass: dovecot.password }),
    },
    logger: silentLogger,
  });
}

export function createPoller(
  state: MailState,
  source: MailSource,
  options: {
    mailbox?: string;
    dovecot: Dovecot;
    batchSize?: number;
    chunkSize?: number;
    clock?: Clock;
    reader?: MailReader;
    limits?: MailLimits;
    processedFolder?: string;
  },
): MailPoller {
  const mailbox = options.mailbox ?? 'INBOX';
  return new MailPoller({
    source,
    mailbox,
    box: mailboxKeyOf(
      { host: options.dovecot.host, port: options.dovecot.port, user: options.dovecot.user },
      mailbox,
    ),
    ledger: state.ledger,
    admission: {
      blobs: state.blobs,
      queue: new EmbeddedQueue(state.queue),
      policy: { maxBytes: 10_000_000 },
    },
    reader: options.reader ?? readMailHere,
    limits: options.limits ?? TEST_LIMITS,
    tempDir: join(state.root, 'mail-tmp'),
    clock: options.clock ?? systemClock,
    logger: silentLogger,
    ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
    ...(options.chunkSize === undefined ? {} : { chunkSize: options.chunkSize }),
    ...(options.processedFolder === undefined ? {} : { processedFolder: options.processedFolder }),
  });
}

/** Empties INBOX and removes every other mailbox, so each test starts from a fresh account. */
export async function resetAccount(dovecot: Dovecot): Promise<void> {
  const admin = await dovecot.client();
  try {
    for (const box of await admin.list()) {
      if (box.path !== 'INBOX') await admin.mailboxDelete(box.path);
    }
    const inbox = await admin.mailboxOpen('INBOX');
    if (inbox.exists > 0) await admin.messageDelete('1:*');
  } finally {
    await admin.logout();
  }
}

export async function appendAll(
  dovecot: Dovecot,
  mailbox: string,
  messages: readonly Buffer[],
  /** The INTERNALDATE to give them (a migration keeps it); else the server's clock. */
  arrived?: Date,
): Promise<void> {
  const admin = await dovecot.client();
  try {
    for (const message of messages) await admin.append(mailbox, message, [], arrived);
  } finally {
    await admin.logout();
  }
}

/** Message-IDs of each message in `mailbox` with its flags; empty when the mailbox does not exist. */
export async function contents(dovecot: Dovecot, mailbox: string): Promise<Map<string, string[]>> {
  const viewer = await dovecot.client();
  const found = new Map<string, string[]>();
  try {
    const status = await viewer.status(mailbox, { messages: true }).catch(() => undefined);
    if (status === undefined || status === false || !status.messages) return found;
    await viewer.mailboxOpen(mailbox, { readOnly: true });
    for await (const message of viewer.fetch('1:*', { envelope: true, flags: true })) {
      found.set(message.envelope?.messageId ?? `#${message.seq}`, [...(message.flags ?? [])]);
    }
  } finally {
    await viewer.logout();
  }
  return found;
}
