import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/domain/clock.ts';
import { type Consumer, startConsumer } from '../../../src/runtime/consumer.ts';
import type { ConsumerEvents } from '../../../src/runtime/consumer-events.ts';
import { NotReadyError } from '../../../src/runtime/not-ready.ts';
import { exponentialRetry, scheduledRetry } from '../../../src/runtime/retry-rule.ts';
import { recordingLogger } from '../../support/recording-logger.ts';
import { FakeQueue, settleUntil } from './fake-queue.ts';

const notReady = () => new NotReadyError('row_missing', 'the row is not there yet', { retryAfterSeconds: 2 });

describe('an expected wait (NotReadyError)', () => {
  let consumer: Consumer | undefined;
  afterEach(async () => {
    await consumer?.stop({ drainMs: 0 });
  });

  it('hides the message for its own delay, logs at debug and counts no failure', async () => {
    const clock = new ManualClock();
    const queue = new FakeQueue(clock);
    queue.send('early');
    const lines: string[] = [];
    const attempts: number[] = [];
    consumer = startConsumer({
      queue,
      handler: async (message) => {
        attempts.push(message.receiveCount);
        if (message.receiveCount === 1) throw notReady();
      },
      concurrency: 1,
      visibilityTimeoutSeconds: 30,
      waitSeconds: 20,
      clock,
      logger: recordingLogger(lines),
    });
    const waiting: ConsumerEvents['message_waiting'][] = [];
    const failed: unknown[] = [];
    consumer.on('message_waiting', (event) => waiting.push(event));
    consumer.on('message_failed', (event) => failed.push(event));

    await settleUntil(() => waiting.length === 1);
    expect(waiting[0]?.delaySeconds).toBe(2);
    expect(queue.entries('visibility')).toEqual(['visibility m1 2']);
    clock.advance(2_000);
    await settleUntil(() => consumer?.stats().succeeded === 1);

    expect(attempts).toEqual([1, 2]);
    expect(failed).toEqual([]);
    expect(consumer.stats()).toMatchObject({ failed: 0, waiting: 1, succeeded: 1 });
    expect(lines.filter((line) => !line.startsWith('debug') && !line.startsWith('info'))).toEqual([]);
    expect(lines).toContain('debug message not ready yet; it will come back');
  });

  it('gets its own delay from the retry rules, without backoff, so a Lambda waits alike', () => {
    const exponential = exponentialRetry({ baseSeconds: 10, random: () => 1 });
    const scheduled = scheduledRetry(() => 60);
    expect(exponential(5, notReady(), 0)).toEqual({ kind: 'retry', delaySeconds: 2 });
    expect(scheduled(1, notReady(), 0)).toEqual({ kind: 'retry', delaySeconds: 2 });
  });
});
