import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { AwsEmulator } from './aws-emulator.ts';

/** A canned answer in place of the next matching call. */
export interface S3Fault {
  readonly method: 'GET' | 'HEAD' | 'PUT' | 'DELETE';
  readonly status: number;
  readonly code: string;
}

/** The shape of a request as the SDK hands it to its HTTP handler (its own type is not a dependency). */
interface WireRequest {
  method: string;
  path: string;
  query?: Record<string, unknown>;
  headers: Record<string, string>;
  body?: unknown;
}

type WireResponse = { response: { statusCode: number; headers: Record<string, string>; body: Readable } };

interface Handler {
  handle(request: WireRequest, options?: unknown): Promise<WireResponse>;
}

/**
 * S3 where fauxqs falls short, as a thin layer on the SDK's HTTP handler in front of it: `If-None-Match: *`
 * on a PutObject answers 412 when the key exists (one conditional put per key at a time, as S3 orders
 * them); an `x-amz-checksum-crc32` that does not match the body answers 400 BadDigest; queued faults
 * (503 SlowDown, 409 ConditionalRequestConflict, a stale 404) answer the next matching call instead.
 * `corruptNextPut` flips a byte of the next body after it was signed: damage in transit.
 */
export class S3ConditionalDouble {
  readonly client: S3Client;
  private readonly faults: S3Fault[] = [];
  private corruptNext = false;
  private readonly keyLocks = new Map<string, Promise<unknown>>();

  constructor(private readonly aws: AwsEmulator) {
    // The emulator's client already carries a working handler; requests reach fauxqs through it.
    const inner = aws.s3.config.requestHandler as unknown as Handler;
    const handler: Handler = { handle: (request, options) => this.handle(inner, request, options) };
    this.client = new S3Client({
      endpoint: aws.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      // One attempt: the tests see how the adapter maps each answer, not the SDK's own retries.
      maxAttempts: 1,
      // The SDK accepts any object with `handle`; its declared type names its own request classes.
      requestHandler: handler as never,
    });
  }

  failNext(fault: S3Fault): void {
    this.faults.push(fault);
  }

  corruptNextPut(): void {
    this.corruptNext = true;
  }

  private async handle(inner: Handler, request: WireRequest, options?: unknown): Promise<WireResponse> {
    const faultIndex = this.faults.findIndex((fault) => fault.method === request.method);
    const fault = this.faults[faultIndex];
    if (fault !== undefined) {
      this.faults.splice(faultIndex, 1);
      return errorResponse(fault.status, fault.code);
    }
    if (request.method !== 'PUT' || request.query?.partNumber !== undefined)
      return inner.handle(request, options);

    if (this.corruptNext && (typeof request.body === 'string' || request.body instanceof Uint8Array)) {
      this.corruptNext = false;
      const bytes = Buffer.from(request.body);
      bytes[0] = (bytes[0] ?? 0) ^ 0xff;
      request.body = bytes;
    }
    const checksum = request.headers['x-amz-checksum-crc32'];
    if (checksum !== undefined && (typeof request.body === 'string' || request.body instanceof Uint8Array)) {
      const actual = Buffer.alloc(4);
      actual.writeUInt32BE(crc32(Buffer.from(request.body)));
      if (actual.toString('base64') !== checksum) return errorResponse(400, 'BadDigest');
    }
    if (request.headers['if-none-match'] !== '*') return inner.handle(request, options);

    const [, bucket = '', ...segments] = request.path.split('/');
    const key = segments.map(decodeURIComponent).join('/');
    const previous = this.keyLocks.get(`${bucket}/${key}`) ?? Promise.resolve();
    const turn = previous.then(async () => {
      if (await this.exists(bucket, key)) return errorResponse(412, 'PreconditionFailed');
      return inner.handle(request, options);
    });
    this.keyLocks.set(
      `${bucket}/${key}`,
      turn.catch(() => undefined),
    );
    return turn;
  }

  private async exists(bucket: string, key: string): Promise<boolean> {
    try {
      await this.aws.s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      if (error instanceof Error && error.name === 'NotFound') return false;
      throw error;
    }
  }
}

const errorResponse = (statusCode: number, code: string): Promise<WireResponse> => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code} from the test double</Message></Error>`;
  return Promise.resolve({
    response: {
      statusCode,
      headers: { 'content-type': 'application/xml' },
      body: Readable.from([Buffer.from(xml)]),
    },
  });
};
