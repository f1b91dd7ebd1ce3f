import type { QueueContext } from './queue-claim.ts';
import { checkInteger } from './queue-options.ts';
import type { DeadLetter } from './queue-types.ts';
import { changedRows, readInteger, readText } from './sql-row.ts';
import { ReceiptHandleStaleError, storeCall } from './store-errors.ts';

/** A reason is a one-line diagnosis, not a log: an error message with its code fits easily. */
const MAX_DEAD_LETTER_REASON_CHARS = 1_000;

/** Bounds the memory of one answer; `dlq list` shows the oldest first, which are the ones to look at. */
const MAX_DEAD_LETTERS_LISTED = 10_000;

/** Messages the queue moved to its dead-letter queue, oldest first; empty without a dead-letter queue. */
export function listDeadLetters(queue: QueueContext, limit: number): DeadLetter[] {
  checkInteger('limit', limit, 1, MAX_DEAD_LETTERS_LISTED);
  const { deadLetter: dlq, name } = queue;
  if (dlq === undefined) return [];
  const rows = storeCall(`list dead letters of ${name}`, () =>
    queue.sql.deadLetters.all({ dlq, source: name, limit }),
  );
  return rows.map((row) => ({
    id: readText(row, 'id'),
    body: readText(row, 'body'),
    sentAt: readInteger(row, 'sent_at'),
    deadLetteredAt: readInteger(row, 'dead_lettered_at'),
    reason: typeof row.dead_letter_reason === 'string' ? row.dead_letter_reason : undefined,
  }));
}

/** See `SqliteQueue.redrive`. */
export function redriveDeadLetters(queue: QueueContext): number {
  const { deadLetter: dlq, name } = queue;
  if (dlq === undefined) return 0;
  const result = storeCall(`redrive into ${name}`, () =>
    queue.sql.redrive.run({ dlq, source: name, now: queue.clock.now() }),
  );
  return changedRows(result);
}

/** See `SqliteQueue.moveToDeadLetter`. */
export function moveToDeadLetter(queue: QueueContext, receiptHandle: string, reason: string): boolean {
  const { deadLetter: dlq, name } = queue;
  if (dlq === undefined) return false;
  const result = storeCall(`move to the dead-letter queue of ${name}`, () =>
    queue.sql.moveToDeadLetterByHandle.run({
      dlq,
      source: name,
      handle: receiptHandle,
      now: queue.clock.now(),
      reason: reason.slice(0, MAX_DEAD_LETTER_REASON_CHARS),
    }),
  );
  if (changedRows(result) === 0) throw new ReceiptHandleStaleError(name, 'moveToDeadLetter');
  return true;
}

/** See `SqliteQueue.reclaimInFlight`. */
export function reclaimInFlight(queue: QueueContext): number {
  const result = storeCall(`reclaim in-flight messages of ${queue.name}`, () =>
    queue.sql.reclaimInFlight.run({ queue: queue.name, now: queue.clock.now() }),
  );
  return changedRows(result);
}
