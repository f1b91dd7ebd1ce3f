import { CreateBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { type FauxqsServer, startFauxqs } from 'fauxqs';

/**
 * fauxqs S3 on loopback for the drop source's tests, until the shared `test/support/aws-emulator.ts` lands.
 * fauxqs binds 0.0.0.0 whatever it is told, so the client talks to 127.0.0.1 only. It emits no bucket
 * notifications: `objectCreatedBody` builds the SQS body S3 would have sent.
 */
export interface S3Emulator {
  readonly client: S3Client;
  stop(): Promise<void>;
}

export async function startS3Emulator(): Promise<S3Emulator> {
  const server: FauxqsServer = await startFauxqs({ port: 0, logger: false });
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${server.port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  return {
    client,
    async stop() {
      client.destroy();
      await server.stop();
    },
  };
}

export async function createBucket(client: S3Client, bucket: string): Promise<void> {
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
}

/** Puts an object and returns what S3 would report in its event: the bare eTag and the size. */
export async function dropObject(
  client: S3Client,
  bucket: string,
  key: string,
  body: Uint8Array | string,
): Promise<{ eTag: string; size: number }> {
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
  const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  return { eTag: (head.ETag ?? '').replaceAll('"', ''), size: head.ContentLength ?? 0 };
}

/** Form encoding as S3 writes keys in events: `%20` becomes `+`, and a real `+` is `%2B`. */
export const encodeEventKey = (key: string): string =>
  key
    .split('/')
    .map((segment) => encodeURIComponent(segment).replaceAll('%20', '+'))
    .join('/');

let sequence = 0;

/** The SQS body of an `ObjectCreated:Put` notification for one object, as S3 (event version 2.1) sends it. */
export function objectCreatedBody(
  bucket: string,
  key: string,
  object: { eTag: string; size: number; versionId?: string },
): string {
  sequence += 1;
  return JSON.stringify({
    Records: [
      {
        eventVersion: '2.1',
        eventSource: 'aws:s3',
        awsRegion: 'us-east-1',
        eventTime: new Date().toISOString(),
        eventName: 'ObjectCreated:Put',
        userIdentity: { principalId: 'AWS:TEST' },
        requestParameters: { sourceIPAddress: '127.0.0.1' },
        responseElements: { 'x-amz-request-id': 'TEST', 'x-amz-id-2': 'TEST' },
        s3: {
          s3SchemaVersion: '1.0',
          configurationId: 'drop',
          bucket: { name: bucket, ownerIdentity: { principalId: 'TEST' }, arn: `arn:aws:s3:::${bucket}` },
          object: {
            key: encodeEventKey(key),
            size: object.size,
            eTag: object.eTag,
            ...(object.versionId === undefined ? {} : { versionId: object.versionId }),
            sequencer: sequence.toString(16).toUpperCase().padStart(18, '0'),
          },
        },
      },
    ],
  });
}

export const testEventBody = (bucket: string): string =>
  JSON.stringify({
    Service: 'Amazon S3',
    Event: 's3:TestEvent',
    Time: new Date().toISOString(),
    Bucket: bucket,
    RequestId: 'TEST',
    HostId: 'TEST',
  });
