import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Queue } from '../../../pipeline/ports.ts';

/** What the queue contract needs from one adapter under test. */
export interface QueueHarness {
  readonly queue: Queue;
  /** Lets `seconds` pass for the queue: advances a manual clock, or really waits for a real one. */
  elapse(seconds: number): Promise<void>;
  /** Bodies the queue moved to its dead-letter queue, when the adapter can show them. */
  deadLetterBodies?(): Promise<string[]>;
  close(): Promise<void>;
}

export interface QueueContractSettings {
  /** Whole seconds: SQS accepts nothing finer. */
  readonly visibilityTimeoutSeconds: number;
  readonly maxReceiveCount: number;
}

const SETTINGS: QueueContractSettings = { visibilityTimeoutSeconds: 2, maxReceiveCount: 3 };

/**
 * The SQS model every Queue adapter must follow (at-least-once delivery, visibility timeouts, receive
 * counts, redrive after maxReceiveCount). Each test gets a fresh, empty queue from `create`.
 */
export function queueContract(
  adapter: string,
  create: (settings: QueueContractSettings) => Promise<QueueHarness>,
): void {
  describe(`Queue contract: ${adapter}`, () => {
    let harness: QueueHarness;
    let queue: Queue;
    const { visibilityTimeoutSeconds: visibility, maxReceiveCount } = SETTINGS;

    beforeEach(async () => {
      harness = await create(SETTINGS);
      queue = harness.queue;
    });
    afterEach(async () => {
      await harness.close();
    });

    const receiveOne = async () => {
      const messages = await queue.receive({ maxMessages: 1 });
      expect(messages).toHaveLength(1);
      const [message] = messages;
      if (message === undefined) throw new Error('unreachable: length checked above');
      return message;
    };

    it('delivers a sent body once, with the id send returned and a receive count of 1', async () => {
      const body = JSON.stringify({ text: 'Überseehafen ✓', n: 1 });
      const id = await queue.send(body);
      const message = await receiveOne();
      expect(message).toMatchObject({ id, body, receiveCount: 1 });
      expect(await queue.receive({ maxMessages: 10 })).toEqual([]);
    });

    it('returns at once with nothing when the queue is empty and waitSeconds is 0', async () => {
      const started = performance.now();
      expect(await queue.receive({ maxMessages: 10, waitSeconds: 0 })).toEqual([]);
      expect(performance.now() - started).toBeLessThan(1_000);
    });

    it('redelivers a message not deleted within its visibility timeout, with a new handle and count', async () => {
      const id = await queue.send('again');
      const first = await receiveOne();
      await harness.elapse(visibility + 1);
      const second = await receiveOne();
      expect(second).toMatchObject({ id, body: 'again', receiveCount: 2 });
      expect(second.receiptHandle).not.toBe(first.receiptHandle);
    });

    it('never redelivers a deleted message', async () => {
      await queue.send('done');
      const message = await receiveOne();
      await queue.delete(message.receiptHandle);
      await harness.elapse(visibility + 1);
      expect(await queue.receive({ maxMessages: 10 })).toEqual([]);
    });

    it('makes a message visible at once with changeVisibility 0 (hand back)', async () => {
      await queue.send('hand back');
      const message = await receiveOne();
      await queue.changeVisibility(message.receiptHandle, 0);
      expect(await receiveOne()).toMatchObject({ body: 'hand back', receiveCount: 2 });
    });

    it('keeps a message hidden while its visibility is extended (heartbeat)', async () => {
      await queue.send('long job');
      const message = await receiveOne();
      await harness.elapse(visibility - 1);
      await queue.changeVisibility(message.receiptHandle, visibility + 2);
      await harness.elapse(visibility);
      expect(await queue.receive({ maxMessages: 1 })).toEqual([]);
      await harness.elapse(3);
      expect(await receiveOne()).toMatchObject({ body: 'long job', receiveCount: 2 });
    });

    it('honours a visibility timeout given on receive', async () => {
      await queue.send('short');
      await queue.receive({ maxMessages: 1, visibilityTimeoutSeconds: visibility + 3 });
      await harness.elapse(visibility + 1);
      expect(await queue.receive({ maxMessages: 1 })).toEqual([]);
      await harness.elapse(3);
      expect(await receiveOne()).toMatchObject({ body: 'short' });
    });

    it('returns no more than maxMessages', async () => {
      for (let n = 0; n < 5; n += 1) await queue.send(`m${n}`);
      expect(await queue.receive({ maxMessages: 3 })).toHaveLength(3);
      expect(await queue.receive({ maxMessages: 10 })).toHaveLength(2);
    });

    it('holds a delayed message back until its delay has passed', async () => {
      await queue.send('later', { delaySeconds: 2 });
      expect(await queue.receive({ maxMessages: 1 })).toEqual([]);
      await harness.elapse(3);
      expect(await receiveOne()).toMatchObject({ body: 'later' });
    });

    it('ends a long poll as soon as a message arrives', async () => {
      const started = performance.now();
      const polling = queue.receive({ maxMessages: 1, waitSeconds: 10 });
      await delay(100);
      await queue.send('wake up');
      const messages = await polling;
      expect(messages.map((message) => message.body)).toEqual(['wake up']);
      expect(performance.now() - started).toBeLessThan(5_000);
    });

    it(`stops delivering a message after ${maxReceiveCount} receives (dead-letter redrive)`, async () => {
      await queue.send('poison');
      for (let n = 1; n <= maxReceiveCount; n += 1) {
        expect(await receiveOne()).toMatchObject({ body: 'poison', receiveCount: n });
        await harness.elapse(visibility + 1);
      }
      expect(await queue.receive({ maxMessages: 10 })).toEqual([]);
      if (harness.deadLetterBodies) expect(await harness.deadLetterBodies()).toEqual(['poison']);
    });
  });
}
