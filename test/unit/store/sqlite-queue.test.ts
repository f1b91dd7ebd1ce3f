import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/domain/clock.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { MAX_MESSAGE_BYTES, type SqliteQueueOptions } from '../../../src/store/queue-options.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';

function setup(options: Partial<SqliteQueueOptions> = {}) {
  const clock = new ManualClock();
  const db = openDatabase(':memory:');
  const queue = new SqliteQueue(db, { name: 'ingest', visibilityTimeoutSeconds: 30, clock, ...options });
  return { clock, db, queue };
}

const stale = expect.objectContaining({ code: 'receipt_handle_stale', retryable: false });

describe('SqliteQueue send and receive', () => {
  it('delivers a sent message once with receive count 1 and hides it while in flight', async () => {
    const { queue } = setup();
    const id = await queue.send('hello');
    const [message, ...rest] = await queue.receive({ maxMessages: 10 });
    expect(rest).toEqual([]);
    expect(message).toEqual({ id, body: 'hello', receiveCount: 1, receiptHandle: expect.any(String) });
    expect(await queue.receive({ maxMessages: 10 })).toEqual([]);
  });

  it('redelivers a message with receive count 2 and a new handle once its visibility timeout expires', async () => {
    const { queue, clock } = setup();
    await queue.send('work');
    const [first] = await queue.receive({ maxMessages: 1 });
    clock.advance(29_999);
    expect(await queue.receive({ maxMessages: 1 })).toEqual([]);
    clock.advance(1);
    const [second] = await queue.receive({ maxMessages: 1 });
    expect(second).toMatchObject({ id: first?.id, body: 'work', receiveCount: 2 });
    expect(second?.receiptHandle).not.toBe(first?.receiptHandle);
  });

  it('uses the visibility timeout of the receive call over the queue default', async () => {
    const { queue, clock } = setup();
    await queue.send('work');
    await queue.receive({ maxMessages: 1, visibilityTimeoutSeconds: 2 });
    clock.advance(2_000);
    expect(await queue.receive({ maxMessages: 1 })).toHaveLength(1);
  });

  it('hands out a message once per receive even with a zero visibility timeout', async () => {
    const { queue } = setup();
    await queue.sendBatch(['a', 'b']);
    const messages = await queue.receive({ maxMessages: 10, visibilityTimeoutSeconds: 0 });
    expect(messages.map((message) => message.body)).toEqual(['a', 'b']);
    expect(await queue.receive({ maxMessages: 10 })).toMatchObject([
      { receiveCount: 2 },
      { receiveCount: 2 },
    ]);
  });

  it('hands out a message once per receive with a zero timeout, also when it moves behind the others', async () => {
    const { queue, clock } = setup();
    await queue.sendBatch(['a', 'b', 'c']);
    // Visible again at "now", after every message that was already waiting: the cursor reaches it again.
    clock.advance(5_000);
    const messages = await queue.receive({ maxMessages: 10, visibilityTimeoutSeconds: 0 });
    expect(messages.map((message) => message.body)).toEqual(['a', 'b', 'c']);
  });

  it('serves messages roughly in the order they became visible, not in send order', async () => {
    const { queue, clock } = setup();
    await queue.send('delayed', { delaySeconds: 10 });
    await queue.send('ready');
    clock.advance(10_000);
    await queue.send('newest');
    const messages = await queue.receive({ maxMessages: 10 });
    expect(messages.map((message) => message.body)).toEqual(['ready', 'delayed', 'newest']);
  });

  it('keeps a delayed message invisible until its delay has passed', async () => {
    const { queue, clock } = setup();
    await queue.send('later', { delaySeconds: 60 });
    clock.advance(59_999);
    expect(await queue.receive({ maxMessages: 1 })).toEqual([]);
    clock.advance(1);
    expect(await queue.receive({ maxMessages: 1 })).toMatchObject([{ body: 'later', receiveCount: 1 }]);
  });

  it('sends a batch in order and receives the oldest first, at most maxMessages', async () => {
    const { queue } = setup();
    const bodies = Array.from({ length: 12 }, (_, index) => `m${index}`);
    const ids = await queue.sendBatch(bodies);
    expect(new Set(ids).size).toBe(12);
    const first = await queue.receive({ maxMessages: 10 });
    expect(first.map((message) => message.id)).toEqual(ids.slice(0, 10));
    const second = await queue.receive({ maxMessages: 10 });
    expect(second.map((message) => message.body)).toEqual(['m10', 'm11']);
  });

  it('counts visible, in-flight and delayed messages', async () => {
    const { queue, clock } = setup();
    await queue.sendBatch(['a', 'b', 'c']);
    await queue.send('d', { delaySeconds: 10 });
    await queue.receive({ maxMessages: 1 });
    expect(await queue.stats()).toEqual({ visible: 2, inFlight: 1, delayed: 1 });
    clock.advance(30_000);
    expect(await queue.stats()).toEqual({ visible: 4, inFlight: 0, delayed: 0 });
  });

  it('keeps queues in the same database apart', async () => {
    const { db, queue, clock } = setup();
    const other = new SqliteQueue(db, { name: 'events', clock });
    await other.send('for events');
    expect(await queue.receive({ maxMessages: 10 })).toEqual([]);
    expect(await other.receive({ maxMessages: 10 })).toMatchObject([{ body: 'for events' }]);
  });
});

