import { FullBatchFailureError } from '@aws-lambda-powertools/batch';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type BatchRedelivery, processBatch } from '../../../pipeline/runtime/process-batch.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { NotReadyError } from '../../../src/runtime/not-ready.ts';
import { exponentialRetry } from '../../../src/runtime/retry-rule.ts';
import { recordingLogger } from '../../support/recording-logger.ts';
import { sqsEvent, sqsRecord } from '../../support/sqs-event.ts';

const body = z.object({ n: z.number() });
const parse = (text: string) => body.parse(JSON.parse(text));

const record = (id: string, payload: unknown, receiveCount = 2) =>
  sqsRecord(id, typeof payload === 'string' ? payload : JSON.stringify(payload), { receiveCount });

/** Fails the records whose n is odd; remembers what it handled. */
const oddFails = (handled: number[]) => async (message: { n: number }) => {
  handled.push(message.n);
  if (message.n % 2 === 1) throw new Error(`odd ${message.n}`);
};

describe('processBatch (Powertools BatchProcessor)', () => {
  it('reports only the failed records and handles every other one once, in order', async () => {
    const handled: number[] = [];
    const records = [0, 1, 2, 3, 4].map((n) => record(`m${n}`, { n }));
    const response = await processBatch(sqsEvent(...records), oddFails(handled), { parse });
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }, { itemIdentifier: 'm3' }] });
    expect(handled).toEqual([0, 1, 2, 3, 4]);
  });

  it('fails a record whose body does not parse alone, without calling the handler for it', async () => {
    const handled: number[] = [];
    const records = [record('ok', { n: 2 }), record('not-json', '{'), record('bad-shape', { n: 'two' })];
    const response = await processBatch(sqsEvent(...records), oddFails(handled), { parse });
    expect(response.batchItemFailures.map((failure) => failure.itemIdentifier)).toEqual([
      'not-json',
      'bad-shape',
    ]);
    expect(handled).toEqual([2]);
  });

  it('passes the receive count and receipt handle to the handler', async () => {
    const seen: string[] = [];
    await processBatch(
      sqsEvent(record('m', { n: 0 })),
      async (_message, context) => void seen.push(`${context.receiveCount} ${context.receiptHandle}`),
      { parse },
    );
    expect(seen).toEqual(['2 handle-m']);
  });

  it('throws FullBatchFailureError when every record failed, unless told not to', async () => {
    const event = sqsEvent(record('a', { n: 1 }), record('b', '{'));
    await expect(processBatch(event, oddFails([]), { parse })).rejects.toBeInstanceOf(FullBatchFailureError);
    await expect(
      processBatch(event, oddFails([]), { parse, throwOnFullBatchFailure: false }),
    ).resolves.toEqual({ batchItemFailures: [{ itemIdentifier: 'a' }, { itemIdentifier: 'b' }] });
  });

  it('answers an empty batch with no failures', async () => {
    expect(await processBatch(sqsEvent(), oddFails([]), { parse })).toEqual({ batchItemFailures: [] });
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
    const redeliveryOn = (queue: BatchRedelivery['queue']): BatchRedelivery => ({
      queue,
      // Without jitter, so the schedule can be read off: 2 s, 4 s, 8 s…
      retry: exponentialRetry({ baseSeconds: 2, random: () => 1 }),
      clock: new ManualClock(),
    });

    it("sets each failed record's visibility by the retry rule before reporting it", async () => {
      const queue = fakeQueue();
      const event = sqsEvent(record('a', { n: 1 }, 1), record('b', { n: 2 }, 1), record('c', { n: 3 }, 3));
      const response = await processBatch(event, oddFails([]), { parse, redelivery: redeliveryOn(queue) });
      expect(response.batchItemFailures.map((failure) => failure.itemIdentifier)).toEqual(['a', 'c']);
      expect(queue.calls).toEqual(['visibility handle-a 2', 'visibility handle-c 8']);
    });

    it('makes a record that cannot succeed visible at once for the redrive policy, or moves it where the queue can', async () => {
      const queue = fakeQueue();
      const moved: string[] = [];
      const event = sqsEvent(record('bad', '{', 1), record('refused', { n: 2 }, 1));
      const refuse = async () => {
        throw new AppError('unsupported_file', 'the service refuses this file');
      };
      const response = await processBatch(event, refuse, {
        parse,
        redelivery: redeliveryOn(queue),
        throwOnFullBatchFailure: false,
      });
      expect(response.batchItemFailures).toHaveLength(2);
      expect(queue.calls).toEqual(['visibility handle-bad 0', 'visibility handle-refused 0']);

      const sqliteLike = fakeQueue();
      await processBatch(event, refuse, {
        parse,
        throwOnFullBatchFailure: false,
        redelivery: redeliveryOn({
          ...sqliteLike,
          moveToDeadLetter: async (handle, reason) => {
            moved.push(`${handle} ${reason}`);
            return true;
          },
        }),
      });
      expect(sqliteLike.calls).toEqual([]);
      expect(moved).toEqual([
        expect.stringMatching(/^handle-bad invalid_record_body: /),
        'handle-refused unsupported_file: the service refuses this file',
      ]);
    });

    it('waits out a record that is not ready yet for its own delay, logged at debug only', async () => {
      const queue = fakeQueue();
      const lines: string[] = [];
      const wait = async () => {
        throw new NotReadyError('row_missing', 'the row is not there yet', { retryAfterSeconds: 2 });
      };
      const response = await processBatch(
        sqsEvent(record('a', { n: 1 }, 1), record('b', { n: 2 }, 1)),
        wait,
        {
          parse,
          redelivery: redeliveryOn(queue),
          logger: recordingLogger(lines),
          throwOnFullBatchFailure: false,
        },
      );
      expect(response.batchItemFailures.map((failure) => failure.itemIdentifier)).toEqual(['a', 'b']);
      expect(queue.calls).toEqual(['visibility handle-a 2', 'visibility handle-b 2']);
      expect(lines.filter((line) => !line.startsWith('debug'))).toEqual([]);
    });

    it('still reports a failed record whose visibility could not be set', async () => {
      const queue = fakeQueue({ failVisibility: true });
      const response = await processBatch(
        sqsEvent(record('a', { n: 1 }, 1), record('b', { n: 2 }, 1)),
        oddFails([]),
        { parse, redelivery: redeliveryOn(queue) },
      );
      expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'a' }]);
      expect(queue.calls).toEqual(['visibility handle-a 2']);
    });
  });
});
