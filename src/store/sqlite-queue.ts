import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Clock } from '../domain/clock.ts';
import { AppError, ValidationError } from '../domain/errors.ts';
import { migrate } from './database.ts';
import { claimInTransaction, pause, type QueueContext, toMs } from './queue-claim.ts';
import {
  listDeadLetters,
  moveToDeadLetter,
  reclaimInFlight,
  redriveDeadLetters,
} from './queue-dead-letters.ts';
import {
  checkInteger,
  checkSeconds,
  MAX_DELAY_SECONDS,
  MAX_MESSAGE_BYTES,
  MAX_RECEIVE_MESSAGES,
  MAX_SEND_BATCH,
  MAX_VISIBILITY_TIMEOUT_SECONDS,
  MAX_WAIT_SECONDS,
  resolveQueueOptions,
  type SqliteQueueOptions,
} from './queue-options.ts';
import {
  prepareQueueStatements,
  QUEUE_MIGRATION_NAMESPACE,
  QUEUE_MIGRATIONS,
  type QueueStatements,
} from './queue-sql.ts';
import type {
  DeadLetter,
  QueueStats,
  ReceivedMessage,
  SendOptions,
  SqliteReceiveOptions,
} from './queue-types.ts';
import { type SharedCommit, sharedCommitOf } from './shared-commit.ts';
import { changedRows, readInteger, readText } from './sql-row.ts';
import { MessageTooLargeError, ReceiptHandleStaleError, storeCall } from './store-errors.ts';

/**
 * Durable at-least-once queue in SQLite with the SQS model: visibility timeouts, receive counts, receipt
 * handles, delays and a dead-letter queue. Safe to share between processes that open the same file.
 * Structurally a `Queue` of `pipeline/ports.ts`.
 */
export class SqliteQueue {
  readonly name: string;
  readonly deadLetter: string | undefined;
  readonly visibilityTimeoutSeconds: number;
  readonly maxReceiveCount: number;
  private readonly db: DatabaseSync;
  private readonly clock: Clock;
  private readonly pollIntervalMs: number;
  private readonly sql: QueueStatements;
  private readonly context: QueueContext;
  /** Shared with the ledger on the same connection: its waiting batches commit with these transactions. */
  private readonly commit: SharedCommit;
  /**
   * Long polls of this object waiting for a send. A send through the same object (the folder source and
   * the ingest consumer share one in `stevedore up`) ends their pause at once instead of after up to
   * `pollIntervalMs`; sends from other processes are still found by the next look.
   */
  private readonly waiting = new Set<() => void>();

  constructor(db: DatabaseSync, options: SqliteQueueOptions) {
    const resolved = resolveQueueOptions(options);
    this.name = resolved.name;
    this.deadLetter = resolved.deadLetter;
    this.visibilityTimeoutSeconds = resolved.visibilityTimeoutSeconds;
    this.maxReceiveCount = resolved.maxReceiveCount;
    this.clock = resolved.clock;
    this.pollIntervalMs = resolved.pollIntervalMs;
    this.db = db;
    migrate(db, QUEUE_MIGRATION_NAMESPACE, QUEUE_MIGRATIONS);
    this.sql = prepareQueueStatements(db);
    this.commit = sharedCommitOf(db);
    this.context = {
      name: this.name,
      deadLetter: this.deadLetter,
      maxReceiveCount: this.maxReceiveCount,
      clock: this.clock,
      sql: this.sql,
    };
  }

  /** Resolves with the new message's id once the message is durable. */
  async send(body: string, options: SendOptions = {}): Promise<string> {
    const { delaySeconds = 0 } = options;
    checkSeconds('delaySeconds', delaySeconds, MAX_DELAY_SECONDS);
    this.checkBody(body);
    return storeCall(`send to ${this.name}`, () =>
      this.commit.statement(() => this.insert(body, delaySeconds)),
    );
  }

  /** Sends all bodies in one transaction (all or none); ids come back in the order of `bodies`. */
  async sendBatch(bodies: readonly string[], options: SendOptions = {}): Promise<string[]> {
    const { delaySeconds = 0 } = options;
    checkSeconds('delaySeconds', delaySeconds, MAX_DELAY_SECONDS);
    checkInteger('batch size', bodies.length, 1, MAX_SEND_BATCH);
    for (const body of bodies) this.checkBody(body);
    return storeCall(`send to ${this.name}`, () =>
      this.commit.transaction(() => bodies.map((body) => this.insert(body, delaySeconds))),
    );
  }

