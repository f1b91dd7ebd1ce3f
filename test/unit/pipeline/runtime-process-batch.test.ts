import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type BatchRecord,
  type BatchRedelivery,
  FullBatchFailureError,
  processBatch,
} from '../../../pipeline/runtime/process-batch.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { exponentialRetry } from '../../../src/runtime/retry-rule.ts';

const body = z.object({ n: z.number() });
const parse = (text: string) => body.parse(JSON.parse(text));

const record = (id: string, payload: unknown, group?: string): BatchRecord => ({
  messageId: id,
  body: typeof payload === 'string' ? payload : JSON.stringify(payload),
  attributes: { ApproximateReceiveCount: '2', ...(group === undefined ? {} : { MessageGroupId: group }) },
});

/** Fails the records whose n is odd; remembers what it handled. */
const oddFails = (handled: number[]) => async (message: { n: number }) => {
  handled.push(message.n);
  if (message.n % 2 === 1) throw new Error(`odd ${message.n}`);
};

describe('processBatch', () => {
  it('reports only the failed records and handles every other one once', async () => {
    const handled: number[] = [];
    const records = [0, 1, 2, 3, 4].map((n) => record(`m${n}`, { n }));
    const response = await processBatch(records, oddFails(handled), { parse });
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }, { itemIdentifier: 'm3' }] });
    expect(handled).toEqual([0, 1, 2, 3, 4]);
  });

  it('fails a record whose body does not parse alone, without calling the handler for it', async () => {
    const handled: number[] = [];
    const records = [record('ok', { n: 2 }), record('not-json', '{'), record('bad-shape', { n: 'two' })];
    const response = await processBatch(records, oddFails(handled), { parse });
    expect(response.batchItemFailures.map((failure) => failure.itemIdentifier)).toEqual([
      'not-json',
      'bad-shape',
    ]);
    expect(handled).toEqual([2]);
  });

  it('passes the receive count to the handler', async () => {
    const seen: number[] = [];
    await processBatch(
      [record('m', { n: 0 })],
      async (_message, context) => void seen.push(context.receiveCount),
      {
        parse,
      },
    );
    expect(seen).toEqual([2]);
  });

  it('throws FullBatchFailureError when every record failed, unless told not to', async () => {
    const records = [record('a', { n: 1 }), record('b', '{')];
    await expect(processBatch(records, oddFails([]), { parse })).rejects.toBeInstanceOf(
      FullBatchFailureError,
    );
    await expect(
      processBatch(records, oddFails([]), { parse, throwOnFullBatchFailure: false }),
    ).resolves.toEqual({
      batchItemFailures: [{ itemIdentifier: 'a' }, { itemIdentifier: 'b' }],
    });
  });

  it('answers an empty batch with no failures', async () => {
    expect(await processBatch([], oddFails([]), { parse })).toEqual({ batchItemFailures: [] });
  });

  it('on a FIFO queue, fails every record after the first failure without running it', async () => {
    const handled: number[] = [];
    const records = [0, 2, 1, 4, 6].map((n) => record(`m${n}`, { n }));
    const response = await processBatch(records, oddFails(handled), { parse, fifo: true });
    expect(response.batchItemFailures.map((failure) => failure.itemIdentifier)).toEqual(['m1', 'm4', 'm6']);
    expect(handled).toEqual([0, 2, 1]);
  });

  it('on a FIFO queue with skipGroupOnError, fails only the rest of the failed group', async () => {
    const handled: number[] = [];
    const records = [record('a1', { n: 1 }, 'a'), record('b2', { n: 2 }, 'b'), record('a4', { n: 4 }, 'a')];
    const response = await processBatch(records, oddFails(handled), {
      parse,
      fifo: { skipGroupOnError: true },
    });
    expect(response.batchItemFailures.map((failure) => failure.itemIdentifier)).toEqual(['a1', 'a4']);
    expect(handled).toEqual([1, 2]);
  });

  describe('with redelivery', () => {
    /** The SQS adapter as far as the batch path uses it: a log of the visibility calls. */
    const fakeQueue = (options: { failVisibility?: boolean } = {}) => {
      const calls: string[] = [];
      return {
        calls,
        changeVisibility: async (handle: string, seconds: number) => {
          calls.push(`visibility ${handle} ${seconds}`);
          if (options.failVisibility) throw new Error('SQS unreachable');
        },
      };
    };
    const withHandle = (id: string, payload: unknown, receiveCount: number): BatchRecord => ({
      messageId: id,
      receiptHandle: `handle-${id}`,
      body: typeof payload === 'string' ? payload : JSON.stringify(payload),
      attributes: { ApproximateReceiveCount: String(receiveCount) },
    });
    const redeliveryOn = (queue: BatchRedelivery['queue']): BatchRedelivery => ({
      queue,
      // Without jitter, so the schedule can be read off: 2 s, 4 s, 8 s…
      retry: exponentialRetry({ baseSeconds: 2, random: () => 1 }),
      clock: new ManualClock(),
    });

    it("sets each failed record's visibility by the retry rule before reporting it", async () => {
      const queue = fakeQueue();
      const records = [
        withHandle('a', { n: 1 }, 1),
        withHandle('b', { n: 2 }, 1),
        withHandle('c', { n: 3 }, 3),
      ];
      const response = await processBatch(records, oddFails([]), {
        parse,
        redelivery: redeliveryOn(queue),
      });
      expect(response.batchItemFailures.map((failure) => failure.itemIdentifier)).toEqual(['a', 'c']);
      expect(queue.calls).toEqual(['visibility handle-a 2', 'visibility handle-c 8']);
    });

    it('leaves a record that cannot succeed for the redrive policy, and moves it where the queue can', async () => {
      const queue = fakeQueue();
      const moved: string[] = [];
      const records = [withHandle('bad', '{', 1), withHandle('refused', { n: 2 }, 1)];
      const refuse = async () => {
        throw new AppError('unsupported_file', 'the service refuses this file');
      };
      await processBatch(records, refuse, {
        parse,
        redelivery: redeliveryOn(queue),
        throwOnFullBatchFailure: false,
      });
      expect(queue.calls).toEqual([]);
      await processBatch(records, refuse, {
        parse,
        throwOnFullBatchFailure: false,
        redelivery: redeliveryOn({
          ...queue,
          moveToDeadLetter: async (handle, reason) => {
            moved.push(`${handle} ${reason}`);
            return true;
          },
        }),
      });
      expect(moved).toEqual([
        expect.stringMatching(/^handle-bad invalid_record_body: /),
        'handle-refused unsupported_file: the service refuses this file',
      ]);
    });

    it('still reports a failed record whose visibility could not be set', async () => {
      const queue = fakeQueue({ failVisibility: true });
      const response = await processBatch(
        [withHandle('a', { n: 1 }, 1), withHandle('b', { n: 2 }, 1)],
        oddFails([]),
        {
          parse,
          redelivery: redeliveryOn(queue),
        },
      );
      expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'a' }]);
      expect(queue.calls).toEqual(['visibility handle-a 2']);
    });

    it('leaves the records a FIFO failure skipped alone: they did not fail themselves', async () => {
      const queue = fakeQueue();
      const records = [withHandle('a', { n: 1 }, 1), withHandle('b', { n: 2 }, 1)];
      await processBatch(records, oddFails([]), {
        parse,
        fifo: true,
        redelivery: redeliveryOn(queue),
        throwOnFullBatchFailure: false,
      });
      expect(queue.calls).toEqual(['visibility handle-a 2']);
    });
  });
});
