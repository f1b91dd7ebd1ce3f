import type { DatabaseSync } from 'node:sqlite';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedQueue } from '../../../pipeline/adapters/embedded-queue.ts';
import { type QueueWorker, startQueueWorker } from '../../../pipeline/runtime/queue-worker.ts';
import type { MessageHandler, QueueWorkerOptions } from '../../../pipeline/runtime/queue-worker-options.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import { until } from './runtime-until.ts';

/** The embedded queue, with a log of the acknowledgements the worker makes. */
class RecordingQueue extends EmbeddedQueue {
  readonly log: string[] = [];
  override async delete(handle: string): Promise<void> {
    this.log.push(`delete ${handle}`);
    return super.delete(handle);
  }
  override async changeVisibility(handle: string, seconds: number): Promise<void> {
    this.log.push(`visibility ${handle} ${seconds}`);
    return super.changeVisibility(handle, seconds);
  }
  entries(prefix: string): string[] {
    return this.log.filter((line) => line.startsWith(prefix));
  }
}

describe('startQueueWorker', () => {
  let db: DatabaseSync;
  let store: SqliteQueue;
  let queue: RecordingQueue;
  let worker: QueueWorker | undefined;

  beforeEach(() => {
    db = openDatabase(':memory:');
    store = new SqliteQueue(db, {
      name: 'work',
      deadLetter: 'work-dlq',
      maxReceiveCount: 3,
      visibilityTimeoutSeconds: 30,
      pollIntervalMs: 5,
    });
    queue = new RecordingQueue(store);
    worker = undefined;
  });
  afterEach(async () => {
    await worker?.stop({ drainMs: 0 });
    db.close();
  });

  const start = (handler: MessageHandler, options: Partial<QueueWorkerOptions> = {}): QueueWorker => {
    worker = startQueueWorker({
      queue,
      handler,
      concurrency: 2,
      visibilityTimeoutSeconds: 0.3,
      heartbeatSeconds: 0.05,
      waitSeconds: 1,
      backoff: () => 0,
      logger: silentLogger,
      ...options,
    });
    return worker;
  };

  it('deletes a message once its handler succeeds', async () => {
    await queue.send('one');
    const bodies: string[] = [];
    const running = start(async (message) => void bodies.push(message.body));
    await until(() => running.stats().succeeded === 1);
    expect(bodies).toEqual(['one']);
    await until(() => queue.entries('delete').length === 1);
    expect(await store.stats()).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('renews the visibility of a long-running message so no one else receives it', async () => {
    await queue.send('slow');
    const receiveCounts: number[] = [];
    const running = start(async (message) => {
      receiveCounts.push(message.receiveCount);
      await delay(700); // more than twice the 0.3 s visibility timeout
    });
    await until(() => running.stats().succeeded === 1);
    expect(receiveCounts).toEqual([1]);
    expect(queue.entries('visibility').length).toBeGreaterThanOrEqual(5);
    expect(queue.entries('visibility').every((line) => line.endsWith(' 0.3'))).toBe(true);
  });

  it('leaves a failed message for redelivery with the backoff as its visibility', async () => {
    await queue.send('flaky');
    const attempts: number[] = [];
    const running = start(
      async (message) => {
        attempts.push(message.receiveCount);
        if (message.receiveCount === 1) throw new Error('service down');
      },
      { backoff: (receiveCount) => (receiveCount === 1 ? 0.05 : 0) },
    );
    await until(() => running.stats().succeeded === 1);
    expect(attempts).toEqual([1, 2]);
    expect(running.stats()).toMatchObject({ failed: 1, succeeded: 1 });
    expect(queue.entries('visibility').some((line) => line.endsWith(' 0.05'))).toBe(true);
  });

  it('moves a poison message to the dead-letter queue after maxReceiveCount deliveries', async () => {
    await queue.send('poison');
    await queue.send('fine');
    const running = start(async (message) => {
      if (message.body === 'poison') throw new Error('always fails');
    });
    await until(async () => (await store.deadLetters()).length === 1);
    expect((await store.deadLetters()).map((letter) => letter.body)).toEqual(['poison']);
    expect(running.stats()).toMatchObject({ succeeded: 1, failed: 3 });
  });

  it('never runs more handlers at once than its concurrency', async () => {
    for (let n = 0; n < 9; n += 1) await queue.send(`m${n}`);
    let active = 0;
    let peak = 0;
    const running = start(
      async () => {
        active += 1;
        peak = Math.max(peak, active);
        await delay(20);
        active -= 1;
      },
      { concurrency: 3 },
    );
    await until(() => running.stats().succeeded === 9);
    expect(peak).toBe(3);
  });

  it('lets running handlers finish within drainMs on stop, then receives nothing more', async () => {
    await queue.send('finishing');
    let started = false;
    const running = start(async () => {
      started = true;
      await delay(100);
    });
    await until(() => started);
    await queue.send('not taken');
    const stats = await running.stop({ drainMs: 2_000 });
    expect(stats).toMatchObject({ succeeded: 1, handedBack: 0, inFlight: 0 });
    expect((await store.receive({ maxMessages: 10 })).map((message) => message.body)).toEqual(['not taken']);
  });

  it('hands unfinished messages back at once and aborts their handlers when drainMs runs out', async () => {
    await queue.send('stuck');
    let aborted: unknown;
    let started = false;
    const running = start(
      (_message, { signal }) =>
        new Promise<void>((_resolve, reject) => {
          started = true;
          signal.addEventListener('abort', () => {
            aborted = signal.reason;
            reject(signal.reason);
          });
        }),
      { visibilityTimeoutSeconds: 30, heartbeatSeconds: 10 },
    );
    await until(() => started);
    const stats = await running.stop({ drainMs: 50 });
    expect(stats).toMatchObject({ handedBack: 1, succeeded: 0 });
    expect(aborted).toMatchObject({ code: 'worker_stopping' });
    const [message] = await store.receive({ maxMessages: 1 });
    expect(message).toMatchObject({ body: 'stuck', receiveCount: 2 });
    expect(queue.entries('delete')).toEqual([]);
  });

  it('stops at once during a long poll on an empty queue', async () => {
    const running = start(async () => {}, { waitSeconds: 20 });
    await delay(20);
    const started = performance.now();
    await running.stop({ drainMs: 1_000 });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    const running = start(async () => {}, { signal: controller.signal });
    controller.abort();
    await expect(running.stop()).resolves.toMatchObject({ inFlight: 0 });
  });

  it('aborts a handler that outlives handlerTimeoutSeconds and stops renewing its message', async () => {
    await queue.send('hangs');
    let reason: unknown;
    start(
      (_message, { signal }) =>
        new Promise<void>((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            reason = signal.reason;
            reject(signal.reason);
          });
        }),
      { handlerTimeoutSeconds: 0.1 },
    );
    await until(() => reason !== undefined);
    expect(reason).toMatchObject({ code: 'handler_timeout' });
  });

  it('rejects inconsistent options, listing every problem', () => {
    expect(() =>
      start(async () => {}, { concurrency: 0, visibilityTimeoutSeconds: 10, heartbeatSeconds: 10 }),
    ).toThrow(/concurrency must be.*heartbeatSeconds must be positive and shorter/);
    worker = undefined;
  });
});