  /**
   * Claims up to `maxMessages` visible messages, oldest first, in one transaction. A message that was
   * already delivered `maxReceiveCount` times moves to the dead-letter queue instead (SQS redrive).
   */
  async receive(options: SqliteReceiveOptions): Promise<ReceivedMessage[]> {
    const {
      maxMessages,
      waitSeconds = 0,
      visibilityTimeoutSeconds = this.visibilityTimeoutSeconds,
      signal,
    } = options;
    checkInteger('maxMessages', maxMessages, 1, MAX_RECEIVE_MESSAGES);
    checkSeconds('waitSeconds', waitSeconds, MAX_WAIT_SECONDS);
    checkSeconds('visibilityTimeoutSeconds', visibilityTimeoutSeconds, MAX_VISIBILITY_TIMEOUT_SECONDS);
    // The long poll runs on real timers, not on the injected clock: the clock decides when messages become
    // visible, the wait only paces how often we look, and it must end even under a ManualClock.
    const deadline = performance.now() + toMs(waitSeconds);
    for (;;) {
      if (signal?.aborted) return [];
      const messages = this.claim(maxMessages, toMs(visibilityTimeoutSeconds));
      const remaining = deadline - performance.now();
      if (messages.length > 0 || remaining <= 0) return messages;
      if (!(await this.pauseUntilSent(Math.min(this.pollIntervalMs, remaining), signal))) return [];
    }
  }

  /**
   * Deletes the messages of `receiptHandles` and claims new ones in the same transaction, then long-polls
   * like `receive` if none was visible. A consumer that deletes a finished message and at once asks for the
   * next pays one commit (one WAL fsync) for both instead of two. The deletes are durable before this
   * resolves, whatever the receive finds. Stale handles (see `delete`) do not stop the others: they come
   * back in `stale`.
   */
  async deleteAndReceive(
    receiptHandles: readonly string[],
    options: SqliteReceiveOptions,
  ): Promise<{ messages: ReceivedMessage[]; stale: string[] }> {
    const { maxMessages, visibilityTimeoutSeconds = this.visibilityTimeoutSeconds } = options;
    checkInteger('maxMessages', maxMessages, 1, MAX_RECEIVE_MESSAGES);
    checkSeconds('waitSeconds', options.waitSeconds ?? 0, MAX_WAIT_SECONDS);
    checkSeconds('visibilityTimeoutSeconds', visibilityTimeoutSeconds, MAX_VISIBILITY_TIMEOUT_SECONDS);
    const stale: string[] = [];
    const messages = storeCall(`delete from and receive from ${this.name}`, () =>
      this.commit.transaction(() => {
        for (const handle of receiptHandles) {
          const result = this.sql.deleteByHandle.run({ queue: this.name, handle });
          if (changedRows(result) === 0) stale.push(handle);
        }
        return options.signal?.aborted
          ? []
          : claimInTransaction(this.context, maxMessages, toMs(visibilityTimeoutSeconds));
      }),
    );
    if (messages.length > 0 || (options.waitSeconds ?? 0) === 0 || options.signal?.aborted) {
      return { messages, stale };
    }
    return { messages: await this.receive(options), stale };
  }

  /**
   * Deletes the message received with `receiptHandle`. Throws `ReceiptHandleStaleError` when the handle is
   * no longer the message's latest (SQS silently ignores that case; an error lets the caller log that its
   * work may be repeated by the current holder). A handle whose timeout expired still works as long as
   * nobody received the message again.
   */
  async delete(receiptHandle: string): Promise<void> {
    const result = storeCall(`delete from ${this.name}`, () =>
      this.commit.statement(() => this.sql.deleteByHandle.run({ queue: this.name, handle: receiptHandle })),
    );
    if (changedRows(result) === 0) throw new ReceiptHandleStaleError(this.name, 'delete');
  }

  /**
   * Hides the message for `visibilityTimeoutSeconds` from now (a heartbeat; 0 makes it visible at once).
   * Same stale-handle rule as `delete`.
   */
  async changeVisibility(receiptHandle: string, visibilityTimeoutSeconds: number): Promise<void> {
    checkSeconds('visibilityTimeoutSeconds', visibilityTimeoutSeconds, MAX_VISIBILITY_TIMEOUT_SECONDS);
    const result = storeCall(`change visibility in ${this.name}`, () =>
      this.commit.statement(() =>
        this.sql.changeVisibility.run({
          queue: this.name,
          handle: receiptHandle,
          visibleAt: this.clock.now() + toMs(visibilityTimeoutSeconds),
        }),
      ),
    );
    if (changedRows(result) === 0) throw new ReceiptHandleStaleError(this.name, 'changeVisibility');
  }

