import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3BlobStore } from '../../../pipeline/adapters/s3-blob-store.ts';
import { type AwsEmulator, startAwsEmulator } from '../../support/aws-emulator.ts';
import { blobStoreContract } from '../../support/contracts/blob-store-contract.ts';

let aws: AwsEmulator;
beforeAll(async () => {
  aws = await startAwsEmulator();
});
afterAll(async () => {
  await aws.stop();
});

const freshBucket = (): Promise<string> => aws.createFreshBucket('blobs');

blobStoreContract('S3 on fauxqs', async () => ({
  blobs: new S3BlobStore({ client: aws.s3, bucket: await freshBucket(), prefix: 'stevedore' }),
  close: async () => {},
}));

describe('S3BlobStore on fauxqs', () => {
  it('puts a stream over 5 MiB as a multipart upload, whole, under the prefix', async () => {
    const bucket = await freshBucket();
    const blobs = new S3BlobStore({ client: aws.s3, bucket, prefix: 'team/' });
    const chunks = Array.from({ length: 12 }, () => randomBytes(1024 * 1024));
    await blobs.put('staged/large', Readable.from(chunks));
    expect(await buffer(await blobs.get('staged/large'))).toEqual(Buffer.concat(chunks));
    const head = await aws.s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'team/staged/large' }));
    // A multipart ETag ends in the part count: 12 MiB in 5 MiB parts is 3.
    expect(head.ETag).toMatch(/-3"$/);
    expect(head.ContentLength).toBe(12 * 1024 * 1024);
  });

  it('leaves no object and no listing entry when a multipart body fails after a part', async () => {
    const bucket = await freshBucket();
    const blobs = new S3BlobStore({ client: aws.s3, bucket });
    const failing = Readable.from(
      (async function* () {
        for (let n = 0; n < 7; n += 1) yield randomBytes(1024 * 1024);
        throw new Error('disk went away');
      })(),
    );
    await expect(blobs.put('staged/broken', failing)).rejects.toThrow('disk went away');
    const listing = await aws.s3.send(new ListObjectsV2Command({ Bucket: bucket }));
    expect(listing.KeyCount ?? 0).toBe(0);
  });

  it('asks for SSE-S3 on every put by default, and for the named KMS key when configured', async () => {
    const bucket = await freshBucket();
    const headers: Record<string, string>[] = [];
    const client = new S3Client({
      endpoint: aws.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });
    client.middlewareStack.add(
      (next) => async (args) => {
        // At the build step the request is the SDK's HTTP request, with its headers.
        const request = args.request as { method?: string; headers?: Record<string, string> };
        if (request.method === 'PUT' || request.method === 'POST') headers.push({ ...request.headers });
        return next(args);
      },
      { step: 'build', name: 'captureHeaders' },
    );
    await new S3BlobStore({ client, bucket }).put('staged/plain', Buffer.from('x'));
    const kms = new S3BlobStore({
      client,
      bucket,
      encryption: { kind: 'aws:kms', keyId: 'alias/stevedore' },
    });
    await kms.put('staged/kms', Readable.from([Buffer.from('y')]));
    expect(headers[0]).toMatchObject({ 'x-amz-server-side-encryption': 'AES256' });
    expect(headers[1]).toMatchObject({
      'x-amz-server-side-encryption': 'aws:kms',
      'x-amz-server-side-encryption-aws-kms-key-id': 'alias/stevedore',
    });
    client.destroy();
  });

  it('wraps S3 failures with the bucket and key', async () => {
    const blobs = new S3BlobStore({ client: aws.s3, bucket: 'no-such-bucket' });
    await expect(blobs.put('staged/x', Buffer.from('x'))).rejects.toMatchObject({
      code: 's3_failed',
      retryable: false,
      bucket: 'no-such-bucket',
      key: 'staged/x',
    });
  });
});
