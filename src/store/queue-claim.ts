import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Clock } from '../domain/clock.ts';
import type { QueueStatements } from './queue-sql.ts';
import type { ReceivedMessage } from './queue-types.ts';
import { readInteger, readText } from './sql-row.ts';

/** What the queue's free functions need of one `SqliteQueue`: its name, rules, clock and statements. */
export interface QueueContext {
  readonly name: string;
  readonly deadLetter: string | undefined;
  readonly maxReceiveCount: number;
  readonly clock: Clock;
  readonly sql: QueueStatements;
}

/**
 * Claims up to `maxMessages` visible messages, oldest first, inside the caller's transaction. A message
 * already delivered `maxReceiveCount` times moves to the dead-letter queue instead (SQS redrive).
 */
export function claimInTransaction(
  queue: QueueContext,
  maxMessages: number,
  visibilityMs: number,
): ReceivedMessage[] {
  const { sql, name, deadLetter, maxReceiveCount } = queue;
  const now = queue.clock.now();
  const claimed: ReceivedMessage[] = [];
  // Loop because dead-lettered rows do not count towards maxMessages. Each round resumes after the
  // last row seen. A message claimed with a zero timeout is visible again at `now`, which sorts after
  // every other visible row: `seen` keeps it from being taken twice in one receive.
  const seen = new Set<number>();
  let afterVisibleAt = Number.MIN_SAFE_INTEGER;
  let afterSeq = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const wanted = maxMessages - claimed.length;
    if (wanted === 0) return claimed;
    const rows = sql.selectVisible.all({ queue: name, now, afterVisibleAt, afterSeq, limit: wanted });
    if (rows.length === 0) return claimed;
    for (const row of rows) {
      const seq = readInteger(row, 'seq');
      afterVisibleAt = readInteger(row, 'visible_at');
      afterSeq = seq;
      if (seen.has(seq)) continue;
      seen.add(seq);
      const receiveCount = readInteger(row, 'receive_count');
      if (deadLetter !== undefined && receiveCount >= maxReceiveCount) {
        const times = receiveCount === 1 ? 'once' : `${receiveCount} times`;
        const reason = `received ${times} and not deleted (maxReceiveCount ${maxReceiveCount})`;
        sql.moveToDeadLetter.run({ dlq: deadLetter, source: name, now, seq, reason });
        continue;
      }
      const receiptHandle = randomUUID();
      sql.markReceived.run({ handle: receiptHandle, visibleAt: now + visibilityMs, seq });
      claimed.push({
        id: readText(row, 'id'),
        body: readText(row, 'body'),
        receiveCount: receiveCount + 1,
        receiptHandle,
      });
    }
  }
}

export const toMs = (seconds: number): number => Math.round(seconds * 1000);

/** Waits `ms`; false when `signal` aborted the wait. */
export async function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  try {
    await delay(ms, undefined, { signal });
    return true;
  } catch (error) {
    if (signal?.aborted) return false;
    throw error;
  }
}
