import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { PowertoolsFor } from '../../../pipeline/handlers/aws-composition.ts';
import { METRICS_NAMESPACE, METRICS_SERVICE } from '../../../src/observability/metrics.ts';
import { waitFor } from '../../support/wait-for.ts';

/**
 * Powertools as the functions build it, but quiet: the logger silent and the metrics kept (never
 * published, since the harness only counts requests), so the test output stays readable.
 */
export const quietPowertools: PowertoolsFor = (stage) => {
  const metrics = new Metrics({
    namespace: METRICS_NAMESPACE,
    serviceName: METRICS_SERVICE,
    defaultDimensions: { stage },
  });
  // EMF lines go to stdout in Lambda; here they would only bury the test report.
  metrics.publishStoredMetrics = () => {
    metrics.clearMetrics();
    return metrics;
  };
  return { logger: new Logger({ serviceName: METRICS_SERVICE, logLevel: 'SILENT' }), metrics };
};

/** A data dir for one run, removed by the returned function. */
export const tempDataDir = (): { dir: string; remove: () => void } => {
  const dir = mkdtempSync(join(tmpdir(), 'stevedore-aws-local-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
};

/** Each probe is a call to the emulator, and a function's work takes hundreds of milliseconds. */
const AWS_POLL_INTERVAL_MS = 100;
/** A cold function start, a batching window and a visibility timeout can stack up before an outcome. */
const AWS_WAIT_TIMEOUT_MS = 20_000;

/** `waitFor` at the pace of the emulated AWS run. */
export const waitForAws = <T>(
  probe: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = AWS_WAIT_TIMEOUT_MS,
): Promise<T> => waitFor(probe, what, timeoutMs, AWS_POLL_INTERVAL_MS);

export const listKeys = async (s3: S3Client, bucket: string, prefix: string): Promise<string[]> => {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
};

export const putObject = async (s3: S3Client, bucket: string, key: string, body: Uint8Array | string) => {
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
};

export const readJson = async (
  s3: S3Client,
  bucket: string,
  key: string,
): Promise<Record<string, unknown>> => {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return JSON.parse((await object.Body?.transformToString('utf-8')) ?? '') as Record<string, unknown>;
};

/** Messages in a queue, visible or in flight, as SQS approximates them. */
export const queueDepth = async (sqs: SQSClient, queueUrl: string): Promise<number> => {
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return (
    Number(Attributes?.ApproximateNumberOfMessages ?? 0) +
    Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0)
  );
};
