import type { Readable } from 'node:stream';

/**
 * The worker's ports. Each external system enters through one of these; adapters live in
 * `pipeline/adapters/` and every adapter passes the same contract suite in `test/`.
 */

export interface QueueMessage {
  /** Stable id of the message across redeliveries. */
  readonly id: string;
  readonly body: string;
  /** How many times this message has been received, this delivery included (1 on the first). */
  readonly receiveCount: number;
  /** Changes on every receive; deleting or extending needs the latest one. */
  readonly receiptHandle: string;
}

export interface ReceiveOptions {
  readonly maxMessages: number;
  /** Long poll: wait up to this long for a first message. 0 returns at once. */
  readonly waitSeconds?: number;
  readonly visibilityTimeoutSeconds?: number;
  /** Ends a long poll early (shutdown); the receive then returns what it has, possibly nothing. */
  readonly signal?: AbortSignal;
}

/** At-least-once queue with visibility timeouts and a dead-letter queue (the SQS model). */
export interface Queue {
  readonly name: string;
  send(body: string, options?: { delaySeconds?: number }): Promise<string>;
  receive(options: ReceiveOptions): Promise<QueueMessage[]>;
  delete(receiptHandle: string): Promise<void>;
  changeVisibility(receiptHandle: string, visibilityTimeoutSeconds: number): Promise<void>;
  /**
   * Optional: deletes finished messages and receives new ones in one step, so an embedded queue pays one
   * commit for both (see `ConsumerQueue.deleteAndReceive`). SQS adapters leave it out.
   */
  deleteAndReceive?(
    receiptHandles: readonly string[],
    options: ReceiveOptions,
  ): Promise<{ messages: QueueMessage[]; stale: string[] }>;
}

/** Where bytes live between stages (claim checks): a folder locally, S3 when deployed. */
export interface BlobStore {
  /** Stores the stream under `key`; resolves once the bytes are durable. */
  put(key: string, body: Readable | Uint8Array): Promise<void>;
  get(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

export interface LedgerEntry {
  readonly key: string;
  readonly value: string;
}

/**
 * Append-only key-value ledger: a key is written once and never changed, so no step needs a
 * read-modify-write. The one exception is a marker of an open state (`open/<document-id>`), which is
 * deleted when that state ends. Keys and values are built and parsed only in `pipeline/ledger/`.
 */
export interface Ledger {
  /** Writes `value` under `key` unless the key exists; true when this call wrote it. */
  putIfAbsent(key: string, value: string): Promise<boolean>;
  /**
   * `putIfAbsent` of each entry in the given order, with one flag per entry. The embedded adapter writes
   * them in one transaction; S3 makes them sequential conditional puts, so a crash may leave any prefix of
   * the list written: callers put the entry that marks their step as done last.
   */
  putAllIfAbsent(entries: readonly LedgerEntry[]): Promise<boolean[]>;
  get(key: string): Promise<string | undefined>;
  /** Every entry whose key starts with `prefix`, in key order. */
  list(prefix: string): Promise<LedgerEntry[]>;
  /**
   * Removes a marker key (`isMarkerKey` of `pipeline/ledger/keys.ts`); any other key is refused, since
   * the rest of the ledger is history. Removing a missing marker is not an error.
   */
  delete(key: string): Promise<void>;
}

/** A message found in a mailbox, addressed by UID within its UIDVALIDITY; its bytes are fetched on demand. */
export interface MailMessage {
  readonly mailbox: string;
  readonly uidValidity: number;
  readonly uid: number;
  /** RFC822.SIZE as the server announced it. */
  readonly sizeBytes: number;
  /** The Message-ID header (unfolded, trimmed, the last of several), or null: with the size, the identity. */
  readonly messageId: string | null;
  /** INTERNALDATE as ISO 8601. */
  readonly receivedAt: string;
  /**
   * The server would not list its size and Message-ID (it drops the connection when asked): it is known
   * by its UID alone, so it cannot pass for another message listed so (one of the same arrival time).
   */
  readonly unlisted?: true;
}

/** How far a mailbox has been read; a new UIDVALIDITY means every UID changed: read it again from the start. */
export interface MailCheckpoint {
  readonly uidValidity: number;
  readonly lastUid: number;
}

/** What `list` found: the mailbox's current UIDVALIDITY and the messages above the checkpoint. */
export interface MailListing {
  readonly uidValidity: number;
  /** Oldest first, only UIDs above the checkpoint's (never the `n:*` quirk's highest old message). */
  readonly messages: readonly MailMessage[];
}

/** A message's bytes from `MailSource.sources`. */
export interface SourceItem {
  readonly message: MailMessage;
  readonly body: Readable | Buffer;
  /**
   * Set when the server would not send the message, however often asked (it drops the connection at
   * each FETCH of it): `body` is then empty, and this says why.
   */
  readonly unfetchable?: string;
}

/**
 * A mailbox that delivers messages (IMAP locally and from a scheduled Lambda). A message leaves the
 * mailbox (`settle`) only after all its documents are durably enqueued, so a crash before that lists it
 * again, and its documents get the same origin ids.
 */
export interface MailSource {
  /**
   * Messages after `checkpoint` (all when undefined, or when the mailbox's UIDVALIDITY differs), oldest
   * first, at most `limit`; with `since`, only messages that arrived on or after that day (IMAP SINCE has
   * a day's resolution). A mailbox that does not exist is an error with code `mailbox_missing`.
   */
  list(
    mailbox: string,
    checkpoint: MailCheckpoint | undefined,
    limit: number,
    options?: { readonly since?: Date },
  ): Promise<MailListing>;
  /** The raw RFC 5322 bytes of one message, streamed; read-only (no \\Seen flag is set). */
  source(message: MailMessage): Promise<Readable>;
  /**
   * The raw bytes of each of `messages` (of one listing), yielded in their order: small messages several
   * to a round trip, a large one streamed in chunks; read-only. A message gone from the mailbox since the
   * listing (expunged or moved by another client) is passed over. The caller may stop early (`return`), which frees the
   * mailbox; a yielded body is read before the next one is asked for, or at the latest alongside it. A
   * message the source holds whole comes as its bytes, a large one as a stream.
   */
  sources(messages: readonly MailMessage[]): AsyncIterable<SourceItem>;
  /**
   * Moves the messages (of one listing: one mailbox and UIDVALIDITY) to `folder`, created when missing,
   * first adding `keywords` to them so a mail client shows why they are there. A message already gone is
   * not an error.
   */
  settle(messages: readonly MailMessage[], folder: string, keywords: readonly string[]): Promise<void>;
  close(): Promise<void>;
}
