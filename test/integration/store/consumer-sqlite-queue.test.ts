import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedQueue } from '../../../pipeline/adapters/embedded-queue.ts';
import { systemClock } from '../../../src/domain/clock.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { type Consumer, startConsumer } from '../../../src/runtime/consumer.ts';
import type { ConsumerOptions, MessageHandler } from '../../../src/runtime/consumer-options.ts';
import { exponentialRetry } from '../../../src/runtime/retry-rule.ts';
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

/** The consumer on a real SQLite file with real timers: what `stevedore up` runs. */
describe('the consumer on the SQLite queue', () => {
  const temp = useTempDatabases();
  let consumer: Consumer | undefined;
  afterEach(async () => {
    await consumer?.stop({ drainMs: 0 });
    consumer = undefined;
  });

  const setup = () => {
    const db = temp.open(temp.tempPath());
    const queue = new SqliteQueue(db, {
      name: 'work',
      deadLetter: 'work-dlq',
      maxReceiveCount: 3,
      visibilityTimeoutSeconds: 30,
      pollIntervalMs: 5,
    });
    const start = (handler: MessageHandler, options: Partial<ConsumerOptions> = {}): Consumer => {
      consumer = startConsumer({
        queue,
        handler,
        concurrency: 2,
        visibilityTimeoutSeconds: 0.3,
        heartbeatSeconds: 0.05,
        waitSeconds: 1,
        retry: () => ({ kind: 'retry', delaySeconds: 0 }),
        clock: systemClock,
        logger: silentLogger,
        ...options,
      });
      return consumer;
    };
    return { queue, start };
  };

  it('keeps a message hidden with heartbeats while its handler outlives the visibility timeout', async () => {
    const { queue, start } = setup();
    await queue.send('slow');
    const receiveCounts: number[] = [];
    const running = start(async (message) => {
      receiveCounts.push(message.receiveCount);
      await delay(700); // more than twice the 0.3 s visibility timeout
    });
    await until(() => running.stats().succeeded === 1);
    expect(receiveCounts).toEqual([1]);
    expect(await queue.stats()).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('moves a message that keeps failing to the dead-letter queue after maxReceiveCount deliveries', async () => {
    const { queue, start } = setup();
    await queue.send('poison');
    await queue.send('fine');
    const running = start(async (message) => {
      if (message.body === 'poison') throw new Error('always fails');
    });
    await until(async () => (await queue.deadLetters()).length === 1);
    expect((await queue.deadLetters()).map((letter) => letter.body)).toEqual(['poison']);
    expect(running.stats()).toMatchObject({ succeeded: 1, failed: 3 });
  });

  it('moves a message that cannot succeed to the dead-letter queue at once, with the reason', async () => {
    const { queue, start } = setup();
    await queue.send('not json');
    const running = start(
      async () => {
        throw new AppError('validation_failed', 'the body is not JSON');
      },
      { retry: exponentialRetry() },
    );
    await until(() => running.stats().stopped === 1);
    expect(await queue.deadLetters()).toEqual([
      expect.objectContaining({ body: 'not json', reason: 'validation_failed: the body is not JSON' }),
    ]);
    expect(running.stats()).toMatchObject({ failed: 1, stopped: 1 });
  });

  it("moves it at once through the pipeline's embedded adapter too", async () => {
    const { queue, start } = setup();
    await queue.send('refused');
    const running = start(
      async () => {
        throw new AppError('unsupported_file', 'the service refuses this file');
      },
      { queue: new EmbeddedQueue(queue), retry: exponentialRetry() },
    );
    await until(() => running.stats().stopped === 1);
    expect((await queue.deadLetters()).map((letter) => letter.reason)).toEqual([
      'unsupported_file: the service refuses this file',
    ]);
  });

  it('hands unfinished messages back on stop, so the next receiver gets them at once', async () => {
    const { queue, start } = setup();
    await queue.send('stuck');
    const running = start(
      (_message, { signal }) =>
        new Promise<void>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        ),
      { visibilityTimeoutSeconds: 30, heartbeatSeconds: 10 },
    );
    await until(() => running.stats().inFlight === 1);
    expect(await running.stop({ drainMs: 50 })).toMatchObject({ handedBack: 1, succeeded: 0 });
    const [message] = await queue.receive({ maxMessages: 1 });
    expect(message).toMatchObject({ body: 'stuck', receiveCount: 2 });
  });

  it('ends a long poll on an empty queue at once when stopped', async () => {
    const { start } = setup();
    const running = start(async () => undefined, { waitSeconds: 20 });
    await delay(20);
    const started = performance.now();
    await running.stop({ drainMs: 1_000 });
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
