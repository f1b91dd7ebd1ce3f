import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3BlobStore } from '../../../pipeline/adapters/s3-blob-store.ts';
import { S3Ledger } from '../../../pipeline/adapters/s3-ledger.ts';
import { type AwsEmulator, startAwsEmulator } from '../../support/aws-emulator.ts';
import { ledgerContract } from '../../support/contracts/ledger-contract.ts';
import { S3ConditionalDouble } from '../../support/s3-conditional-double.ts';

let aws: AwsEmulator;
let double: S3ConditionalDouble;
beforeAll(async () => {
  aws = await startAwsEmulator();
  double = new S3ConditionalDouble(aws);
});
afterAll(async () => {
  double.client.destroy();
  await aws.stop();
});

const freshBucket = (): Promise<string> => aws.createFreshBucket('conditional');

ledgerContract('S3 honouring If-None-Match (double over fauxqs)', async () => ({
  ledger: new S3Ledger({ client: double.client, bucket: await freshBucket() }),
  close: async () => {},
}));

ledgerContract('S3 honouring If-None-Match, written without a read first (as deployed)', async () => ({
  ledger: new S3Ledger({ client: double.client, bucket: await freshBucket(), readBeforeWrite: false }),
  close: async () => {},
}));

describe('S3Ledger written without a read first', () => {
  it('lets exactly one of four workers win a key on the condition alone', async () => {
    const bucket = await freshBucket();
    const workers = [0, 1, 2, 3].map(
      () => new S3Ledger({ client: double.client, bucket, readBeforeWrite: false }),
    );
    for (let round = 0; round < 5; round += 1) {
      const key = `doc/race-${round}`;
      const results = await Promise.all(workers.map((ledger, n) => ledger.putIfAbsent(key, `worker-${n}`)));
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = results.indexOf(true);
      expect(await workers[0]?.get(key)).toBe(`worker-${winner}`);
    }
  });
});

describe('S3Ledger where S3 honours conditional writes', () => {
  it('lets exactly one of two workers (two adapters) win a key, and keeps its value', async () => {
    const bucket = await freshBucket();
    const workers = [0, 1, 2, 3].map(() => new S3Ledger({ client: double.client, bucket }));
    for (let round = 0; round < 5; round += 1) {
      const key = `doc/race-${round}`;
      const results = await Promise.all(workers.map((ledger, n) => ledger.putIfAbsent(key, `worker-${n}`)));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await workers[0]?.get(key)).toBe(`worker-${results.indexOf(true)}`);
    }
  });

  it('answers false on a 412 even when its read missed the key (another worker wrote in between)', async () => {
    const ledger = new S3Ledger({ client: double.client, bucket: await freshBucket() });
    await ledger.putIfAbsent('doc/abc', 'doc-1');
    double.failNext({ method: 'GET', status: 404, code: 'NoSuchKey' });
    expect(await ledger.putIfAbsent('doc/abc', 'doc-2')).toBe(false);
    expect(await ledger.get('doc/abc')).toBe('doc-1');
  });

  it('retries a 409 ConditionalRequestConflict and then writes', async () => {
    const ledger = new S3Ledger({ client: double.client, bucket: await freshBucket() });
    double.failNext({ method: 'PUT', status: 409, code: 'ConditionalRequestConflict' });
    expect(await ledger.putIfAbsent('doc/conflict', 'doc-1')).toBe(true);
    expect(await ledger.get('doc/conflict')).toBe('doc-1');
  });

  it('gives up after repeated 409s with a retryable error naming bucket and key', async () => {
    const bucket = await freshBucket();
    const ledger = new S3Ledger({ client: double.client, bucket, prefix: 'ledger' });
    for (let n = 0; n < 4; n += 1)
      double.failNext({ method: 'PUT', status: 409, code: 'ConditionalRequestConflict' });
    await expect(ledger.putIfAbsent('doc/busy', 'x')).rejects.toMatchObject({
      code: 's3_failed',
      retryable: true,
      bucket,
      key: 'ledger/doc/busy',
    });
  });

  it('maps bytes damaged in transit (400 BadDigest) to a clear, retryable checksum error', async () => {
    const ledger = new S3Ledger({ client: double.client, bucket: await freshBucket() });
    double.corruptNextPut();
    await expect(ledger.putIfAbsent('doc/damaged', 'doc-1')).rejects.toMatchObject({
      code: 's3_checksum_mismatch',
      retryable: true,
      message: expect.stringContaining('do not match their checksum'),
    });
    expect(await ledger.get('doc/damaged')).toBeUndefined();
  });
});

describe('S3 throttling', () => {
  it('maps 503 SlowDown to a retryable error naming the bucket and key, for blobs and the ledger', async () => {
    const bucket = await freshBucket();
    const blobs = new S3BlobStore({ client: double.client, bucket });
    double.failNext({ method: 'PUT', status: 503, code: 'SlowDown' });
    await expect(blobs.put('staged/slow', Buffer.from('x'))).rejects.toMatchObject({
      code: 's3_failed',
      retryable: true,
      message: expect.stringContaining(`s3://${bucket}/staged/slow failed: SlowDown (HTTP 503)`),
    });
    double.failNext({ method: 'PUT', status: 503, code: 'SlowDown' });
    await expect(blobs.put('staged/slow', Readable.from([Buffer.from('x')]))).rejects.toMatchObject({
      retryable: true,
    });
    const ledger = new S3Ledger({ client: double.client, bucket });
    double.failNext({ method: 'GET', status: 503, code: 'SlowDown' });
    await expect(ledger.get('doc/slow')).rejects.toMatchObject({ code: 's3_failed', retryable: true });
  });

  it('maps a 403 AccessDenied to an error that is not retryable', async () => {
    const blobs = new S3BlobStore({ client: double.client, bucket: await freshBucket() });
    double.failNext({ method: 'HEAD', status: 403, code: 'AccessDenied' });
    await expect(blobs.exists('staged/x')).rejects.toMatchObject({ code: 's3_failed', retryable: false });
  });
});
