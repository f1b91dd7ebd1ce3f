import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/domain/clock.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';

function setup(maxReceiveCount = 3) {
  const clock = new ManualClock();
  const db = openDatabase(':memory:');
  const queue = new SqliteQueue(db, {
    name: 'ingest',
    deadLetter: 'ingest-dlq',
    maxReceiveCount,
    visibilityTimeoutSeconds: 30,
    clock,
  });
  const dlq = new SqliteQueue(db, { name: 'ingest-dlq', clock });
  /** Receives without deleting and lets the visibility timeout pass, like a consumer that keeps failing. */
  const failOnce = async () => {
    const messages = await queue.receive({ maxMessages: 10 });
    clock.advance(30_000);
    return messages;
  };
  return { clock, queue, dlq, failOnce };
}

describe('SqliteQueue dead-letter queue', () => {
  it('moves a message to the dead-letter queue after maxReceiveCount deliveries instead of a further one', async () => {
    const { queue, dlq, failOnce } = setup(3);
    const id = await queue.send('poison');
    expect((await failOnce()).map((message) => message.receiveCount)).toEqual([1]);
    expect((await failOnce()).map((message) => message.receiveCount)).toEqual([2]);
    expect((await failOnce()).map((message) => message.receiveCount)).toEqual([3]);
    expect(await failOnce()).toEqual([]);
    expect(await queue.stats()).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
    expect(await dlq.stats()).toEqual({ visible: 1, inFlight: 0, delayed: 0 });
    expect(await dlq.receive({ maxMessages: 1 })).toEqual([
      { id, body: 'poison', receiveCount: 1, receiptHandle: expect.any(String) },
    ]);
  });

  it('dead-letters with maxReceiveCount 1 after a single failed delivery', async () => {
    const { queue, dlq, failOnce } = setup(1);
    await queue.send('once');
    expect(await failOnce()).toHaveLength(1);
    expect(await failOnce()).toEqual([]);
    expect(await dlq.stats()).toMatchObject({ visible: 1 });
  });

  it('still fills the receive with healthy messages behind the dead-lettered ones', async () => {
    const { queue, clock } = setup(1);
    await queue.send('poison');
    await queue.receive({ maxMessages: 1 });
    clock.advance(30_000);
    await queue.sendBatch(['a', 'b']);
    const messages = await queue.receive({ maxMessages: 2 });
    expect(messages.map((message) => message.body)).toEqual(['a', 'b']);
  });

  it('lists the dead letters of its source queue with when they moved', async () => {
    const { queue, clock, failOnce } = setup(1);
    const sentAt = clock.now();
    const id = await queue.send('poison');
    await failOnce();
    await failOnce();
    expect(await queue.deadLetters()).toEqual([
      {
        id,
        body: 'poison',
        sentAt,
        deadLetteredAt: sentAt + 30_000,
        reason: 'received once and not deleted (maxReceiveCount 1)',
      },
    ]);
  });

  it('moves a received message to the dead-letter queue at once, with the reason a consumer gave', async () => {
    const { queue, dlq } = setup(5);
    const id = await queue.send('malformed');
    await queue.send('fine');
    const [message] = await queue.receive({ maxMessages: 1 });
    expect(await queue.moveToDeadLetter(message?.receiptHandle ?? '', 'validation_failed: not JSON')).toBe(
      true,
    );
    expect(await queue.deadLetters()).toEqual([
      expect.objectContaining({ id, body: 'malformed', reason: 'validation_failed: not JSON' }),
    ]);
    expect(await dlq.stats()).toMatchObject({ visible: 1 });
    expect((await queue.receive({ maxMessages: 10 })).map((m) => m.body)).toEqual(['fine']);
  });

  it('refuses to move a message with a stale handle, and reports false without a dead-letter queue', async () => {
    const { queue, clock } = setup(5);
    await queue.send('held');
    const [first] = await queue.receive({ maxMessages: 1 });
    clock.advance(30_000);
    await queue.receive({ maxMessages: 1 });
    await expect(queue.moveToDeadLetter(first?.receiptHandle ?? '', 'late')).rejects.toMatchObject({
      code: 'receipt_handle_stale',
    });
    const plain = new SqliteQueue(openDatabase(':memory:'), { name: 'plain', clock });
    await plain.send('stays');
    const [kept] = await plain.receive({ maxMessages: 1 });
    expect(await plain.moveToDeadLetter(kept?.receiptHandle ?? '', 'no dlq')).toBe(false);
  });

  it('redrives dead letters back to the source with a fresh receive count', async () => {
    const { queue, dlq, failOnce } = setup(1);
    const id = await queue.send('fixed now');
    await failOnce();
    await failOnce();
    expect(await queue.redrive()).toBe(1);
    expect(await queue.deadLetters()).toEqual([]);
    expect(await dlq.stats()).toMatchObject({ visible: 0 });
    expect(await queue.receive({ maxMessages: 1 })).toMatchObject([{ id, receiveCount: 1 }]);
  });

  it('leaves a dead letter that a dead-letter consumer holds right now', async () => {
    const { queue, dlq, failOnce } = setup(1);
    await queue.send('being inspected');
    await failOnce();
    await failOnce();
    const [held] = await dlq.receive({ maxMessages: 1 });
    expect(await queue.redrive()).toBe(0);
    await dlq.delete(held?.receiptHandle ?? '');
  });

  it('treats a queue without a dead-letter queue as having none: redelivers forever', async () => {
    const clock = new ManualClock();
    const queue = new SqliteQueue(openDatabase(':memory:'), { name: 'plain', maxReceiveCount: 1, clock });
    await queue.send('again and again');
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await queue.receive({ maxMessages: 1 })).toMatchObject([{ receiveCount: attempt }]);
      clock.advance(30_000);
    }
    expect(await queue.deadLetters()).toEqual([]);
    expect(await queue.redrive()).toBe(0);
  });
});
