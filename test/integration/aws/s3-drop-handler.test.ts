import { createHash } from 'node:crypto';
import { ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectCreatedNotification } from '../../../pipeline/aws-local/bucket-notifications.ts';
import { recordOf } from '../../../pipeline/aws-local/event-source-mapping.ts';
import { lambdaContext } from '../../../pipeline/aws-local/lambda-context.ts';
import { type LocalStack, stackSettings, startLocalStack } from '../../../pipeline/aws-local/local-stack.ts';
import { createAwsComposition } from '../../../pipeline/handlers/aws-composition.ts';
import { requireAwsConfig } from '../../../pipeline/handlers/aws-config.ts';
import { createS3DropHandler } from '../../../pipeline/handlers/s3-drop.handler.ts';
import { parseIntake } from '../../../pipeline/stages/ingest.ts';
import { loadConfig } from '../../../src/config/load-config.ts';
import { scheduledRetry } from '../../../src/runtime/retry-rule.ts';
import { samplePdf } from '../../unit/pipeline/sources-sample-files.ts';
import { listKeys, putObject, quietPowertools } from './aws-local-harness.ts';

/** Small, so that a test drops a file over it without moving megabytes. */
const MAX_UPLOAD_BYTES = 64 * 1024;

describe('s3-drop handler (createS3DropHandler) on fauxqs: SQS records of S3 notifications', () => {
  let stack: LocalStack;

  beforeAll(async () => {
    stack = await startLocalStack({ port: 0, maxReceiveCount: 2, visibilityTimeoutSeconds: 5 });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const handler = () => {
    const config = requireAwsConfig(
      loadConfig(
        {},
        {
          logLevel: 'silent',
          maxUploadBytes: MAX_UPLOAD_BYTES,
          ...stackSettings(stack),
          apiTokenParameter: '/test/api-token',
          webhookSecretParameter: '/test/webhook-secret',
        },
      ),
    );
    const composition = createAwsComposition({
      config,
      clients: { sqs: stack.sqs, s3: stack.s3 },
      secrets: { apiToken: async () => 'unused', webhookSecret: async () => 'unused' },
      powertools: quietPowertools,
      visibilityTimeoutSeconds: 5,
      retry: scheduledRetry(() => 3),
    });
    return createS3DropHandler(composition.s3Drop());
  };
  const notify = async (key: string, bytes: Uint8Array): Promise<void> => {
    await putObject(stack.s3, stack.bucket, key, bytes);
    const eTag = createHash('md5').update(bytes).digest('hex');
    const body = objectCreatedNotification(
      stack.bucket,
      { key, eTag, size: bytes.length, sequencer: '0A' },
      new Date(),
    );
    await stack.sqs.send(new SendMessageCommand({ QueueUrl: stack.queues.drop.url, MessageBody: body }));
  };
  const receive = async (queue: 'drop' | 'intake') => {
    const { Messages = [] } = await stack.sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: stack.queues[queue].url,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 1,
        MessageSystemAttributeNames: ['All'],
      }),
    );
    return Messages.map((message) => recordOf(message, stack.queues[queue].arn));
  };

  it('stages each dropped object in S3, sends its intake message, archives it, and fails a bad record alone', async () => {
    const pdf = samplePdf('s3-drop-handler');
    await notify('inbox/acme/invoice one.pdf', pdf);
    await notify('inbox/notes.txt', Buffer.from('not a document'));
    await stack.sqs.send(
      new SendMessageCommand({ QueueUrl: stack.queues.drop.url, MessageBody: '{"Records":7}' }),
    );
    const records = await receive('drop');
    expect(records).toHaveLength(3);

    const response = await handler()({ Records: records }, lambdaContext('stevedore-s3-drop'));

    expect(response.batchItemFailures).toEqual([{ itemIdentifier: records[2]?.messageId }]);
    const [intake, ...more] = await receive('intake');
    expect(more).toEqual([]);
    const message = parseIntake(intake?.body ?? '');
    expect(message).toMatchObject({
      sha256: createHash('sha256').update(pdf).digest('hex'),
      origin: {
        source: 's3',
        fileName: 'invoice one.pdf',
        location: `s3://${stack.bucket}/archive/acme/invoice one.pdf`,
      },
    });
    expect(await listKeys(stack.s3, stack.bucket, 'staged/')).toEqual([message.blobKey]);
    expect(await listKeys(stack.s3, stack.bucket, 'inbox/')).toEqual([]);
    expect(await listKeys(stack.s3, stack.bucket, 'archive/')).toEqual(['archive/acme/invoice one.pdf']);
    expect(await listKeys(stack.s3, stack.bucket, 'rejected/')).toEqual([
      'rejected/notes.txt',
      'rejected/notes.txt.reason.json',
    ]);
  });

  it('acknowledges a redelivered notification whose object it already took, sending nothing twice', async () => {
    await notify('inbox/again.pdf', samplePdf('s3-drop-again'));
    // The poison record of the test before is visible again at once (it can never succeed): skip it.
    const record = (await receive('drop')).find((candidate) => candidate.body.includes('again.pdf'));
    if (record === undefined) throw new Error('no record');
    const run = handler();
    expect(await run({ Records: [record] })).toEqual({ batchItemFailures: [] });
    expect(
      await run({
        Records: [{ ...record, attributes: { ...record.attributes, ApproximateReceiveCount: '2' } }],
      }),
    ).toEqual({
      batchItemFailures: [],
    });
    expect(await receive('intake')).toHaveLength(1);
  });
});
