import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/domain/clock.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { type Consumer, startConsumer } from '../../../src/runtime/consumer.ts';
import type { ConsumerEvents } from '../../../src/runtime/consumer-events.ts';
import type { ConsumerOptions, MessageHandler } from '../../../src/runtime/consumer-options.ts';
import type { ConsumerQueue } from '../../../src/runtime/consumer-queue.ts';
import { FakeQueue, FakeQueueWithDeadLetter, flush, settleUntil } from './fake-queue.ts';

/** A promise the test resolves or rejects by hand, to hold a handler mid-run. */
function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void } {
  let resolve: () => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<void>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** Rejects with the signal's reason when it aborts, as a well-behaved handler does. */
const untilAborted = (signal: AbortSignal): Promise<void> =>
  new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));

describe('startConsumer', () => {
  let clock: ManualClock;
  let queue: FakeQueue;
  let consumer: Consumer | undefined;

  beforeEach(() => {
    clock = new ManualClock();
    queue = new FakeQueue(clock);
    consumer = undefined;
  });
  afterEach(async () => {
    await consumer?.stop({ drainMs: 0 });
  });

  const start = (
    handler: MessageHandler,
    options: Partial<ConsumerOptions> & { queue?: ConsumerQueue } = {},
  ): Consumer => {
    consumer = startConsumer({
      queue,
      handler,
      concurrency: 2,
      visibilityTimeoutSeconds: 30,
      heartbeatSeconds: 10,
      waitSeconds: 20,
      retry: () => ({ kind: 'retry', delaySeconds: 5 }),
      clock,
      logger: silentLogger,
      ...options,
    });
    return consumer;
  };

  const record = <K extends keyof ConsumerEvents>(running: Consumer, event: K): ConsumerEvents[K][] => {
    const seen: ConsumerEvents[K][] = [];
    running.on(event, (payload) => seen.push(payload));
    return seen;
  };

  it('deletes a message once its handler resolves, and says so', async () => {
    queue.send('one');
    const bodies: string[] = [];
    const running = start(async (message) => void bodies.push(message.body));
    const processed = record(running, 'message_processed');
    await settleUntil(() => processed.length === 1);
    expect(bodies).toEqual(['one']);
    expect(queue.entries('delete')).toEqual(['delete m1']);
    expect(queue.size()).toBe(0);
  });

  it('renews the visibility every heartbeat while the handler runs, and stops when it ends', async () => {
    queue.send('slow');
    const gate = deferred();
    const running = start(() => gate.promise);
    await settleUntil(() => running.stats().inFlight === 1);
    for (let beat = 0; beat < 3; beat += 1) {
      clock.advance(10_000);
      await flush();
    }
    expect(queue.entries('visibility')).toEqual(['visibility m1 30', 'visibility m1 30', 'visibility m1 30']);
    gate.resolve();
    await settleUntil(() => running.stats().succeeded === 1);
    clock.advance(60_000);
    await flush();
    expect(queue.entries('visibility')).toHaveLength(3);
  });

  it("hides a failed message for the retry rule's delay, then handles its redelivery", async () => {
    queue.send('flaky');
    const attempts: number[] = [];
    const error = new AppError('service_down', 'the service is down', { retryable: true });
    const running = start(async (message) => {
      attempts.push(message.receiveCount);
      if (message.receiveCount === 1) throw error;
    });
    const failed = record(running, 'message_failed');
    await settleUntil(() => failed.length === 1);
    expect(failed[0]).toMatchObject({ error, decision: { kind: 'retry', delaySeconds: 5 } });
    expect(queue.entries('visibility')).toEqual(['visibility m1 5']);
    clock.advance(5_000);
    await settleUntil(() => running.stats().succeeded === 1);
    expect(attempts).toEqual([1, 2]);
    expect(running.stats()).toMatchObject({ failed: 1, succeeded: 1, stopped: 0 });
  });

  it('passes the delivery number, the error and the time to the retry rule', async () => {
    queue.send('x');
    const calls: unknown[][] = [];
    const error = new Error('boom');
    start(
      async () => {
        throw error;
      },
      {
        retry: (...args) => {
          calls.push(args);
          return { kind: 'retry', delaySeconds: 1 };
        },
      },
    );
    await settleUntil(() => calls.length === 1);
    expect(calls).toEqual([[1, error, clock.now()]]);
  });

  it('moves a message the rule stops at once to the dead-letter queue, with the reason', async () => {
    const dlqQueue = new FakeQueueWithDeadLetter(clock);
    dlqQueue.send('malformed');
    const running = start(
      async () => {
        throw new AppError('validation_failed', 'not JSON');
      },
      { queue: dlqQueue, retry: () => ({ kind: 'stop', reason: 'validation_failed: not JSON' }) },
    );
    const dead = record(running, 'message_dead_lettered');
    await settleUntil(() => dead.length === 1);
    expect(dead[0]).toMatchObject({ reason: 'validation_failed: not JSON', moved: true });
    expect(dlqQueue.deadLetters).toEqual([{ body: 'malformed', reason: 'validation_failed: not JSON' }]);
    expect(dlqQueue.entries('visibility')).toEqual([]);
    expect(running.stats()).toMatchObject({ failed: 1, stopped: 1 });
  });

  it('leaves a stopped message for the redrive policy on a queue that cannot move it', async () => {
    queue.send('poison');
    const running = start(
      async () => {
        throw new AppError('bad', 'never works');
      },
      { retry: () => ({ kind: 'stop', reason: 'bad: never works' }) },
    );
    const dead = record(running, 'message_dead_lettered');
    await settleUntil(() => dead.length === 1);
    expect(dead[0]).toMatchObject({ moved: false });
    expect(queue.entries('visibility')).toEqual([]);
    expect(queue.entries('delete')).toEqual([]);
    expect(queue.size()).toBe(1);
  });

  it('never runs more handlers than its concurrency and asks for no more than it has room for', async () => {
    for (let n = 0; n < 7; n += 1) queue.send(`m${n}`);
    const gates: Array<() => void> = [];
    let active = 0;
    let peak = 0;
    const running = start(
      async () => {
        active += 1;
        peak = Math.max(peak, active);
        const gate = deferred();
        gates.push(gate.resolve);
        await gate.promise;
        active -= 1;
      },
      { concurrency: 3 },
    );
    while (running.stats().succeeded < 7) {
      await settleUntil(() => gates.length > 0, 'a running handler');
      gates.shift()?.();
      await flush();
    }
    expect(peak).toBe(3);
    expect(queue.entries('receive')[0]).toBe('receive 3');
    expect(queue.entries('receive').every((line) => Number(line.split(' ')[1]) <= 3)).toBe(true);
  });

  it('lets running handlers finish within drainMs on stop, and receives nothing more', async () => {
    queue.send('finishing');
    const gate = deferred();
    const running = start(() => gate.promise);
    await settleUntil(() => running.stats().inFlight === 1);
    queue.send('not taken');
    const stopping = running.stop({ drainMs: 5_000 });
    await flush();
    clock.advance(1_000);
    gate.resolve();
    expect(await stopping).toMatchObject({ succeeded: 1, handedBack: 0, inFlight: 0 });
    expect(queue.size()).toBe(1);
  });

  it('hands unfinished messages back at once and aborts their handlers when drainMs runs out', async () => {
    queue.send('stuck');
    let reason: unknown;
    const running = start((_message, { signal }) =>
      untilAborted(signal).catch((error: unknown) => {
        reason = error;
        throw error;
      }),
    );
    const handedBack = record(running, 'message_handed_back');
    await settleUntil(() => running.stats().inFlight === 1);
    const stopping = running.stop({ drainMs: 2_000 });
    await flush();
    clock.advance(2_000);
    expect(await stopping).toMatchObject({ handedBack: 1, succeeded: 0, failed: 0 });
    expect(reason).toMatchObject({ code: 'consumer_stopping' });
    expect(handedBack).toHaveLength(1);
    expect(queue.entries('visibility')).toEqual(['visibility m1 0']);
    expect(queue.entries('delete')).toEqual([]);
  });

  it('stops at once during a long poll on an empty queue, leaving no timer behind', async () => {
    const running = start(async () => undefined);
    await flush();
    const stopped = record(running, 'stopped');
    await running.stop({ drainMs: 10_000 });
    expect(stopped).toHaveLength(1);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('hands a running message back at once with a zero drain limit, without the clock moving', async () => {
    queue.send('busy');
    const running = start((_message, { signal }) => untilAborted(signal));
    await settleUntil(() => running.stats().inFlight === 1);
    expect(await running.stop({ drainMs: 0 })).toMatchObject({ handedBack: 1 });
    expect(queue.entries('visibility')).toEqual(['visibility m1 0']);
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    const running = start(async () => undefined, { signal: controller.signal });
    controller.abort();
    await expect(running.stop()).resolves.toMatchObject({ inFlight: 0 });
  });

  it('aborts a handler that outlives handlerTimeoutSeconds, and the rule decides its retry', async () => {
    queue.send('hangs');
    const running = start((_message, { signal }) => untilAborted(signal), { handlerTimeoutSeconds: 60 });
    const failed = record(running, 'message_failed');
    await settleUntil(() => running.stats().inFlight === 1);
    clock.advance(60_000);
    await settleUntil(() => failed.length === 1);
    expect(failed[0]?.error).toMatchObject({ code: 'handler_timeout', retryable: true });
    expect(queue.entries('visibility').at(-1)).toBe('visibility m1 5');
  });

  it('aborts the handler when a heartbeat finds that someone else holds the message', async () => {
    queue.send('lost');
    const running = start((_message, { signal }) => untilAborted(signal));
    const failed = record(running, 'message_failed');
    await settleUntil(() => running.stats().inFlight === 1);
    queue.steal('m1');
    clock.advance(10_000);
    await settleUntil(() => failed.length === 1);
    expect(failed[0]?.error).toMatchObject({ code: 'receipt_handle_stale' });
  });

  it('pauses on the clock after a failed receive, then receives again', async () => {
    queue.receiveFailures.push(new AppError('store_busy', 'database is locked', { retryable: true }));
    queue.send('after the outage');
    const running = start(async () => undefined, { receiveErrorPauseMs: 1_000 });
    const errors = record(running, 'receive_error');
    await settleUntil(() => errors.length === 1);
    await flush();
    expect(queue.entries('receive')).toHaveLength(1);
    clock.advance(1_000);
    await settleUntil(() => running.stats().succeeded === 1);
    expect(queue.entries('receive').length).toBeGreaterThanOrEqual(2);
  });

  it('keeps working when an event listener throws', async () => {
    queue.send('observed');
    const running = start(async () => undefined);
    running.on('message_received', () => {
      throw new Error('buggy observer');
    });
    await settleUntil(() => running.stats().succeeded === 1);
    expect(queue.entries('delete')).toEqual(['delete m1']);
  });

  it('resolves onIdle once no handler is running', async () => {
    queue.send('a');
    const gate = deferred();
    const running = start(() => gate.promise);
    await settleUntil(() => running.stats().inFlight === 1);
    let idle = false;
    void running.onIdle().then(() => {
      idle = true;
    });
    await flush();
    expect(idle).toBe(false);
    gate.resolve();
    await settleUntil(() => idle);
    expect(running.stats().succeeded).toBe(1);
  });

  it('rejects inconsistent options, listing every problem', () => {
    expect(() =>
      start(async () => undefined, {
        concurrency: 0,
        visibilityTimeoutSeconds: 10,
        heartbeatSeconds: 10,
        waitSeconds: 21,
        prefetch: 11,
      }),
    ).toThrow(
      /concurrency must be.*heartbeatSeconds must be positive and shorter.*waitSeconds must be from 0 to 20.*prefetch must be an integer from 0 to 10/,
    );
    consumer = undefined;
  });
});
