import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { deliveryStatuses } from '../../contract/webhook.ts';
import { type WebhookEvent, webhookEvent } from '../../contract/webhook-events.ts';
import { transaction } from '../../store/database.ts';
import { changedRows, readInteger, readOptionalInteger, readText, type SqlRow } from '../../store/sql-row.ts';
import { StoreCorruptError } from '../../store/store-errors.ts';
import { readNullableText } from '../db/columns.ts';

export type DeliveryStatus = (typeof deliveryStatuses)[number];

export interface NotificationRecord {
  readonly id: string;
  readonly accountId: string;
  readonly webhookId: string;
  readonly event: WebhookEvent;
  readonly referenceType: string;
  readonly referenceId: string;
  readonly extractionAttempt: number;
  /** The exact bytes every attempt sends. */
  readonly body: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly nextAttemptAt: number;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export type NewNotification = Omit<NotificationRecord, 'status' | 'attempts' | 'nextAttemptAt' | 'updatedAt'>;

/** One delivery attempt, exposed as a `webhook_notification_log`. */
export interface AttemptRecord {
  readonly id: string;
  readonly notificationId: string;
  /** 1 for the first attempt. */
  readonly attempt: number;
  readonly attemptedAt: number;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly durationMs: number;
  readonly succeeded: boolean;
}

/** Where a notification stands after an attempt. */
export type AttemptResult =
  | { readonly status: 'pending'; readonly nextAttemptAt: number }
  | { readonly status: 'succeeded' | 'failed' };

const STATUSES: readonly string[] = ['pending', 'succeeded', 'failed'] satisfies readonly DeliveryStatus[];

const isStatus = (value: string): value is DeliveryStatus => STATUSES.includes(value);

const readStatus = (row: SqlRow): DeliveryStatus => {
  const value = readText(row, 'delivery_status');
  if (!isStatus(value)) throw new StoreCorruptError(`unknown delivery status ${value}`, { value });
  return value;
};

const readEvent = (row: SqlRow): WebhookEvent => {
  const parsed = webhookEvent.safeParse(readText(row, 'event'));
  if (!parsed.success) throw new StoreCorruptError('unknown webhook event in webhook_notifications', {});
  return parsed.data;
};

const toRecord = (row: SqlRow): NotificationRecord => ({
  id: readText(row, 'id'),
  accountId: readText(row, 'account_id'),
  webhookId: readText(row, 'webhook_id'),
  event: readEvent(row),
  referenceType: readText(row, 'reference_type'),
  referenceId: readText(row, 'reference_id'),
  extractionAttempt: readInteger(row, 'extraction_attempt'),
  body: readText(row, 'body'),
  status: readStatus(row),
  attempts: readInteger(row, 'attempts'),
  nextAttemptAt: readInteger(row, 'next_attempt_at'),
  createdAt: readInteger(row, 'created_at'),
  updatedAt: readInteger(row, 'updated_at'),
});

const toAttempt = (row: SqlRow): AttemptRecord => ({
  id: readText(row, 'id'),
  notificationId: readText(row, 'notification_id'),
  attempt: readInteger(row, 'attempt'),
  attemptedAt: readInteger(row, 'attempted_at'),
  statusCode: readOptionalInteger(row, 'status_code') ?? null,
  error: readNullableText(row, 'error'),
  durationMs: readInteger(row, 'duration_ms'),
  succeeded: readInteger(row, 'succeeded') === 1,
});

const COLUMNS = `id, account_id, webhook_id, event, reference_type, reference_id, extraction_attempt, body,
  delivery_status, attempts, next_attempt_at, created_at, updated_at`;

type Statement =
  | 'insert'
  | 'byAccount'
  | 'byId'
  | 'page'
  | 'count'
  | 'logs'
  | 'claim'
  | 'release'
  | 'releaseAll'
  | 'insertAttempt'
  | 'settle'
  | 'fail'
  | 'markEnqueued'
  | 'unenqueued';

/** Notifications and their delivery attempts. */
export class NotificationStore {
  private readonly sql: Record<Statement, StatementSync>;

