import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { z } from 'zod';
import { webhookHeader } from '../../contract/webhook.ts';
import { type WebhookEvent, webhookEvent } from '../../contract/webhook-events.ts';
import { changedRows, readInteger, readText, type SqlRow } from '../../store/sql-row.ts';
import { StoreCorruptError } from '../../store/store-errors.ts';

export type WebhookHeader = z.infer<typeof webhookHeader>;

export interface WebhookRecord {
  readonly id: string;
  readonly accountId: string;
  readonly url: string;
  readonly active: boolean;
  readonly events: readonly WebhookEvent[];
  readonly headers: readonly WebhookHeader[] | null;
  readonly secret: string;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface WebhookChanges {
  readonly url?: string;
  readonly active?: boolean;
  readonly events?: readonly WebhookEvent[];
  readonly headers?: readonly WebhookHeader[] | null;
}

const storedEvents = z.array(webhookEvent);
const storedHeaders = z.array(webhookHeader).nullable();

const parseColumn = <T>(schema: z.ZodType<T>, row: SqlRow, column: string): T => {
  const raw = row[column];
  let value: unknown = raw;
  try {
    if (typeof raw === 'string') value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new StoreCorruptError(`column ${column} of webhooks holds an unexpected value`, { column });
  }
  return parsed.data;
};

const toRecord = (row: SqlRow): WebhookRecord => ({
  id: readText(row, 'id'),
  accountId: readText(row, 'account_id'),
  url: readText(row, 'url'),
  active: readInteger(row, 'active') === 1,
  events: parseColumn(storedEvents, row, 'events'),
  headers: parseColumn(storedHeaders, row, 'headers'),
  secret: readText(row, 'secret'),
  createdAt: readInteger(row, 'created_at'),
  updatedAt: readInteger(row, 'updated_at'),
});

const COLUMNS = 'id, account_id, url, active, events, headers, secret, created_at, updated_at';

/** The webhooks table. Every read that serves a client is scoped by account. */
export class WebhookStore {
  private readonly sql: Record<
    'insert' | 'byAccount' | 'byId' | 'page' | 'count' | 'update' | 'remove' | 'active' | 'deactivate',
    StatementSync
  >;

  constructor(db: DatabaseSync) {
    this.sql = {
      insert: db.prepare(
        `INSERT INTO webhooks (${COLUMNS})
         VALUES (:id, :accountId, :url, :active, :events, :headers, :secret, :createdAt, :createdAt)`,
      ),
      byAccount: db.prepare(`SELECT ${COLUMNS} FROM webhooks WHERE account_id = :accountId AND id = :id`),
      byId: db.prepare(`SELECT ${COLUMNS} FROM webhooks WHERE id = :id`),
      page: db.prepare(
        `SELECT ${COLUMNS} FROM webhooks WHERE account_id = :accountId ORDER BY seq LIMIT :limit OFFSET :offset`,
      ),
      count: db.prepare('SELECT count(*) AS total FROM webhooks WHERE account_id = :accountId'),
      update: db.prepare(
        `UPDATE webhooks SET url = :url, active = :active, events = :events, headers = :headers,
           updated_at = :now
         WHERE account_id = :accountId AND id = :id`,
      ),
      remove: db.prepare('DELETE FROM webhooks WHERE account_id = :accountId AND id = :id'),
      active: db.prepare(
        `SELECT ${COLUMNS} FROM webhooks WHERE account_id = :accountId AND active = 1 ORDER BY seq`,
      ),
      deactivate: db.prepare('UPDATE webhooks SET active = 0, updated_at = :now WHERE id = :id'),
    };
  }

  create(record: Omit<WebhookRecord, 'updatedAt'>): WebhookRecord {
    this.sql.insert.run({
      id: record.id,
      accountId: record.accountId,
      url: record.url,
      active: record.active ? 1 : 0,
      events: JSON.stringify(record.events),
      headers: record.headers === null ? null : JSON.stringify(record.headers),
      secret: record.secret,
      createdAt: record.createdAt,
    });
    return { ...record, updatedAt: record.createdAt };
  }

  find(accountId: string, id: string): WebhookRecord | undefined {
    const row = this.sql.byAccount.get({ accountId, id });
    return row === undefined ? undefined : toRecord(row);
  }

  /** Unscoped: for the delivery worker, which works from a notification that already names the webhook. */
  findById(id: string): WebhookRecord | undefined {
    const row = this.sql.byId.get({ id });
    return row === undefined ? undefined : toRecord(row);
  }

  list(
    accountId: string,
    page: { size: number; offset: number },
  ): { records: WebhookRecord[]; total: number } {
    const rows = this.sql.page.all({ accountId, limit: page.size, offset: page.offset });
    const count = this.sql.count.get({ accountId });
    return { records: rows.map(toRecord), total: count === undefined ? 0 : readInteger(count, 'total') };
  }

  update(accountId: string, id: string, changes: WebhookChanges, now: number): WebhookRecord | undefined {
    const current = this.find(accountId, id);
    if (current === undefined) return undefined;
    const next: WebhookRecord = {
      ...current,
      url: changes.url ?? current.url,
      active: changes.active ?? current.active,
      events: changes.events ?? current.events,
      // null is a value here: it removes the custom headers.
      headers: changes.headers === undefined ? current.headers : changes.headers,
      updatedAt: now,
    };
    this.sql.update.run({
      accountId,
      id,
      url: next.url,
      active: next.active ? 1 : 0,
      events: JSON.stringify(next.events),
      headers: next.headers === null ? null : JSON.stringify(next.headers),
      now,
    });
    return next;
  }

  delete(accountId: string, id: string): boolean {
    return changedRows(this.sql.remove.run({ accountId, id })) > 0;
  }

  /** Active webhooks of the account that subscribe to `event`, oldest first. */
  subscribers(accountId: string, event: WebhookEvent): WebhookRecord[] {
    return this.sql.active
      .all({ accountId })
      .map(toRecord)
      .filter((record) => record.events.includes(event));
  }

  deactivate(id: string, now: number): void {
    this.sql.deactivate.run({ id, now });
  }
}
