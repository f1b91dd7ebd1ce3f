import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqsQueue } from '../../../pipeline/adapters/sqs-queue.ts';
import { type AwsEmulator, startAwsEmulator } from '../../support/aws-emulator.ts';
import { sqsWithBatchFaults } from '../../support/sqs-batch-faults.ts';

let aws: AwsEmulator;
let queues = 0;
beforeAll(async () => {
  aws = await startAwsEmulator();
});
afterAll(async () => {
  await aws.stop();
});

const drain = async (queue: SqsQueue): Promise<Map<string, string>> => {
  const seen = new Map<string, string>();
  for (let round = 0; round < 5; round += 1) {
    for (const message of await queue.receive({ maxMessages: 10 })) seen.set(message.id, message.body);
  }
  return seen;
};

const setUp = async (faults: Parameters<typeof sqsWithBatchFaults>[1]) => {
  queues += 1;
  const queueUrl = await aws.createQueue(`partial-${queues}`);
  const faulty = sqsWithBatchFaults(aws, faults);
  return {
    faulty,
    queue: new SqsQueue({ client: faulty.client, queueUrl }),
    plain: new SqsQueue({ client: aws.sqs, queueUrl }),
  };
};

describe('SqsQueue batch partial failures', () => {
  it('resends entries SQS failed on its side, and every body arrives once with its id in order', async () => {
    const { faulty, queue, plain } = await setUp([
      { id: '2', code: 'InternalError', senderFault: false, times: 2 },
    ]);
    const bodies = ['a', 'b', 'c', 'd', 'e'];
    const ids = await queue.sendBatch(bodies);
    expect(faulty.calls()).toBe(3);
    const seen = await drain(plain);
    expect(ids.map((id) => seen.get(id))).toEqual(bodies);
    expect(seen.size).toBe(5);
  });

  it('sends 250 bodies in calls side by side, resends the entry one call failed, and each arrives once in order', async () => {
    const { faulty, queue, plain } = await setUp([
      { id: '137', code: 'InternalError', senderFault: false, times: 1 },
    ]);
    const bodies = Array.from({ length: 250 }, (_, n) => `body-${n}`);
    const ids = await queue.sendBatch(bodies);
    // 25 calls of 10, and one more for the entry SQS failed.
    expect(faulty.calls()).toBe(26);
    const seen = new Map<string, string>();
    for (let batch = await plain.receive({ maxMessages: 10 }); batch.length > 0; ) {
      for (const message of batch) seen.set(message.id, message.body);
      batch = await plain.receive({ maxMessages: 10 });
    }
    expect(seen.size).toBe(250);
    expect(ids.map((id) => seen.get(id))).toEqual(bodies);
  });

  it('names an entry SQS refused as the sender’s fault, not retryable, and sends the others', async () => {
    const { faulty, queue, plain } = await setUp([
      { id: '1', code: 'InvalidParameterValue', senderFault: true, times: 9 },
    ]);
    await expect(queue.sendBatch(['a', 'b', 'c'])).rejects.toMatchObject({
      code: 'sqs_batch_failed',
      retryable: false,
      details: { failures: [{ index: 1, code: 'InvalidParameterValue', senderFault: true }] },
    });
    expect(faulty.calls()).toBe(1);
    expect([...(await drain(plain)).values()].sort()).toEqual(['a', 'c']);
  });

  it('gives up on an entry SQS keeps failing with a retryable error', async () => {
    const { queue } = await setUp([{ id: '0', code: 'ServiceUnavailable', senderFault: false, times: 99 }]);
    await expect(queue.sendBatch(['a'])).rejects.toMatchObject({ code: 'sqs_batch_failed', retryable: true });
  });

  it('retries a failed entry of a batch delete', async () => {
    const { queue, plain } = await setUp([{ id: '1', code: 'InternalError', senderFault: false, times: 1 }]);
    await plain.sendBatch(['a', 'b', 'c']);
    const received = await plain.receive({ maxMessages: 10, visibilityTimeoutSeconds: 1 });
    expect(received).toHaveLength(3);
    await queue.deleteBatch(received.map((message) => message.receiptHandle));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await plain.receive({ maxMessages: 10 })).toEqual([]);
  });
});
