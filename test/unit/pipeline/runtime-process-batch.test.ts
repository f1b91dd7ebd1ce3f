import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type BatchRecord,
  FullBatchFailureError,
  processBatch,
} from '../../../pipeline/runtime/process-batch.ts';

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
});
