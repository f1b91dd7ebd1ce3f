import { createHash } from 'node:crypto';
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { objectCreatedNotification } from '../../../pipeline/aws-local/bucket-notifications.ts';
import { type LocalStack, startLocalStack } from '../../../pipeline/aws-local/local-stack.ts';
import { ConfigError } from '../../../src/config/load-config.ts';
import { sqsEvent, sqsRecord } from '../../support/sqs-event.ts';
import { samplePdf } from '../../unit/pipeline/sources-sample-files.ts';
import { captureStdout } from '../handlers/handler-harness.ts';
import { listKeys, putObject } from './aws-local-harness.ts';

const FUNCTIONS = ['s3-drop', 'ingest', 'webhook', 'events', 'reconcile'] as const;

describe('the deployed handler exports (pipeline/handlers/<name>.handler.handler)', () => {
  let stack: LocalStack;
  let stdout: ReturnType<typeof captureStdout> | undefined;

  beforeAll(async () => {
    stack = await startLocalStack({ port: 0 });
  });
  afterEach(() => {
    stdout?.restore();
    vi.unstubAllEnvs();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it.each(FUNCTIONS)(
    '%s: importing needs no environment; the first invocation names every missing setting',
    async (name) => {
      const module: { handler: (event: unknown) => Promise<unknown> } = await import(
        `../../../pipeline/handlers/${name}.handler.ts`
      );
      expect(typeof module.handler).toBe('function');
      for (const setting of [
        'STEVEDORE_BUCKET',
        'STEVEDORE_INTAKE_QUEUE_URL',
        'STEVEDORE_API_TOKEN_PARAMETER',
      ]) {
        vi.stubEnv(setting, '');
      }
      const error = await module.handler({ Records: [] }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual(
        expect.arrayContaining([
          'STEVEDORE_BUCKET: required when deployed',
          'STEVEDORE_DROP_QUEUE_URL: required when deployed',
        ]),
      );
    },
  );

  it('s3-drop: builds its SDK clients from the environment, AWS_ENDPOINT_URL included, and takes a dropped object', async () => {
    const { queues } = stack;
    const env = {
      AWS_ENDPOINT_URL: stack.endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      STEVEDORE_BUCKET: stack.bucket,
      STEVEDORE_DROP_QUEUE_URL: queues.drop.url,
      STEVEDORE_INTAKE_QUEUE_URL: queues.intake.url,
      STEVEDORE_EVENTS_QUEUE_URL: queues.events.url,
      STEVEDORE_FAILURES_QUEUE_URL: queues.failures.url,
      STEVEDORE_API_TOKEN_PARAMETER: '/stevedore/api-token',
      STEVEDORE_WEBHOOK_SECRET_PARAMETER: '/stevedore/webhook-secret',
    };
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    // A fresh module instance: the lazy handler of the test above already tried (and failed) to build.
    vi.resetModules();
    const { handler } = await import('../../../pipeline/handlers/s3-drop.handler.ts');
    const pdf = samplePdf('deployed-s3-drop');
    await putObject(stack.s3, stack.bucket, 'inbox/deployed.pdf', pdf);
    const body = objectCreatedNotification(
      stack.bucket,
      {
        key: 'inbox/deployed.pdf',
        eTag: createHash('md5').update(pdf).digest('hex'),
        size: pdf.length,
        sequencer: '01',
      },
      new Date(),
    );
    stdout = captureStdout();
    const response = await handler(sqsEvent(sqsRecord('m-1', body)));
    stdout.restore();

    expect(response).toEqual({ batchItemFailures: [] });
    expect(await listKeys(stack.s3, stack.bucket, 'archive/')).toEqual(['archive/deployed.pdf']);
    const { Messages = [] } = await stack.sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queues.intake.url, WaitTimeSeconds: 1 }),
    );
    expect(Messages).toHaveLength(1);
  });
});
