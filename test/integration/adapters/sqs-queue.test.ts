import { setTimeout as delay } from 'node:timers/promises';
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqsQueue } from '../../../pipeline/adapters/sqs-queue.ts';
import { type AwsEmulator, startAwsEmulator } from '../../support/aws-emulator.ts';
import { queueContract } from '../../support/contracts/queue-contract.ts';

let aws: AwsEmulator;
let queues = 0;
beforeAll(async () => {
  aws = await startAwsEmulator();
});
afterAll(async () => {
  await aws.stop();
});

const dlqBodies = async (dlqUrl: string): Promise<string[]> => {
  const { Messages } = await aws.sqs.send(
    new ReceiveMessageCommand({ QueueUrl: dlqUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }),
  );
  return (Messages ?? []).map((message) => message.Body ?? '');
};

queueContract('SQS on fauxqs', async ({ visibilityTimeoutSeconds, maxReceiveCount }) => {
  queues += 1;
  const name = `contract-${queues}`;
  const queueUrl = await aws.createQueue(name, {
    deadLetter: { maxReceiveCount },
    visibilityTimeoutSeconds,
  });
  return {
    queue: new SqsQueue({ client: aws.sqs, queueUrl }),
    // A real queue on a real clock: time passes only by waiting.
    elapse: (seconds) => delay(seconds * 1000),
    deadLetterBodies: () => dlqBodies(queueUrl.replace(name, `${name}-dlq`)),
    close: async () => {},
  };
});

describe('SqsQueue on fauxqs', () => {
  const fresh = async (name: string) =>
    new SqsQueue({ client: aws.sqs, queueUrl: await aws.createQueue(name) });

  it('names the queue after the last segment of its URL', async () => {
    expect((await fresh('named')).name).toBe('named');
  });

  it('refuses a message over 256 KiB with the reason, sending nothing', async () => {
    const queue = await fresh('too-big');
    const big = 'x'.repeat(256 * 1024 + 1);
    await expect(queue.send(big)).rejects.toMatchObject({
      code: 'message_refused',
      retryable: false,
      message: expect.stringContaining('over the 262144-byte limit'),
    });
    await expect(queue.sendBatch(['small', big])).rejects.toMatchObject({
      code: 'message_refused',
      details: { index: 1 },
    });
    expect(await queue.receive({ maxMessages: 10 })).toEqual([]);
  });

  it('refuses a lone surrogate, which SQS cannot carry', async () => {
    const queue = await fresh('surrogate');
    await expect(queue.send('half \uD800 a pair')).rejects.toMatchObject({ code: 'message_refused' });
  });

  it('sends 25 bodies in order as batches of at most 10 and at most 256 KiB', async () => {
    const queue = await fresh('batches');
    const bodies = Array.from({ length: 25 }, (_, n) => `${n}:${'y'.repeat(n % 3 === 0 ? 100 * 1024 : 10)}`);
    const ids = await queue.sendBatch(bodies);
    expect(ids).toHaveLength(25);
    expect(new Set(ids).size).toBe(25);
    const received = new Map<string, string>();
    for (let round = 0; round < 10 && received.size < 25; round += 1) {
      for (const message of await queue.receive({ maxMessages: 10 })) received.set(message.id, message.body);
    }
    expect(ids.map((id) => received.get(id))).toEqual(bodies);
  });

  it('delays every message of a batch', async () => {
    const queue = await fresh('batch-delay');
    await queue.sendBatch(['a', 'b'], { delaySeconds: 1 });
    expect(await queue.receive({ maxMessages: 10 })).toEqual([]);
    await delay(1_500);
    expect((await queue.receive({ maxMessages: 10 })).map((m) => m.body).sort()).toEqual(['a', 'b']);
  });

  it('deletes a batch of messages', async () => {
    const queue = await fresh('delete-batch');
    await queue.sendBatch(Array.from({ length: 12 }, (_, n) => `m${n}`));
    const handles: string[] = [];
    for (let round = 0; round < 5 && handles.length < 12; round += 1) {
      handles.push(
        ...(await queue.receive({ maxMessages: 10, visibilityTimeoutSeconds: 1 })).map(
          (m) => m.receiptHandle,
        ),
      );
    }
    await queue.deleteBatch(handles);
    await delay(1_500);
    expect(await queue.receive({ maxMessages: 10 })).toEqual([]);
  });

  it('ends a long poll at once when its signal aborts, with nothing', async () => {
    const queue = await fresh('abort');
    const controller = new AbortController();
    const started = performance.now();
    const polling = queue.receive({ maxMessages: 1, waitSeconds: 20, signal: controller.signal });
    await delay(100);
    controller.abort();
    expect(await polling).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await queue.receive({ maxMessages: 1, signal: controller.signal })).toEqual([]);
  });

  it('moves a poison message to the DLQ through the real redrive after maxReceiveCount', async () => {
    const queueUrl = await aws.createQueue('poison', { deadLetter: { maxReceiveCount: 2 } });
    const queue = new SqsQueue({ client: aws.sqs, queueUrl });
    await queue.send('poison');
    for (const count of [1, 2]) {
      const [message] = await queue.receive({ maxMessages: 1, visibilityTimeoutSeconds: 1 });
      expect(message).toMatchObject({ body: 'poison', receiveCount: count });
      await delay(1_200);
    }
    expect(await queue.receive({ maxMessages: 1 })).toEqual([]);
    expect(await dlqBodies(queueUrl.replace('poison', 'poison-dlq'))).toEqual(['poison']);
  });

  it('wraps a failed call with the queue URL, not retryable for a missing queue', async () => {
    const queueUrl = `${aws.endpoint}/000000000000/no-such-queue`;
    const queue = new SqsQueue({ client: aws.sqs, queueUrl });
    await expect(queue.send('x')).rejects.toMatchObject({
      code: 'sqs_failed',
      retryable: false,
      queueUrl,
      message: expect.stringContaining(queueUrl),
    });
  });

  it('rejects a delay over 15 minutes before calling SQS', async () => {
    const queue = await fresh('long-delay');
    await expect(queue.send('x', { delaySeconds: 901 })).rejects.toMatchObject({ code: 'validation_failed' });
  });
});
