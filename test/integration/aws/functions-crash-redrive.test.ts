import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { objectCreatedNotification } from '../../../pipeline/aws-local/bucket-notifications.ts';
import {
  type EventSourceMapping,
  type SqsFunction,
  startEventSourceMapping,
} from '../../../pipeline/aws-local/event-source-mapping.ts';
import { type LocalStack, stackSettings, startLocalStack } from '../../../pipeline/aws-local/local-stack.ts';
import { redriveDeadLetters } from '../../../pipeline/aws-local/redrive.ts';
import { createAwsComposition } from '../../../pipeline/handlers/aws-composition.ts';
import { requireAwsConfig } from '../../../pipeline/handlers/aws-config.ts';
import { createIngestHandler } from '../../../pipeline/handlers/ingest.handler.ts';
import { createS3DropHandler } from '../../../pipeline/handlers/s3-drop.handler.ts';
import { SecretMissingError } from '../../../pipeline/handlers/secrets.ts';
import { loadConfig } from '../../../src/config/load-config.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { scheduledRetry } from '../../../src/runtime/retry-rule.ts';
import { samplePdf } from '../../unit/pipeline/sources-sample-files.ts';
import { type Harness, startService } from '../service/service-harness.ts';
import { putObject, queueDepth, quietPowertools, waitForAws } from './aws-local-harness.ts';

/** Two deliveries, then the DLQ. */
const MAX_RECEIVE_COUNT = 2;
/** Longer than a batch of three uploads takes, as Lambda asks; an undeleted batch comes back after it. */
const VISIBILITY_SECONDS = 3;
const NO_RATE_LIMIT = 1_000_000;

describe('the functions on fauxqs: a crash mid-batch, and the DLQ redrive', () => {
  let stack: LocalStack;
  let service: Harness;
  let tokenReadable = true;
  let mappings: EventSourceMapping[] = [];

  beforeAll(async () => {
    stack = await startLocalStack({
      port: 0,
      maxReceiveCount: MAX_RECEIVE_COUNT,
      visibilityTimeoutSeconds: VISIBILITY_SECONDS,
    });
    service = await startService({ startProcessing: false, config: { rateLimitPerMinute: NO_RATE_LIMIT } });
  });
  afterEach(async () => {
    await Promise.all(mappings.map((mapping) => mapping.stop()));
    mappings = [];
  });
  afterAll(async () => {
    await service?.close();
    await stack?.stop();
  });

  const composition = () => {
    const config = requireAwsConfig(
      loadConfig(
        {},
        {
          logLevel: 'silent',
          apiBaseUrl: `${service.origin}/v2`,
          clientRequestsPerMinute: NO_RATE_LIMIT,
          ...stackSettings(stack),
          apiTokenParameter: '/test/api-token',
          webhookSecretParameter: '/test/webhook-secret',
        },
      ),
    );
    return createAwsComposition({
      config,
      clients: { sqs: stack.sqs, s3: stack.s3 },
      secrets: {
        apiToken: async () => {
          if (!tokenReadable)
            throw new SecretMissingError('STEVEDORE_API_TOKEN_PARAMETER', '/test/api-token');
          return service.apiKey;
        },
        webhookSecret: async () => 'unused',
      },
      powertools: quietPowertools,
      visibilityTimeoutSeconds: VISIBILITY_SECONDS,
      // A failed record comes back at once, so the DLQ fills within the test.
      retry: scheduledRetry(() => 0),
    });
  };
  const map = (queue: 'drop' | 'intake', handler: SqsFunction): EventSourceMapping => {
    const mapping = startEventSourceMapping({
      sqs: stack.sqs,
      queueUrl: stack.queues[queue].url,
      queueArn: stack.queues[queue].arn,
      functionName: `test-${queue}`,
      handler,
      logger: silentLogger,
    });
    mappings.push(mapping);
    return mapping;
  };
  const documentCount = async (): Promise<number> =>
    ((await (await service.api('/v2/documents?page[size]=1')).json()) as { meta: { total: number } }).meta
      .total;
  const drop = async (key: string, bytes: Buffer): Promise<void> => {
    await putObject(stack.s3, stack.bucket, key, bytes);
    const eTag = (await import('node:crypto')).createHash('md5').update(bytes).digest('hex');
    const body = objectCreatedNotification(
      stack.bucket,
      { key, eTag, size: bytes.length, sequencer: '01' },
      new Date(),
    );
    await stack.sqs.send(new SendMessageCommand({ QueueUrl: stack.queues.drop.url, MessageBody: body }));
  };

  it('creates no duplicate when the ingest function dies after its uploads, before the batch is deleted', async () => {
    const before = await documentCount();
    const functions = composition();
    map('drop', createS3DropHandler(functions.s3Drop()));
    for (const name of ['a', 'b', 'c']) await drop(`inbox/crash-${name}.pdf`, samplePdf(`crash-${name}`));
    // All three wait in the intake queue, so the first receive takes them in one batch.
    await waitForAws(
      async () => (await queueDepth(stack.sqs, stack.queues.intake.url)) === 3,
      'three intake messages',
    );
    const ingest = createIngestHandler(functions.ingest());
    let killed = 0;
    // The real function, then the "process" dies: Lambda deletes nothing of the batch, and polls no more.
    const dying: EventSourceMapping = map('intake', async (event: SQSEvent, context) => {
      await ingest(event, context);
      killed += event.Records.length;
      void dying.stop();
      throw new Error('killed after the upload');
    });
    await waitForAws(async () => killed >= 3, 'the uploads before the kill');
    await dying.stop();
    expect(await documentCount()).toBe(before + 3);

    map('intake', ingest);
    await waitForAws(
      async () => (await queueDepth(stack.sqs, stack.queues.intake.url)) === 0,
      'intake drained',
    );
    expect(await documentCount()).toBe(before + 3);
    expect(await queueDepth(stack.sqs, stack.queues.intake.dlqUrl)).toBe(0);
  });

  it('sends records that keep failing to the DLQ, and a redrive after the fix takes them through', async () => {
    const before = await documentCount();
    const functions = composition();
    map('drop', createS3DropHandler(functions.s3Drop()));
    map('intake', createIngestHandler(functions.ingest()));
    tokenReadable = false;
    try {
      await drop('inbox/redrive.pdf', samplePdf('redrive'));
      await waitForAws(
        async () => (await queueDepth(stack.sqs, stack.queues.intake.dlqUrl)) === 1,
        'the intake message in the DLQ',
      );
      expect(await documentCount()).toBe(before);
    } finally {
      tokenReadable = true;
    }
    expect(await redriveDeadLetters(stack.sqs, stack.queues.intake.dlqUrl, stack.queues.intake.url)).toBe(1);
    await waitForAws(async () => (await documentCount()) === before + 1, 'the redriven document');
    expect(await queueDepth(stack.sqs, stack.queues.intake.dlqUrl)).toBe(0);
  });
});
