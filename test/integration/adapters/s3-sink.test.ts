import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqsQueue } from '../../../pipeline/adapters/sqs-queue.ts';
import { parseFailureMessage } from '../../../pipeline/sinks/failure-message.ts';
import { FolderSink } from '../../../pipeline/sinks/folder-sink.ts';
import type { OriginRecord } from '../../../pipeline/sinks/result-records.ts';
import { S3Sink } from '../../../pipeline/sinks/s3-sink.ts';
import { type AwsEmulator, startAwsEmulator } from '../../support/aws-emulator.ts';
import { DOC, failureRecord, resultRecord } from '../../unit/pipeline/events-fixtures.ts';

const origin: OriginRecord = {
  origin_id: 'folder:abc',
  source: 'folder',
  file_name: 'Rechnung – März ✓.pdf',
  location: 'inbox/Rechnung – März ✓.pdf',
  received_at: '2026-01-01T00:00:00.000Z',
};

const result = resultRecord({
  payload: { total_amount: '1.00', currency: 'USD', nested: { z: 1, a: [2, { y: null, b: 'ü' }] } },
  sha256: 'a'.repeat(64),
  origins: [origin],
});
const failure = failureRecord({ origins: [origin] });

let aws: AwsEmulator;
let folder: string;
beforeAll(async () => {
  aws = await startAwsEmulator();
  folder = await mkdtemp(join(tmpdir(), 'stevedore-s3-sink-'));
});
afterAll(async () => {
  await aws.stop();
  await rm(folder, { recursive: true, force: true });
});

const fresh = async () => {
  const bucket = await aws.createFreshBucket('sink');
  const failures = new SqsQueue({ client: aws.sqs, queueUrl: await aws.createQueue(`failures-${bucket}`) });
  return { bucket, failures, sink: new S3Sink({ client: aws.s3, bucket, failures }) };
};

const objectText = async (bucket: string, key: string): Promise<string> => {
  const output = await aws.s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return (await output.Body?.transformToString('utf-8')) ?? '';
};

const exists = (bucket: string, key: string): Promise<boolean> =>
  aws.s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).then(
    () => true,
    () => false,
  );

describe('S3Sink on fauxqs', () => {
  it('writes the same bytes as the folder sink for results and failures', async () => {
    const { bucket, sink } = await fresh();
    const folderSink = new FolderSink(folder);
    await sink.writeResult(result);
    await sink.writeFailure(failure);
    await folderSink.writeResult(result);
    await folderSink.writeFailure(failure);
    expect(await objectText(bucket, `results/${DOC}.json`)).toBe(
      await readFile(folderSink.pathOf('result', DOC), 'utf8'),
    );
    expect(await objectText(bucket, `failed/${DOC}.json`)).toBe(
      await readFile(folderSink.pathOf('failure', DOC), 'utf8'),
    );
    const head = await aws.s3.send(new HeadObjectCommand({ Bucket: bucket, Key: `results/${DOC}.json` }));
    expect(head.ContentType).toMatch(/^application\/json/);
  });

  it('announces each failure on the failures queue with a pointer to its file', async () => {
    const { bucket, failures, sink } = await fresh();
    await sink.writeFailure(failure);
    const [message] = await failures.receive({ maxMessages: 10 });
    expect(parseFailureMessage(message?.body ?? '')).toEqual({
      kind: 'document_failed',
      version: 1,
      documentId: DOC,
      reason: 'encrypted',
      detail: 'the PDF is encrypted',
      bucket,
      key: `failed/${DOC}.json`,
    });
  });

  it('removes a failure file, and removing a missing one succeeds', async () => {
    const { bucket, sink } = await fresh();
    await sink.writeFailure(failure);
    await sink.removeFailure(DOC);
    expect(await exists(bucket, `failed/${DOC}.json`)).toBe(false);
    await sink.removeFailure(DOC);
  });

  it('replaces only the origins and digest of an existing file, and answers false without one', async () => {
    const { bucket, sink } = await fresh();
    const provenance = { sha256: result.sha256 ?? '', origins: [origin] };
    expect(await sink.updateOrigins(DOC, provenance)).toBe(false);
    await sink.writeResult({ ...result, origins: [], sha256: null });
    expect(await sink.updateOrigins(DOC, provenance)).toBe(true);
    const folderSink = new FolderSink(folder);
    await folderSink.writeResult(result);
    expect(await objectText(bucket, `results/${DOC}.json`)).toBe(
      await readFile(folderSink.pathOf('result', DOC), 'utf8'),
    );
  });

  it('refuses a document id that is not safe as a key', async () => {
    const { sink } = await fresh();
    await expect(sink.writeResult({ ...result, document_id: '../x' })).rejects.toMatchObject({
      code: 'validation_failed',
    });
  });
});
