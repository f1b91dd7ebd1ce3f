import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/domain/clock.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';

function setup() {
  const clock = new ManualClock();
  const db = openDatabase(':memory:');
  const queue = new SqliteQueue(db, { name: 'ingest', visibilityTimeoutSeconds: 30, clock });
  return { clock, db, queue };
}

const handlesOf = (messages: ReadonlyArray<{ receiptHandle: string }>) =>
  messages.map((message) => message.receiptHandle);

describe('SqliteQueue deleteAndReceive', () => {
  it('deletes the finished messages and claims the next ones in one call', async () => {
    const { queue, clock } = setup();
    await queue.sendBatch(['a', 'b', 'c', 'd']);
    const first = await queue.receive({ maxMessages: 2 });
    const { messages, stale } = await queue.deleteAndReceive(handlesOf(first), { maxMessages: 10 });
    expect(stale).toEqual([]);
    expect(messages.map((message) => message.body)).toEqual(['c', 'd']);
    // The deleted ones never come back, even once their visibility timeout is over.
    clock.advance(30_000);
    const again = await queue.receive({ maxMessages: 10 });
    expect(again.map((message) => message.body)).toEqual(['c', 'd']);
  });

  it('deletes the others and reports a stale handle without failing', async () => {
    const { queue, clock } = setup();
    await queue.sendBatch(['a', 'b']);
    const [a, b] = await queue.receive({ maxMessages: 2, visibilityTimeoutSeconds: 1 });
    clock.advance(1_000);
    // `a` was received again: its first handle no longer deletes it.
    const [aAgain] = await queue.receive({ maxMessages: 1 });
    expect(aAgain?.body).toBe('a');
    const { messages, stale } = await queue.deleteAndReceive(
      [a?.receiptHandle ?? '', b?.receiptHandle ?? ''],
      {
        maxMessages: 10,
      },
    );
    expect(stale).toEqual([a?.receiptHandle]);
    expect(messages).toEqual([]);
    expect(await queue.stats()).toEqual({ visible: 0, inFlight: 1, delayed: 0 });
  });

  it('keeps the deletes when nothing is visible, and ends an aborted long poll with no messages', async () => {
    const { queue } = setup();
    await queue.send('only');
    const received = await queue.receive({ maxMessages: 1 });
    const controller = new AbortController();
    const answer = queue.deleteAndReceive(handlesOf(received), {
      maxMessages: 1,
      waitSeconds: 20,
      signal: controller.signal,
    });
    controller.abort();
    expect(await answer).toEqual({ messages: [], stale: [] });
    expect(await queue.stats()).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('checks its options as receive does', async () => {
    const { queue } = setup();
    await expect(queue.deleteAndReceive([], { maxMessages: 11 })).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await expect(queue.deleteAndReceive([], { maxMessages: 1, waitSeconds: 21 })).rejects.toMatchObject({
      code: 'validation_failed',
    });
  });
});