  async stats(): Promise<QueueStats> {
    const row = storeCall(`stats of ${this.name}`, () =>
      this.sql.stats.get({ queue: this.name, now: this.clock.now() }),
    );
    if (row === undefined) return { visible: 0, inFlight: 0, delayed: 0 };
    return {
      visible: readInteger(row, 'visible'),
      inFlight: readInteger(row, 'in_flight'),
      delayed: readInteger(row, 'delayed'),
    };
  }

  /**
   * The body of every message in this queue, whatever its state (visible, in flight, delayed), oldest
   * first: what may still be delivered. SQS has no such read; the embedded worker's sweep of staged
   * copies uses it to prove a copy unreferenced.
   */
  async bodies(): Promise<string[]> {
    const rows = storeCall(`bodies of ${this.name}`, () => this.sql.bodies.all({ queue: this.name }));
    return rows.map((row) => readText(row, 'body'));
  }

  private claim(maxMessages: number, visibilityMs: number): ReceivedMessage[] {
    return storeCall(`receive from ${this.name}`, () =>
      this.commit.transaction(() => claimInTransaction(this.context, maxMessages, visibilityMs)),
    );
  }

  private insert(body: string, delaySeconds: number): string {
    const id = randomUUID();
    const now = this.clock.now();
    this.sql.insert.run({ id, queue: this.name, body, now, visibleAt: now + toMs(delaySeconds) });
    // Woken before the commit, a long poll looks at once, finds nothing yet and pauses again: harmless.
    for (const wake of this.waiting) wake();
    return id;
  }

  /** `pause`, ended early by a send through this object. False when `signal` aborted it. */
  private async pauseUntilSent(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
    const sent = new AbortController();
    const wake = () => sent.abort();
    this.waiting.add(wake);
    try {
      return await pause(ms, signal ? AbortSignal.any([signal, sent.signal]) : sent.signal).then(
        (paused) => paused || !(signal?.aborted ?? false),
      );
    } finally {
      this.waiting.delete(wake);
    }
  }

  private checkBody(body: string): void {
    if (body.length === 0) throw new ValidationError(`message for queue ${this.name} must not be empty`);
    const bytes = Buffer.byteLength(body, 'utf8');
    if (bytes > MAX_MESSAGE_BYTES) throw new MessageTooLargeError(this.name, bytes, MAX_MESSAGE_BYTES);
  }

  /**
   * Sends inside the transaction the caller holds on this queue's connection, so the message commits or
   * rolls back with the caller's own writes (a document and its job). Synchronous for that reason.
   */
  sendInTransaction(body: string): string {
    if (!this.db.isTransaction) {
      throw new AppError(
        'store_no_transaction',
        `sendInTransaction on ${this.name} needs an open transaction`,
      );
    }
    this.checkBody(body);
    return storeCall(`send to ${this.name}`, () => this.insert(body, 0));
  }

  /** Messages this queue moved to its dead-letter queue, oldest first; empty without a dead-letter queue. */
  async deadLetters(options: { limit?: number } = {}): Promise<DeadLetter[]> {
    return listDeadLetters(this.context, options.limit ?? 100);
  }

  /**
   * Moves this queue's dead letters back into it with a fresh receive count (SQS StartMessageMoveTask).
   * Dead letters that a consumer of the dead-letter queue holds right now stay where they are. Returns how
   * many moved; 0 without a dead-letter queue.
   */
  async redrive(): Promise<number> {
    return redriveDeadLetters(this.context);
  }

  /**
   * Moves the message received with `receiptHandle` to the dead-letter queue now, with the reason it can
   * never succeed (a consumer's retry rule said stop). False when this queue has no dead-letter queue: the
   * message then stays, as on SQS. Same stale-handle rule as `delete`.
   */
  async moveToDeadLetter(receiptHandle: string, reason: string): Promise<boolean> {
    return moveToDeadLetter(this.context, receiptHandle, reason);
  }

  /**
   * Makes every received-but-undeleted message visible now, instead of when its visibility timeout runs
   * out. Only for a process that knows nobody else consumes this database (it holds the data dir lock):
   * the receivers of those messages are gone, most likely killed. Messages that a receiver had put back
   * for a retry backoff come back early too; that costs at most one early retry per start. Receive counts
   * are kept, so a message that kills the process each time it is handled still reaches its dead-letter
   * queue. Returns how many messages came back.
   */
  async reclaimInFlight(): Promise<number> {
    return reclaimInFlight(this.context);
  }
}
