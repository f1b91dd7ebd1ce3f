import { readFile } from 'node:fs/promises';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageRefusedError } from '../../../pipeline/adapters/sqs-batches.ts';
import { SqsQueue } from '../../../pipeline/adapters/sqs-queue.ts';
import { objectCreatedNotification } from '../../../pipeline/aws-local/bucket-notifications.ts';
import { type AwsLocal, startAwsLocal } from '../../../pipeline/aws-local/start-aws-local.ts';
import { signatureHeaders } from '../../../src/domain/webhook-signature.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { attributes, webhookPayload } from '../../unit/pipeline/events-fixtures.ts';
import { samplePdf } from '../../unit/pipeline/sources-sample-files.ts';
import {
  listKeys,
  putObject,
  queueDepth,
  quietPowertools,
  readJson,
  tempDataDir,
  waitForAws,
} from './aws-local-harness.ts';

/** Two deliveries, then the DLQ: a poison message gets there in about a second. */
const MAX_RECEIVE_COUNT = 2;
/** A record that failed retryably comes back after this long, not SQS's 30 s. */
const VISIBILITY_SECONDS = 2;

describe('the local AWS run: every function on fauxqs and the local service', () => {
  let run: AwsLocal;
  let data: ReturnType<typeof tempDataDir>;

  beforeAll(async () => {
    data = tempDataDir();
    run = await startAwsLocal({
      port: 0,
      awsPort: 0,
      functionPort: 0,
      dataDir: data.dir,
      logger: silentLogger,
      overrides: { logLevel: 'silent', rateLimitPerMinute: 1_000_000, clientRequestsPerMinute: 1_000_000 },
      powertools: quietPowertools,
      maxReceiveCount: MAX_RECEIVE_COUNT,
      visibilityTimeoutSeconds: VISIBILITY_SECONDS,
      notifyIntervalMs: 100,
    });
  });
  afterAll(async () => {
    await run?.stop();
    data?.remove();
  });

  const s3 = () => run.stack.s3;
  const bucket = () => run.stack.bucket;
  const documentCount = async (): Promise<number> => {
    const response = await fetch(`${run.serviceUrl}/documents?page[size]=1`, {
      headers: { Authorization: `Token ${run.apiKey}` },
    });
    return ((await response.json()) as { meta: { total: number } }).meta.total;
  };
  const outcomes = async () => [
    ...(await listKeys(s3(), bucket(), 'results/')),
    ...(await listKeys(s3(), bucket(), 'failed/')),
  ];

  it('takes a dropped file through the whole chain to results/<id>.json, and its copy to the same document', async () => {
    // A real invoice (the project's sample): it extracts, so its outcome is a result.
    const pdf = await readFile(new URL('../../../examples/commercial-invoice.pdf', import.meta.url));
    await putObject(s3(), bucket(), 'inbox/march invoice.pdf', pdf);
    const [result] = await waitForAws(async () => {
      const keys = await listKeys(s3(), bucket(), 'results/');
      return keys.length > 0 && keys;
    }, 'results/<id>.json');
    const record = await readJson(s3(), bucket(), result ?? '');
    expect(record).toMatchObject({ status: 'extracted', document_id: result?.slice(8, -5) });
    expect(await listKeys(s3(), bucket(), 'archive/')).toEqual(['archive/march invoice.pdf']);
    expect(await listKeys(s3(), bucket(), 'inbox/')).toEqual([]);

    // The same bytes under another name: one more origin, no second document.
    await putObject(s3(), bucket(), 'inbox/copy.pdf', pdf);
    await waitForAws(async () => {
      const origins = (await readJson(s3(), bucket(), result ?? '')).origins as unknown[];
      return origins.length === 2;
    }, 'the second origin in the outcome file');
    expect(await documentCount()).toBe(1);
  });

  it('makes one document of a notification delivered twice', async () => {
    const before = await documentCount();
    const pdf = samplePdf('aws-twice');
    // The notifier sends one; the same notification is sent twice more by hand, as S3 may redeliver it.
    const key = 'inbox/twice.pdf';
    await putObject(s3(), bucket(), key, pdf);
    const { ETag } = await s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    const body = objectCreatedNotification(
      bucket(),
      { key, eTag: (ETag ?? '').replaceAll('"', ''), size: pdf.length, sequencer: '00000000000000FFFF' },
      new Date(),
    );
    for (let n = 0; n < 2; n++) {
      await run.stack.sqs.send(
        new SendMessageCommand({ QueueUrl: run.stack.queues.drop.url, MessageBody: body }),
      );
    }
    await waitForAws(
      async () => (await documentCount()) === before + 1 && (await outcomes()).length > before,
      'the document',
    );
    await waitForAws(
      async () => (await queueDepth(run.stack.sqs, run.stack.queues.drop.url)) === 0,
      'drop queue empty',
    );
    expect(await documentCount()).toBe(before + 1);
  });

  it('delivers webhooks through the function URL: a base64 body verified and enqueued, a bad signature refused', async () => {
    const response = await fetch(`${run.serviceUrl}/webhooks`, {
      headers: { Authorization: `Token ${run.apiKey}` },
    });
    const [webhook] = (
      (await response.json()) as { data: Array<{ attributes: { url: string; secret: string } }> }
    ).data;
    expect(webhook?.attributes.url).toBe(run.functionUrl);
    const secret = webhook?.attributes.secret ?? '';
    const body = JSON.stringify(webhookPayload('document.extracted', attributes(), 'aws-local-n1'));
    // Not a text type: the function URL hands the body over base64-encoded.
    const signed = await fetch(run.functionUrl, {
      method: 'POST',
      headers: {
        ...signatureHeaders(secret, 'aws-local-n1', body, new Date()),
        'content-type': 'application/octet-stream',
      },
      body,
    });
    expect(signed.status).toBe(202);
    const forged = await fetch(run.functionUrl, {
      method: 'POST',
      headers: {
        ...signatureHeaders('whsec_Zm9yZ2VkLXNlY3JldC1mb3ItdGhlLXRlc3Q=', 'n2', body, new Date()),
        'content-type': 'application/json',
      },
      body,
    });
    expect(forged.status).toBe(401);
  });

  it('sends a poison notification to the DLQ after maxReceiveCount while the rest of its batch succeeds', async () => {
    const before = await documentCount();
    const { sqs, queues } = run.stack;
    // Stopped, so that both land in one batch of the next poll.
    await run.mappings.drop.stop();
    const pdf = samplePdf('aws-poison-neighbour');
    await putObject(s3(), bucket(), 'inbox/neighbour.pdf', pdf);
    await waitForAws(async () => (await queueDepth(sqs, queues.drop.url)) === 1, 'the neighbour notified');
    await sqs.send(
      new SendMessageCommand({ QueueUrl: queues.drop.url, MessageBody: '{"Records":"not a list"}' }),
    );
    run.mappings.drop.start();
    await waitForAws(async () => (await queueDepth(sqs, queues.drop.dlqUrl)) === 1, 'the poison in the DLQ');
    await waitForAws(async () => (await documentCount()) === before + 1, 'the neighbour document');
    expect(await queueDepth(sqs, queues.drop.url)).toBe(0);
  });

  it('refuses a message too large for SQS with its reason, and sends nothing', async () => {
    const queue = new SqsQueue({ client: run.stack.sqs, queueUrl: run.stack.queues.events.url });
    const body = 'x'.repeat(256 * 1024 + 1);
    const refusal = await queue.send(body).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(MessageRefusedError);
    expect((refusal as MessageRefusedError).message).toMatch(/262145 bytes/);
  });
});