describe('SqliteQueue receipt handles', () => {
  it('deletes with the latest handle, and a deleted message never comes back', async () => {
    const { queue, clock } = setup();
    await queue.send('done');
    const [message] = await queue.receive({ maxMessages: 1 });
    await queue.delete(message?.receiptHandle ?? '');
    clock.advance(60_000);
    expect(await queue.receive({ maxMessages: 1 })).toEqual([]);
    expect(await queue.stats()).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
    await expect(queue.delete(message?.receiptHandle ?? '')).rejects.toThrow(stale);
  });

  it('refuses a stale handle so a slow receiver cannot delete the message another receiver holds', async () => {
    const { queue, clock } = setup();
    await queue.send('contested');
    const [slow] = await queue.receive({ maxMessages: 1 });
    clock.advance(30_000);
    const [current] = await queue.receive({ maxMessages: 1 });
    await expect(queue.delete(slow?.receiptHandle ?? '')).rejects.toThrow(stale);
    await expect(queue.changeVisibility(slow?.receiptHandle ?? '', 60)).rejects.toThrow(stale);
    expect(await queue.stats()).toMatchObject({ inFlight: 1 });
    await queue.delete(current?.receiptHandle ?? '');
  });

  it('accepts an expired handle while nobody has received the message again', async () => {
    const { queue, clock } = setup();
    await queue.send('late but unchallenged');
    const [message] = await queue.receive({ maxMessages: 1 });
    clock.advance(45_000);
    await queue.delete(message?.receiptHandle ?? '');
    expect(await queue.stats()).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('extends the visibility timeout from now on a heartbeat, and 0 releases the message at once', async () => {
    const { queue, clock } = setup();
    await queue.send('long job');
    const [message] = await queue.receive({ maxMessages: 1 });
    clock.advance(25_000);
    await queue.changeVisibility(message?.receiptHandle ?? '', 30);
    clock.advance(29_999);
    expect(await queue.receive({ maxMessages: 1 })).toEqual([]);
    await queue.changeVisibility(message?.receiptHandle ?? '', 0);
    expect(await queue.receive({ maxMessages: 1 })).toMatchObject([{ body: 'long job', receiveCount: 2 }]);
  });
});

describe('SqliteQueue limits and options', () => {
  it('accepts a body of exactly the limit and refuses one byte more, counted in UTF-8 bytes', async () => {
    const { queue } = setup();
    await queue.send('x'.repeat(MAX_MESSAGE_BYTES));
    await expect(queue.send(`${'x'.repeat(MAX_MESSAGE_BYTES - 1)}é`)).rejects.toThrow(
      expect.objectContaining({
        code: 'message_too_large',
        details: expect.objectContaining({ bytes: MAX_MESSAGE_BYTES + 1 }),
      }),
    );
    await expect(queue.sendBatch(['ok', 'x'.repeat(MAX_MESSAGE_BYTES + 1)])).rejects.toThrow(
      expect.objectContaining({ code: 'message_too_large' }),
    );
    expect(await queue.stats()).toMatchObject({ visible: 1 });
  });

  it('refuses an empty body', async () => {
    const { queue } = setup();
    await expect(queue.send('')).rejects.toThrow(expect.objectContaining({ code: 'validation_failed' }));
  });

  it.each([
    [{ maxReceiveCount: 0 }, 'maxReceiveCount'],
    [{ maxReceiveCount: 1.5 }, 'maxReceiveCount'],
    [{ visibilityTimeoutSeconds: -1 }, 'visibilityTimeoutSeconds'],
    [{ visibilityTimeoutSeconds: 43_201 }, 'visibilityTimeoutSeconds'],
    [{ pollIntervalMs: 0 }, 'pollIntervalMs'],
    [{ name: '' }, 'name'],
    [{ name: 'has space' }, 'name'],
    [{ deadLetter: 'ingest' }, 'its own dead-letter queue'],
  ])('rejects the options %o with a message naming %s', (options, mention) => {
    expect(() => setup(options)).toThrow(expect.objectContaining({ code: 'validation_failed' }));
    expect(() => setup(options)).toThrow(mention);
  });

  it.each([
    [{ maxMessages: 0 }, 'maxMessages'],
    [{ maxMessages: 11 }, 'maxMessages'],
    [{ maxMessages: 1, waitSeconds: 21 }, 'waitSeconds'],
    [{ maxMessages: 1, visibilityTimeoutSeconds: Number.NaN }, 'visibilityTimeoutSeconds'],
  ])('rejects the receive options %o with a message naming %s', async (options, mention) => {
    const { queue } = setup();
    await expect(queue.receive(options)).rejects.toThrow(mention);
  });

  it('rejects a delay longer than 15 minutes', async () => {
    const { queue } = setup();
    await expect(queue.send('x', { delaySeconds: 901 })).rejects.toThrow('delaySeconds');
  });
});

describe('SqliteQueue long polling', () => {
  it('returns as soon as a message arrives during the wait', async () => {
    const { queue } = setup({ pollIntervalMs: 5 });
    const pending = queue.receive({ maxMessages: 1, waitSeconds: 20 });
    await queue.send('arrived');
    expect(await pending).toMatchObject([{ body: 'arrived' }]);
  });

  it('ends the wait with no messages when the signal aborts', async () => {
    const { queue } = setup({ pollIntervalMs: 5 });
    const controller = new AbortController();
    const pending = queue.receive({ maxMessages: 1, waitSeconds: 20, signal: controller.signal });
    controller.abort();
    expect(await pending).toEqual([]);
  });

  it('takes no work once the signal has aborted', async () => {
    const { queue } = setup();
    await queue.send('left for someone else');
    expect(await queue.receive({ maxMessages: 1, signal: AbortSignal.abort() })).toEqual([]);
    expect(await queue.stats()).toMatchObject({ visible: 1 });
  });
});