  constructor(private readonly db: DatabaseSync) {
    this.sql = {
      insert: db.prepare(
        `INSERT INTO webhook_notifications (id, account_id, webhook_id, event, reference_type, reference_id,
           extraction_attempt, body, delivery_status, next_attempt_at, created_at, updated_at)
         VALUES (:id, :accountId, :webhookId, :event, :referenceType, :referenceId, :extractionAttempt,
           :body, 'pending', :createdAt, :createdAt, :createdAt)
         ON CONFLICT (webhook_id, event, reference_id, extraction_attempt) DO NOTHING`,
      ),
      byAccount: db.prepare(
        `SELECT ${COLUMNS} FROM webhook_notifications WHERE account_id = :accountId AND id = :id`,
      ),
      byId: db.prepare(`SELECT ${COLUMNS} FROM webhook_notifications WHERE id = :id`),
      page: db.prepare(
        `SELECT ${COLUMNS} FROM webhook_notifications
         WHERE account_id = :accountId AND (:status IS NULL OR delivery_status = :status)
         ORDER BY seq DESC LIMIT :limit OFFSET :offset`,
      ),
      count: db.prepare(
        `SELECT count(*) AS total FROM webhook_notifications
         WHERE account_id = :accountId AND (:status IS NULL OR delivery_status = :status)`,
      ),
      logs: db.prepare(
        `SELECT id, notification_id, attempt, attempted_at, status_code, error, duration_ms, succeeded
         FROM webhook_notification_logs
         WHERE notification_id IN (SELECT value FROM json_each(:ids)) ORDER BY notification_id, attempt`,
      ),
      claim: db.prepare(
        `UPDATE webhook_notifications SET next_attempt_at = :leaseUntil, leased = 1
         WHERE id = :id AND delivery_status = 'pending' AND next_attempt_at <= :now`,
      ),
      release: db.prepare(
        `UPDATE webhook_notifications SET next_attempt_at = :now, leased = 0
         WHERE id = :id AND delivery_status = 'pending'`,
      ),
      releaseAll: db.prepare(
        `UPDATE webhook_notifications SET next_attempt_at = min(next_attempt_at, :now), leased = 0
         WHERE leased = 1`,
      ),
      insertAttempt: db.prepare(
        `INSERT INTO webhook_notification_logs
           (id, notification_id, attempt, attempted_at, status_code, error, duration_ms, succeeded)
         VALUES (:id, :notificationId, :attempt, :attemptedAt, :statusCode, :error, :durationMs, :succeeded)`,
      ),
      settle: db.prepare(
        `UPDATE webhook_notifications
         SET attempts = :attempt, delivery_status = :status, next_attempt_at = :nextAttemptAt, leased = 0,
           updated_at = :now
         WHERE id = :id AND delivery_status = 'pending'`,
      ),
      fail: db.prepare(
        `UPDATE webhook_notifications SET delivery_status = 'failed', leased = 0, updated_at = :now
         WHERE id = :id AND delivery_status = 'pending'`,
      ),
      markEnqueued: db.prepare(
        'UPDATE webhook_notifications SET enqueued = 1 WHERE id IN (SELECT value FROM json_each(:ids))',
      ),
      unenqueued: db.prepare(
        `SELECT id, webhook_id FROM webhook_notifications
         WHERE enqueued = 0 AND delivery_status = 'pending' ORDER BY seq LIMIT :limit`,
      ),
    };
  }

  /** False when this (webhook, event, document, extraction attempt) already has a notification. */
  insertIfAbsent(notification: NewNotification): boolean {
    return changedRows(this.sql.insert.run({ ...notification })) > 0;
  }

  find(accountId: string, id: string): NotificationRecord | undefined {
    const row = this.sql.byAccount.get({ accountId, id });
    return row === undefined ? undefined : toRecord(row);
  }

  findById(id: string): NotificationRecord | undefined {
    const row = this.sql.byId.get({ id });
    return row === undefined ? undefined : toRecord(row);
  }

  /** Newest first. */
  list(
    accountId: string,
    query: { status: DeliveryStatus | undefined; size: number; offset: number },
  ): { records: NotificationRecord[]; total: number } {
    const status = query.status ?? null;
    const rows = this.sql.page.all({ accountId, status, limit: query.size, offset: query.offset });
    const count = this.sql.count.get({ accountId, status });
    return { records: rows.map(toRecord), total: count === undefined ? 0 : readInteger(count, 'total') };
  }

  /** Attempts of each notification, oldest first. */
  attempts(notificationIds: readonly string[]): Map<string, AttemptRecord[]> {
    const byNotification = new Map<string, AttemptRecord[]>(notificationIds.map((id) => [id, []]));
    if (notificationIds.length === 0) return byNotification;
    for (const row of this.sql.logs.all({ ids: JSON.stringify(notificationIds) })) {
      const attempt = toAttempt(row);
      byNotification.get(attempt.notificationId)?.push(attempt);
    }
    return byNotification;
  }

  /**
   * Takes the right to make the next attempt until `leaseUntil`. False when the notification is settled,
   * not due yet, or another job claimed it first: that job is then a duplicate and can be dropped.
   */
  claim(id: string, now: number, leaseUntil: number): boolean {
    return changedRows(this.sql.claim.run({ id, now, leaseUntil })) > 0;
  }

  /** Gives a claim back unused (shutdown), so the next job may attempt at once. */
  release(id: string, now: number): void {
    this.sql.release.run({ id, now });
  }

  /**
   * Gives back every claim at once; only for a start that holds the data dir's lock, when the attempts
   * that held them died with the process. Returns how many were given back.
   */
  releaseAll(now: number): number {
    return changedRows(this.sql.releaseAll.run({ now }));
  }

  /** Stores an attempt and the notification's new state together. */
  recordAttempt(attempt: AttemptRecord, result: AttemptResult, now: number): void {
    transaction(this.db, () => {
      this.sql.insertAttempt.run({ ...attempt, succeeded: attempt.succeeded ? 1 : 0 });
      this.sql.settle.run({
        id: attempt.notificationId,
        attempt: attempt.attempt,
        status: result.status,
        nextAttemptAt: result.status === 'pending' ? result.nextAttemptAt : now,
        now,
      });
    });
  }

  /** Settles a notification as failed without an attempt (its webhook is gone or inactive). */
  fail(id: string, now: number): void {
    this.sql.fail.run({ id, now });
  }

  markEnqueued(ids: readonly string[]): void {
    if (ids.length > 0) this.sql.markEnqueued.run({ ids: JSON.stringify(ids) });
  }

  /** Pending notifications whose first job never reached the queue. */
  unenqueued(limit: number): { id: string; webhookId: string }[] {
    return this.sql.unenqueued
      .all({ limit })
      .map((row) => ({ id: readText(row, 'id'), webhookId: readText(row, 'webhook_id') }));
  }
}
