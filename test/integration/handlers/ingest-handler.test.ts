import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIngestHandler } from '../../../pipeline/handlers/ingest.handler.ts';
import type { IntakeMessage } from '../../../pipeline/messages.ts';
import type { IngestClient } from '../../../pipeline/stages/ingest.ts';
import type { ServiceClient } from '../../../src/client/service-client.ts';
import { systemClock } from '../../../src/domain/clock.ts';
import { digestContent } from '../../../src/domain/content-digest.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { scheduledRetry } from '../../../src/runtime/retry-rule.ts';
import { sqsEvent } from '../../support/sqs-event.ts';
import { samplePdf } from '../../unit/pipeline/sources-sample-files.ts';
import { clientOf, type Harness, startService } from '../service/service-harness.ts';
import { captureStdout, embedded, lambdaContext, powertools } from './handler-harness.ts';

/** High enough that neither side's pacing slows the test. */
const NO_RATE_LIMIT = 1_000_000;

describe('ingest handler (Powertools batch, embedded adapters, local service)', () => {
  let service: Harness;
  let env: ReturnType<typeof embedded>;
  let stdout: ReturnType<typeof captureStdout>;
  let client: ServiceClient;

  beforeEach(async () => {
    service = await startService({ startProcessing: false, config: { rateLimitPerMinute: NO_RATE_LIMIT } });
    env = embedded(systemClock, { maxReceiveCount: 3 });
    client = clientOf(service, NO_RATE_LIMIT);
    stdout = captureStdout();
  });
  afterEach(async () => {
    stdout.restore();
    env.close();
    await service.close();
  });

  const stage = async (marker: string, correlationId: string): Promise<string> => {
    const bytes = samplePdf(marker);
    const digest = await digestContent(bytes);
    const blobKey = `staged/${correlationId}`;
    await env.blobs.put(blobKey, bytes);
    const message: IntakeMessage = {
      kind: 'intake',
      version: 1,
      correlationId,
      origin: {
        originId: `folder-${correlationId}`,
        source: 's3',
        fileName: `${marker}.pdf`,
        location: `drop/${marker}.pdf`,
        receivedAt: new Date().toISOString(),
      },
      blobKey,
      ...digest,
      contentType: 'application/pdf',
    };
    return JSON.stringify(message);
  };

  const handlerWith = (options: { client?: IngestClient; sqsLike?: boolean } = {}) => {
    const visibility: string[] = [];
    const queue = {
      changeVisibility: async (handle: string, seconds: number) => {
        visibility.push(`${handle} ${seconds}`);
        await env.queue.changeVisibility(handle, seconds);
      },
      // SQS has no dead-letter call: without it, the redrive policy (maxReceiveCount) decides.
      ...(options.sqsLike ? {} : { moveToDeadLetter: env.queue.moveToDeadLetter.bind(env.queue) }),
    };
    const handler = createIngestHandler({
      ...powertools('ingest'),
      clock: systemClock,
      client: async () => options.client ?? client,
      ledger: env.ledger,
      blobs: env.blobs,
      intakeQueue: queue,
      eventsQueue: { send: async () => 'origin-event' },
      visibilityTimeoutSeconds: 60,
      retry: scheduledRetry(() => 42),
    });
    return { handler, visibility };
  };

  const documents = async (): Promise<unknown[]> => {
    const response = await service.api('/v2/documents');
    return ((await response.json()) as { data: unknown[] }).data;
  };

  it('uploads the good records of a batch, fails the malformed one alone, and logs and counts each', async () => {
    await env.queue.send(await stage('a', 'corr-a'));
    await env.queue.send('{"kind":"intake"');
    await env.queue.send(await stage('b', 'corr-b'));
    const records = await env.poll();
    const { handler } = handlerWith();

    const response = await handler(sqsEvent(...records), lambdaContext());

    expect(response.batchItemFailures).toEqual([{ itemIdentifier: records[1]?.messageId }]);
    expect(await documents()).toHaveLength(2);
    expect(stdout.metricNames().sort()).toEqual(['DocumentsReceived', 'DocumentsUploaded']);
    const [emf] = stdout.emf();
    expect(emf).toMatchObject({ DocumentsReceived: [1, 1], DocumentsUploaded: [1, 1], stage: 'ingest' });
    const ingested = stdout.logs().filter((line) => line.message === 'document ingested');
    expect(ingested.map((line) => line.correlationId)).toEqual(['corr-a', 'corr-b']);
    expect(ingested[0]).toMatchObject({ function_name: 'stevedore-test', service: 'stevedore' });
    // Moved at once where the queue can (the embedded one): a bad body never parses.
    expect((await env.dead.stats()).visible).toBe(1);
  });

  it('a redelivered record (a crash after the upload) creates no second document and counts a duplicate', async () => {
    const body = await stage('c', 'corr-c');
    await env.queue.send(body);
    const [first] = await env.poll();
    if (first === undefined) throw new Error('no record');
    const { handler } = handlerWith();
    await handler(sqsEvent(first), lambdaContext());
    // The same message again, as SQS redelivers it when the function died before deleting it.
    await handler(sqsEvent({ ...first, attributes: { ...first.attributes, ApproximateReceiveCount: '2' } }));

    expect(await documents()).toHaveLength(1);
    expect(stdout.metricNames()).toEqual([
      'DocumentsReceived',
      'DocumentsUploaded',
      'DocumentsReceived',
      'DocumentsDuplicate',
    ]);
  });

  it('sets the visibility of a record that failed retryably by the retry rule', async () => {
    await env.queue.send(await stage('d', 'corr-d'));
    await env.queue.send(await stage('e', 'corr-e'));
    const records = await env.poll();
    let calls = 0;
    const flaky: IngestClient = new Proxy(client, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver);
        if (name !== 'createDirectUpload' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls += 1;
          if (calls === 1) throw new AppError('service_unavailable', 'try later', { retryable: true });
          return Reflect.apply(value, target, args);
        };
      },
    });
    const { handler, visibility } = handlerWith({ client: flaky });

    const response = await handler(sqsEvent(...records), lambdaContext());

    expect(response.batchItemFailures).toEqual([{ itemIdentifier: records[0]?.messageId }]);
    expect(visibility).toEqual([`${records[0]?.receiptHandle} 42`]);
    expect(await documents()).toHaveLength(1);
  });

  it('on an SQS-like queue, a poison record reaches the DLQ after maxReceiveCount while its neighbours succeed', async () => {
    await env.queue.send('not json at all');
    await env.queue.send(await stage('f', 'corr-f'));
    const { handler } = handlerWith({ sqsLike: true });
    const failures: string[] = [];
    for (let delivery = 0; delivery < 5; delivery += 1) {
      const records = await env.poll();
      if (records.length === 0) break;
      const response = await handler(sqsEvent(...records), lambdaContext()).catch(() => ({
        batchItemFailures: records.map((record) => ({ itemIdentifier: record.messageId })),
      }));
      failures.push(...response.batchItemFailures.map((failure) => failure.itemIdentifier));
      // Lambda deletes the records not reported.
      const failed = new Set(response.batchItemFailures.map((failure) => failure.itemIdentifier));
      for (const record of records)
        if (!failed.has(record.messageId)) await env.queue.delete(record.receiptHandle);
    }
    expect(new Set(failures).size).toBe(1);
    expect(failures).toHaveLength(3);
    expect((await env.dead.stats()).visible).toBe(1);
    expect(await documents()).toHaveLength(1);
  });

  it('hands a record back untouched when the invocation has too little time left', async () => {
    await env.queue.send(await stage('g', 'corr-g'));
    const records = await env.poll();
    const { handler, visibility } = handlerWith();
    const response = await handler(sqsEvent(...records), lambdaContext(1_000)).catch(
      (error: unknown) => error,
    );
    expect(response).toBeInstanceOf(Error);
    expect(visibility).toEqual([`${records[0]?.receiptHandle} 42`]);
    expect(await documents()).toHaveLength(0);
  });
});
