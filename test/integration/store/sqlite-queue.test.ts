import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ManualClock } from '../../../src/domain/clock.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import { useTempDatabases } from './temp-database.ts';

// queue-child.ts works on this queue with this visibility timeout.
const CHILD_QUEUE = 'shared';
const CHILD_VISIBILITY_MS = 60_000;

const { tempPath, open, spawnChild } = useTempDatabases();

const Held = z.object({
  held: z.array(z.object({ id: z.string(), receiptHandle: z.string(), receiveCount: z.number() })),
});
const Consumed = z.object({ consumer: z.string(), ids: z.array(z.string()) });
const Ready = z.object({ ready: z.literal(true) });

describe('SqliteQueue on a shared file', () => {
  it('never hands the same invisible message to two connections receiving side by side', async () => {
    const path = tempPath();
    const first = new SqliteQueue(open(path), { name: 'ingest' });
    const second = new SqliteQueue(open(path), { name: 'ingest' });
    const sent = await first.sendBatch(Array.from({ length: 300 }, (_, index) => `m${index}`));
    const drain = async (queue: SqliteQueue) => {
      const ids: string[] = [];
      for (;;) {
        const messages = await queue.receive({ maxMessages: 7 });
        if (messages.length === 0) return ids;
        ids.push(...messages.map((message) => message.id));
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const [a, b] = await Promise.all([drain(first), drain(second)]);
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    expect([...a, ...b].sort()).toEqual([...sent].sort());
  });

  it('delivers each of 1,000 messages exactly once to 4 consumer processes', async () => {
    const path = tempPath();
    const producer = new SqliteQueue(open(path), { name: CHILD_QUEUE });
    const sent: string[] = [];
    for (let batch = 0; batch < 10; batch += 1) {
      sent.push(
        ...(await producer.sendBatch(Array.from({ length: 100 }, (_, index) => `b${batch}-${index}`))),
      );
    }
    const consumers = ['c1', 'c2', 'c3', 'c4'].map((name) => spawnChild(['consume', path, name]));
    for (const consumer of consumers) Ready.parse(await consumer.next());
    for (const consumer of consumers) consumer.send('go');
    const reports = await Promise.all(
      consumers.map(async (consumer) => Consumed.parse(await consumer.next())),
    );
    const delivered = reports.flatMap((report) => report.ids);
    expect(delivered).toHaveLength(1_000);
    expect(new Set(delivered)).toEqual(new Set(sent));
    for (const report of reports) expect(report.ids.length).toBeGreaterThan(0);
    expect(await producer.stats()).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });
});

describe('SqliteQueue after a crash', () => {
  it('keeps messages across close and reopen, and redelivers one received but never deleted', async () => {
    const path = tempPath();
    const clock = new ManualClock();
    const before = open(path);
    const queue = new SqliteQueue(before, { name: 'ingest', visibilityTimeoutSeconds: 30, clock });
    const [done, abandoned, untouched] = await queue.sendBatch(['done', 'abandoned', 'untouched']);
    const [first, second] = await queue.receive({ maxMessages: 2 });
    expect([first?.id, second?.id]).toEqual([done, abandoned]);
    await queue.delete(first?.receiptHandle ?? '');
    before.close();

    const reopened = new SqliteQueue(open(path), { name: 'ingest', visibilityTimeoutSeconds: 30, clock });
    const [fresh, ...none] = await reopened.receive({ maxMessages: 10 });
    expect(none).toEqual([]);
    expect(fresh).toMatchObject({ id: untouched, body: 'untouched', receiveCount: 1 });
    await reopened.delete(fresh?.receiptHandle ?? '');
    clock.advance(30_000);
    expect(await reopened.receive({ maxMessages: 10 })).toMatchObject([
      { id: abandoned, body: 'abandoned', receiveCount: 2 },
    ]);
  });

  it('redelivers the messages a SIGKILLed process held once their timeout passes', async () => {
    const path = tempPath();
    const producer = new SqliteQueue(open(path), { name: CHILD_QUEUE });
    const sent = await producer.sendBatch(['a', 'b', 'c', 'd', 'e']);
    const holder = spawnChild(['hold', path, '5']);
    const { held } = Held.parse(await holder.next());
    expect(held.map((message) => message.id).sort()).toEqual([...sent].sort());
    holder.process.kill('SIGKILL');
    await holder.exited();

    // The child stamped its messages with the real time; a manual clock started now skips the wait.
    const clock = new ManualClock(Date.now());
    const survivor = new SqliteQueue(open(path), { name: CHILD_QUEUE, clock });
    expect(await survivor.receive({ maxMessages: 10 })).toEqual([]);
    expect(await survivor.stats()).toEqual({ visible: 0, inFlight: 5, delayed: 0 });
    clock.advance(CHILD_VISIBILITY_MS);
    const redelivered = await survivor.receive({ maxMessages: 10 });
    expect(redelivered.map((message) => message.id).sort()).toEqual([...sent].sort());
    expect(redelivered.every((message) => message.receiveCount === 2)).toBe(true);
    await expect(survivor.delete(held[0]?.receiptHandle ?? '')).rejects.toThrow(
      expect.objectContaining({ code: 'receipt_handle_stale' }),
    );
  });
});
