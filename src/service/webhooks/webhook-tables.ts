/**
 * Tables of the webhooks module (migration namespace `webhooks`). Timestamps are epoch milliseconds.
 *
 * - `webhooks.events` / `webhooks.headers`: JSON arrays written by this module only.
 * - `webhook_notifications.body`: the delivered bytes, serialized once so every retry sends the same body.
 * - `webhook_notifications.next_attempt_at`: when the next attempt may start. A delivery claims the row by
 *   moving it forward (a lease), so two jobs for one notification never deliver at the same time.
 * - `webhook_notifications.enqueued`: 0 until the first delivery job is in the queue. Queue sends run in
 *   their own transaction, so a crash between the insert and the send leaves it at 0 and the start-up
 *   sweep sends the missing job (an outbox).
 * - The unique key on (webhook, event, document, extraction attempt) makes a republished event harmless.
 * - `webhook_notifications.leased` (version 2): 1 while an attempt holds the claim, so `next_attempt_at` can
 *   be told a lease from a retry's backoff. A start under the data-dir lock, where no other process can be
 *   attempting, gives every lease back at once instead of waiting it out.
 */
export const WEBHOOK_MIGRATIONS: readonly string[] = [
  `CREATE TABLE webhooks (
     seq INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     account_id TEXT NOT NULL,
     url TEXT NOT NULL,
     active INTEGER NOT NULL CHECK (active IN (0, 1)),
     events TEXT NOT NULL,
     headers TEXT,
     secret TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   ) STRICT;
   CREATE INDEX webhooks_account ON webhooks (account_id, seq);
   CREATE TABLE webhook_notifications (
     seq INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     account_id TEXT NOT NULL,
     webhook_id TEXT NOT NULL,
     event TEXT NOT NULL,
     reference_type TEXT NOT NULL,
     reference_id TEXT NOT NULL,
     extraction_attempt INTEGER NOT NULL,
     body TEXT NOT NULL,
     delivery_status TEXT NOT NULL CHECK (delivery_status IN ('pending', 'succeeded', 'failed')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     enqueued INTEGER NOT NULL DEFAULT 0 CHECK (enqueued IN (0, 1)),
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     UNIQUE (webhook_id, event, reference_id, extraction_attempt)
   ) STRICT;
   CREATE INDEX webhook_notifications_account ON webhook_notifications (account_id, seq);
   CREATE INDEX webhook_notifications_account_status
     ON webhook_notifications (account_id, delivery_status, seq);
   CREATE INDEX webhook_notifications_unenqueued ON webhook_notifications (seq) WHERE enqueued = 0;
   CREATE TABLE webhook_notification_logs (
     seq INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     notification_id TEXT NOT NULL REFERENCES webhook_notifications (id) ON DELETE CASCADE,
     attempt INTEGER NOT NULL,
     attempted_at INTEGER NOT NULL,
     status_code INTEGER,
     error TEXT,
     duration_ms INTEGER NOT NULL,
     succeeded INTEGER NOT NULL CHECK (succeeded IN (0, 1)),
     UNIQUE (notification_id, attempt)
   ) STRICT;`,
  `ALTER TABLE webhook_notifications ADD COLUMN leased INTEGER NOT NULL DEFAULT 0 CHECK (leased IN (0, 1));
   CREATE INDEX webhook_notifications_leased ON webhook_notifications (seq) WHERE leased = 1;`,
];

export const WEBHOOK_MIGRATION_NAMESPACE = 'webhooks';
