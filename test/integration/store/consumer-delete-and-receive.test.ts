import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/domain/clock.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { type Consumer, startConsumer } from '../../../src/runtime/consumer.ts';
import type { MessageHandler } from '../../../src/runtime/consumer-options.ts';
import type { ConsumerMessage, ConsumerReceiveOptions } from '../../../src/runtime/consumer-queue.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import { useTempDatabases } from './temp-database.ts';

/** Polls a condition; fails after `timeoutMs` rather than sleeping a fixed time. */
async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await delay(5);
  }
}

/** The real SQLite queue, counting how the consumer acknowledges: combined with a receive, or alone. */
class CountingQueue extends SqliteQueue {
  combined = 0;
  alone = 0;
  commits = 0;
  override async deleteAndReceive(handles: readonly string[], options: ConsumerReceiveOptions) {
    this.combined += handles.length;
    this.commits += 1;
    return super.deleteAndReceive(handles, options);
  }
  override async delete(handle: string): Promise<void> {
    this.alone += 1;
    return super.delete(handle);
  }
}

describe('the consumer deleting with its next receive', () => {
  const temp = useTempDatabases();
  let consumer: Consumer | undefined;
  afterEach(async () => {
    await consumer?.stop({ drainMs: 0 });
    consumer = undefined;
  });

  const setup = (handler: MessageHandler, waitSeconds: number, prefetch = 0) => {
    const queue = new CountingQueue(temp.open(temp.tempPath()), {
      name: 'work',
      visibilityTimeoutSeconds: 30,
      pollIntervalMs: 5,
    });
    const processed: string[] = [];
    consumer = startConsumer({
      queue,
      handler,
      concurrency: 2,
      visibilityTimeoutSeconds: 30,
      waitSeconds,
      prefetch,
      clock: systemClock,
      logger: silentLogger,
    });
    consumer.on('message_processed', ({ message }) => processed.push(message.body));
    return { queue, processed, consumer };
  };

  it('deletes every finished message, most of them in the commit that claims the next ones', async () => {
    const bodies = Array.from({ length: 40 }, (_, index) => `m${index}`);
    const { queue, processed } = setup(async () => undefined, 0.05);
    await queue.sendBatch(bodies);
    await until(async () => processed.length === bodies.length);
    expect([...processed].sort()).toEqual([...bodies].sort());
    expect(await queue.stats()).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
    expect(queue.combined + queue.alone).toBe(bodies.length);
    expect(queue.combined).toBeGreaterThan(bodies.length / 2);
  });

  it('deletes a message finishing during a long poll at once instead of after the poll', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { queue, processed, consumer: running } = setup(() => held, 20);
    await queue.send('slow');
    // The consumer has the message and, with a free slot, waits in a 20 s long poll.
    await until(async () => (await queue.stats()).inFlight === 1);
    release();
    await running.onIdle();
    expect(processed).toEqual(['slow']);
    expect(await queue.stats()).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('deletes what waited for a receive when it stops', async () => {
    const seen: ConsumerMessage[] = [];
    const { queue, consumer: running } = setup(async (message) => {
      seen.push(message);
    }, 0.05);
    await queue.sendBatch(['a', 'b', 'c']);
    await until(() => seen.length === 3);
    await running.stop();
    expect(await queue.stats()).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('with prefetch, never runs more handlers than its concurrency and commits once per several messages', async () => {
    const bodies = Array.from({ length: 40 }, (_, index) => `m${index}`);
    let running = 0;
    let most = 0;
    const { queue, processed } = setup(
      async () => {
        running += 1;
        most = Math.max(most, running);
        await delay(1);
        running -= 1;
      },
      0.05,
      2,
    );
    await queue.sendBatch(bodies);
    await until(async () => processed.length === bodies.length);
    expect([...processed].sort()).toEqual([...bodies].sort());
    expect(most).toBeLessThanOrEqual(2);
    expect(await queue.stats()).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
    // Each receive claims up to 4 (2 slots + 2 prefetched) and deletes what finished since the last one.
    expect(queue.commits).toBeLessThan(bodies.length / 2);
  });

  it('hands prefetched messages back when it stops', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { queue, consumer: running } = setup(() => held, 0.05, 2);
    await queue.sendBatch(['a', 'b', 'c', 'd']);
    await until(async () => (await queue.stats()).inFlight === 4);
    const stopping = running.stop({ drainMs: 5_000 });
    release();
    await stopping;
    // The two that ran are deleted; the two that waited are visible again for the next consumer.
    expect(await queue.stats()).toEqual({ visible: 2, inFlight: 0, delayed: 0 });
  });
});
