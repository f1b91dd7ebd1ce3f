import type { DatabaseSync, StatementSync } from 'node:sqlite';

/**
 * One table holds every queue of a database; a dead-letter queue is just another `queue` value, so moving
 * a message there is an UPDATE inside the receive transaction.
 *
 * - `visible_at`: epoch ms from which the message may be received (send delay, then visibility timeout).
 * - `receipt_handle`: the latest receive's handle; NULL before the first receive and after a move.
 * - `source_queue`, `dead_lettered_at`: set while the message sits in a dead-letter queue, so `redrive`
 *   knows where it came from.
 */
export const QUEUE_MIGRATIONS: readonly string[] = [
  `CREATE TABLE queue_messages (
     seq INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     queue TEXT NOT NULL,
     body TEXT NOT NULL,
     sent_at INTEGER NOT NULL,
     visible_at INTEGER NOT NULL,
     receive_count INTEGER NOT NULL DEFAULT 0,
     receipt_handle TEXT UNIQUE,
     source_queue TEXT,
     dead_lettered_at INTEGER
   ) STRICT;
   CREATE INDEX queue_messages_visibility ON queue_messages (queue, visible_at);
   CREATE INDEX queue_messages_dead_letters ON queue_messages (queue, source_queue)
     WHERE source_queue IS NOT NULL;`,
  // Receive walks this index in (visible_at, seq) order from a row-value cursor and stops after the batch,
  // so its cost no longer grows with the number of waiting messages. `dead_letter_reason` says why a
  // consumer gave up on a message it moved to the dead-letter queue itself.
  `DROP INDEX queue_messages_visibility;
   CREATE INDEX queue_messages_ready ON queue_messages (queue, visible_at, seq);
   ALTER TABLE queue_messages ADD COLUMN dead_letter_reason TEXT;`,
];

export const QUEUE_MIGRATION_NAMESPACE = 'store/queue';

export interface QueueStatements {
  readonly insert: StatementSync;
  readonly selectVisible: StatementSync;
  readonly markReceived: StatementSync;
  readonly moveToDeadLetter: StatementSync;
  readonly moveToDeadLetterByHandle: StatementSync;
  readonly deleteByHandle: StatementSync;
  readonly changeVisibility: StatementSync;
  readonly stats: StatementSync;
  readonly deadLetters: StatementSync;
  readonly redrive: StatementSync;
  readonly reclaimInFlight: StatementSync;
  readonly bodies: StatementSync;
}

/** Every statement the queue runs; parameters are named after the columns they fill or compare. */
export function prepareQueueStatements(db: DatabaseSync): QueueStatements {
  return {
    insert: db.prepare(
      `INSERT INTO queue_messages (id, queue, body, sent_at, visible_at)
       VALUES (:id, :queue, :body, :now, :visibleAt)`,
    ),
    // Roughly oldest first, as SQS promises no order: by the time a message became visible, then by send
    // order. The cursor resumes after the last row seen, so the index is read once per receive at most.
    selectVisible: db.prepare(
      `SELECT seq, id, body, receive_count, visible_at FROM queue_messages
       WHERE queue = :queue AND visible_at <= :now AND (visible_at, seq) > (:afterVisibleAt, :afterSeq)
       ORDER BY visible_at, seq LIMIT :limit`,
    ),
    markReceived: db.prepare(
      `UPDATE queue_messages
       SET receive_count = receive_count + 1, receipt_handle = :handle, visible_at = :visibleAt
       WHERE seq = :seq`,
    ),
    // The count restarts so the dead-letter queue's own redrive policy (if any) counts its own deliveries.
    moveToDeadLetter: db.prepare(
      `UPDATE queue_messages
       SET queue = :dlq, source_queue = :source, dead_lettered_at = :now, visible_at = :now,
           receive_count = 0, receipt_handle = NULL, dead_letter_reason = :reason
       WHERE seq = :seq`,
    ),
    moveToDeadLetterByHandle: db.prepare(
      `UPDATE queue_messages
       SET queue = :dlq, source_queue = :source, dead_lettered_at = :now, visible_at = :now,
           receive_count = 0, receipt_handle = NULL, dead_letter_reason = :reason
       WHERE queue = :source AND receipt_handle = :handle`,
    ),
    deleteByHandle: db.prepare(
      'DELETE FROM queue_messages WHERE queue = :queue AND receipt_handle = :handle',
    ),
    changeVisibility: db.prepare(
      'UPDATE queue_messages SET visible_at = :visibleAt WHERE queue = :queue AND receipt_handle = :handle',
    ),
    stats: db.prepare(
      `SELECT
         count(*) FILTER (WHERE visible_at <= :now) AS visible,
         count(*) FILTER (WHERE visible_at > :now AND receipt_handle IS NOT NULL) AS in_flight,
         count(*) FILTER (WHERE visible_at > :now AND receipt_handle IS NULL) AS delayed
       FROM queue_messages WHERE queue = :queue`,
    ),
    deadLetters: db.prepare(
      `SELECT id, body, sent_at, dead_lettered_at, dead_letter_reason FROM queue_messages
       WHERE queue = :dlq AND source_queue = :source ORDER BY seq LIMIT :limit`,
    ),
    redrive: db.prepare(
      `UPDATE queue_messages
       SET queue = :source, source_queue = NULL, dead_lettered_at = NULL, visible_at = :now,
           receive_count = 0, receipt_handle = NULL, dead_letter_reason = NULL
       WHERE queue = :dlq AND source_queue = :source AND visible_at <= :now`,
    ),
    // Received and not deleted: the handle stays, so the next receive replaces it as usual.
    reclaimInFlight: db.prepare(
      `UPDATE queue_messages SET visible_at = :now
       WHERE queue = :queue AND receipt_handle IS NOT NULL AND visible_at > :now`,
    ),
    bodies: db.prepare('SELECT body FROM queue_messages WHERE queue = :queue ORDER BY seq'),
  };
}
