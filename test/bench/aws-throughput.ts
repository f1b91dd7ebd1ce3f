import { createHash } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import {
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import { objectCreatedNotification } from '../../pipeline/aws-local/bucket-notifications.ts';
import { startEventSourceMapping } from '../../pipeline/aws-local/event-source-mapping.ts';
import { startLocalStack } from '../../pipeline/aws-local/local-stack.ts';
import { createAwsComposition } from '../../pipeline/handlers/aws-composition.ts';
import { requireAwsConfig } from '../../pipeline/handlers/aws-config.ts';
import { createIngestHandler } from '../../pipeline/handlers/ingest.handler.ts';
import { createS3DropHandler } from '../../pipeline/handlers/s3-drop.handler.ts';
import { loadConfig } from '../../src/config/load-config.ts';
import { silentLogger } from '../../src/observability/logger.ts';
import { freePort } from '../e2e/support/free-port.ts';
import { quietPowertools } from '../integration/aws/aws-local-harness.ts';
import { samplePdf } from '../unit/pipeline/sources-sample-files.ts';
import { startBenchService } from './support/bench-service.ts';
import { median } from './support/cost-counters.ts';
import { printResult } from './support/result-line.ts';
import { withTempDir } from './support/temp-dir.ts';
import { progress, until } from './support/timing.ts';

/** Documents per round: several full batches of 10 per function, in a few seconds. */
const DOCUMENTS = 40;
/** Rounds, interleaved with the baseline's; the median ratio shrugs off a slow one. */
const ROUNDS = 5;
/** SQS's largest batch. */
const BATCH = 10;

await withTempDir('stevedore-aws-throughput-', async (dir) => {
  const stack = await startLocalStack({ port: 0 });
  // A known port: the functions reach the service over loopback, as the deployed ones reach the upstream.
  const port = await freePort();
  const bench = await startBenchService(dir, { port });
  const created = await stack.sqs.send(new CreateQueueCommand({ QueueName: 'ceiling' }));
  // As the stack's own queues: the URL names the endpoint the client talks to.
  const baselineQueue = `${stack.endpoint}${new URL(created.QueueUrl ?? '').pathname}`;
  try {
    const { queues } = stack;
    const config = requireAwsConfig(
      loadConfig(
        {},
        {
          ...bench.config,
          apiBaseUrl: `http://127.0.0.1:${port}/v2`,
          bucket: stack.bucket,
          dropQueueUrl: queues.drop.url,
          intakeQueueUrl: queues.intake.url,
          eventsQueueUrl: queues.events.url,
          failuresQueueUrl: queues.failures.url,
          apiTokenParameter: '/bench/api-token',
          webhookSecretParameter: '/bench/webhook-secret',
        },
      ),
    );
    const functions = createAwsComposition({
      config,
      clients: { sqs: stack.sqs, s3: stack.s3 },
      secrets: { apiToken: async () => bench.service.apiKey, webhookSecret: async () => 'unused' },
      powertools: quietPowertools,
    });
    const mappings = [
      ['drop', createS3DropHandler(functions.s3Drop())],
      ['intake', createIngestHandler(functions.ingest())],
    ] as const;
    const running = mappings.map(([queue, handler]) =>
      startEventSourceMapping({
        sqs: stack.sqs,
        queueUrl: queues[queue].url,
        queueArn: queues[queue].arn,
        functionName: `bench-${queue}`,
        handler,
        logger: silentLogger,
      }),
    );

    /** Documents per second from the notifications sent to every document created. */
    const pipelineRound = async (round: number): Promise<number> => {
      const target = (await bench.documentCount()) + DOCUMENTS;
      const bodies: string[] = [];
      for (let n = 0; n < DOCUMENTS; n++) {
        const key = `inbox/r${round}-${n}.pdf`;
        const bytes = samplePdf(`aws-throughput-${round}-${n}`);
        await stack.s3.send(new PutObjectCommand({ Bucket: stack.bucket, Key: key, Body: bytes }));
        const eTag = createHash('md5').update(bytes).digest('hex');
        bodies.push(
          objectCreatedNotification(
            stack.bucket,
            { key, eTag, size: bytes.length, sequencer: '01' },
            new Date(),
          ),
        );
      }
      const started = performance.now();
      // One notification per object, as S3 sends them.
      for (const body of bodies) {
        await stack.sqs.send(new SendMessageCommand({ QueueUrl: queues.drop.url, MessageBody: body }));
      }
      await until(async () => (await bench.documentCount()) >= target, {
        intervalMs: 20,
        timeoutMs: 60_000,
        what: `${DOCUMENTS} documents`,
      });
      return (DOCUMENTS / (performance.now() - started)) * 1000;
    };

    /** The emulator alone: messages per second sent, received and deleted, in batches of 10. */
    const ceilingRound = async (): Promise<number> => {
      const started = performance.now();
      for (let sent = 0; sent < DOCUMENTS; sent += BATCH) {
        await stack.sqs.send(
          new SendMessageBatchCommand({
            QueueUrl: baselineQueue,
            Entries: Array.from({ length: BATCH }, (_, n) => ({
              Id: String(n),
              MessageBody: `m${sent + n}`,
            })),
          }),
        );
      }
      for (let done = 0; done < DOCUMENTS; ) {
        const { Messages = [] } = await stack.sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: baselineQueue,
            MaxNumberOfMessages: BATCH,
            WaitTimeSeconds: 1,
          }),
        );
        await stack.sqs.send(
          new DeleteMessageBatchCommand({
            QueueUrl: baselineQueue,
            Entries: Messages.map((message, n) => ({
              Id: String(n),
              ReceiptHandle: message.ReceiptHandle ?? '',
            })),
          }),
        );
        done += Messages.length;
      }
      return (DOCUMENTS / (performance.now() - started)) * 1000;
    };

    const pipeline: number[] = [];
    const ceiling: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const base = await ceilingRound();
      const own = await pipelineRound(round);
      progress(
        `aws-throughput: round ${round + 1}: ${own.toFixed(1)} docs/s, ceiling ${base.toFixed(0)} msgs/s`,
      );
      ceiling.push(base);
      pipeline.push(own);
      ratios.push(own / base);
    }
    await Promise.all(running.map((mapping) => mapping.stop()));
    printResult({
      name: 'aws-pipeline-throughput',
      value: median(pipeline),
      unit: 'docs/s',
      baseline: { name: 'fauxqs send+receive+delete ceiling', value: median(ceiling), unit: 'msgs/s' },
      ratio: median(ratios),
      note: `${DOCUMENTS} documents per round, drop notification to document created`,
    });
  } finally {
    await bench.close();
    await stack.stop();
  }
});
