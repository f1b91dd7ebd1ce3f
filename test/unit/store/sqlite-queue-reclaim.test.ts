import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/domain/clock.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';

function setup() {
  const clock = new ManualClock();
  const db = openDatabase(':memory:');
  const options = { visibilityTimeoutSeconds: 60, clock };
  const queue = new SqliteQueue(db, { name: 'intake', ...options });
  const other = new SqliteQueue(db, { name: 'events', ...options });
  return { clock, queue, other };
}

describe('SqliteQueue.reclaimInFlight (a start that holds the data dir lock)', () => {
  it('makes received, undeleted messages visible at once, keeping their receive count', async () => {
    const { queue } = setup();
    const first = await queue.send('first');
    await queue.send('second');
    const held = await queue.receive({ maxMessages: 2 });
    expect(await queue.stats()).toEqual({ visible: 0, inFlight: 2, delayed: 0 });

    expect(await queue.reclaimInFlight()).toBe(2);

    expect(await queue.stats()).toEqual({ visible: 2, inFlight: 0, delayed: 0 });
    const again = await queue.receive({ maxMessages: 2 });
    expect(again.map((message) => [message.body, message.receiveCount])).toEqual([
      ['first', 2],
      ['second', 2],
    ]);
    expect(again[0]?.id).toBe(first);
    // Received again, the message answers only to the new handle.
    await expect(queue.delete(held[0]?.receiptHandle ?? '')).rejects.toMatchObject({
      code: 'receipt_handle_stale',
    });
  });

  it('leaves delayed sends, visible messages and other queues alone', async () => {
    const { queue, other } = setup();
    await queue.send('delayed', { delaySeconds: 120 });
    await queue.send('waiting');
    await other.send('held elsewhere');
    await other.receive({ maxMessages: 1 });

    expect(await queue.reclaimInFlight()).toBe(0);

    expect(await queue.stats()).toEqual({ visible: 1, inFlight: 0, delayed: 1 });
    expect(await other.stats()).toEqual({ visible: 0, inFlight: 1, delayed: 0 });
  });

  it('brings back a message put back for a retry backoff too, as the dead run cannot hold it', async () => {
    const { queue } = setup();
    await queue.send('retry later');
    const [message] = await queue.receive({ maxMessages: 1 });
    await queue.changeVisibility(message?.receiptHandle ?? '', 300);

    expect(await queue.reclaimInFlight()).toBe(1);
    expect((await queue.receive({ maxMessages: 1 })).map((received) => received.body)).toEqual([
      'retry later',
    ]);
  });
});
