import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { ReceiveMessageCommand, SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BucketNotifications,
  encodeEventKey,
  startBucketNotifications,
} from '../../../pipeline/aws-local/bucket-notifications.ts';
import {
  startEventSourceMapping,
  succeededRecords,
} from '../../../pipeline/aws-local/event-source-mapping.ts';
import { type LocalStack, startLocalStack } from '../../../pipeline/aws-local/local-stack.ts';
import { parseS3Notification } from '../../../pipeline/sources/s3-drop-event.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { sqsRecord } from '../../support/sqs-event.ts';
import { putObject, queueDepth, waitForAws } from './aws-local-harness.ts';

/** A notifier that only lists when told (its timer runs once an hour). */
const NEVER_MS = 3_600_000;

describe('what stands for Lambda and S3 notifications in the local run', () => {
  let stack: LocalStack;
  let notifications: BucketNotifications;

  beforeAll(async () => {
    stack = await startLocalStack({ port: 0, maxReceiveCount: 2, visibilityTimeoutSeconds: 1 });
    notifications = startBucketNotifications({
      s3: stack.s3,
      sqs: stack.sqs,
      bucket: stack.bucket,
      prefix: 'inbox/',
      queueUrl: stack.queues.drop.url,
      logger: silentLogger,
      intervalMs: NEVER_MS,
    });
  });
  afterAll(async () => {
    await notifications?.stop();
    await stack?.stop();
  });

  it('encodes keys as S3 events do: spaces as +, a real + as %2B, slashes kept', () => {
    expect(encodeEventKey('inbox/acme co/a+b é.pdf')).toBe('inbox/acme+co/a%2Bb+%C3%A9.pdf');
  });

  it('sends one ObjectCreated:Put per object version under the prefix, and again for a new version', async () => {
    await notifications.scan();
    await putObject(stack.s3, stack.bucket, 'inbox/new file.pdf', 'first');
    await putObject(stack.s3, stack.bucket, 'archive/elsewhere.pdf', 'not in the inbox');
    expect(await notifications.scan()).toBe(1);
    expect(await notifications.scan()).toBe(0);
    await putObject(stack.s3, stack.bucket, 'inbox/new file.pdf', 'second, longer');
    expect(await notifications.scan()).toBe(1);

    const { Messages = [] } = await stack.sqs.send(
      new ReceiveMessageCommand({ QueueUrl: stack.queues.drop.url, MaxNumberOfMessages: 10 }),
    );
    const records = Messages.flatMap((message) => {
      const parsed = parseS3Notification(message.Body ?? '');
      return parsed.kind === 'records' ? parsed.records : [];
    });
    expect(records.map((record) => [record.eventName, record.s3.object.key, record.s3.object.size])).toEqual([
      ['ObjectCreated:Put', 'inbox/new+file.pdf', 5],
      ['ObjectCreated:Put', 'inbox/new+file.pdf', 14],
    ]);
    expect(records[0]?.s3.object.eTag).toMatch(/^[0-9a-f]{32}$/);
    expect((records[0]?.s3.object.sequencer ?? '') < (records[1]?.s3.object.sequencer ?? '')).toBe(true);
    await stack.s3.send(new DeleteObjectCommand({ Bucket: stack.bucket, Key: 'inbox/new file.pdf' }));
    expect(await notifications.scan()).toBe(0);
  });

  it('deletes what an invocation did not report failed, and nothing when it threw or named an unknown record', () => {
    const records = [sqsRecord('a', ''), sqsRecord('b', ''), sqsRecord('c', '')];
    expect(
      succeededRecords(records, { batchItemFailures: [{ itemIdentifier: 'b' }] }).map((r) => r.messageId),
    ).toEqual(['a', 'c']);
    expect(succeededRecords(records, undefined)).toHaveLength(3);
    expect(succeededRecords(records, { batchItemFailures: [{ itemIdentifier: 'zz' }] })).toEqual([]);
  });

  it('maps a queue to a function with real records, leaves failed items, and the redrive policy takes them', async () => {
    const { queues, sqs } = stack;
    const seen: SQSEvent[] = [];
    const mapping = startEventSourceMapping({
      sqs,
      queueUrl: queues.intake.url,
      queueArn: queues.intake.arn,
      functionName: 'test',
      logger: silentLogger,
      handler: async (event) => {
        seen.push(event);
        return {
          batchItemFailures: event.Records.filter((r) => r.body === 'bad').map((r) => ({
            itemIdentifier: r.messageId,
          })),
        };
      },
    });
    try {
      await sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: queues.intake.url,
          Entries: ['good', 'bad', 'fine'].map((body, n) => ({ Id: String(n), MessageBody: body })),
        }),
      );
      await waitForAws(
        async () => (await queueDepth(sqs, queues.intake.dlqUrl)) === 1,
        'the bad one in the DLQ',
      );
      expect(await queueDepth(sqs, queues.intake.url)).toBe(0);
      const [first] = seen;
      expect(first?.Records[0]).toMatchObject({
        eventSource: 'aws:sqs',
        eventSourceARN: queues.intake.arn,
        attributes: { ApproximateReceiveCount: '1' },
      });
      const bad = seen.flatMap((event) => event.Records).filter((record) => record.body === 'bad');
      expect(bad.map((record) => record.attributes.ApproximateReceiveCount)).toEqual(['1', '2']);
    } finally {
      await mapping.stop();
    }
  });
});
