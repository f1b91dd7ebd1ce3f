import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { NotFoundError } from '../../src/domain/errors.ts';
import type { BlobStore } from '../ports.ts';
import { isS3NotFound, S3Error, s3Call } from './aws-errors.ts';
import { blobKeySegments } from './blob-key.ts';
import { DEFAULT_ENCRYPTION, encryptionParams, normalizePrefix, type S3Encryption } from './s3-objects.ts';

/** S3's smallest part (but the last); lib-storage switches to a multipart upload above one part. */
const PART_BYTES = 5 * 1024 * 1024;
/** Parts in flight per put: 4 × 5 MiB bounds a put's memory at 20 MiB whatever the file's size. */
const PARTS_IN_FLIGHT = 4;

export interface S3BlobStoreOptions {
  readonly client: S3Client;
  readonly bucket: string;
  /** Every key lives under `<prefix>/`; none when left out. */
  readonly prefix?: string;
  readonly encryption?: S3Encryption;
}

/**
 * The BlobStore port on an S3 bucket: key `staged/<sha256>` is the object `<prefix>/staged/<sha256>`. Keys
 * are checked as portable keys (`blob-key.ts`) before any call, so no name from a user reaches S3 as a
 * path. Streams go up in 5 MiB parts (`@aws-sdk/lib-storage`), so a put is whole or absent: a body that
 * fails halfway aborts the multipart upload, and S3 publishes an object only when it completes.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly encryption: S3Encryption;

  constructor(options: S3BlobStoreOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.prefix = normalizePrefix(options.prefix);
    this.encryption = options.encryption ?? DEFAULT_ENCRYPTION;
  }

  async put(key: string, body: Readable | Uint8Array): Promise<void> {
    const objectKey = this.objectKey(key);
    const sse = encryptionParams(this.encryption);
    if (body instanceof Uint8Array) {
      await s3Call('PutObject', { bucket: this.bucket, key: objectKey }, () =>
        this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: objectKey, Body: body, ...sse })),
      );
      return;
    }
    // The body's own failure (a file that became unreadable) is the caller's to see, not an S3 error.
    let bodyError: unknown;
    body.once('error', (error) => {
      bodyError = error;
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: objectKey, Body: body, ...sse },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      if (bodyError !== undefined) throw bodyError;
      throw new S3Error('Upload', { bucket: this.bucket, key: objectKey }, error);
    }
  }

  async get(key: string): Promise<Readable> {
    const objectKey = this.objectKey(key);
    try {
      const output = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      // In Node the SDK's body is an IncomingMessage, a Readable; anything else means another runtime.
      if (!(output.Body instanceof Readable)) throw new Error('S3 GetObject returned no Node stream');
      return output.Body;
    } catch (error) {
      if (isS3NotFound(error)) throw new NotFoundError('blob', key);
      throw new S3Error('GetObject', { bucket: this.bucket, key: objectKey }, error);
    }
  }

  async exists(key: string): Promise<boolean> {
    const objectKey = this.objectKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      return true;
    } catch (error) {
      if (isS3NotFound(error)) return false;
      throw new S3Error('HeadObject', { bucket: this.bucket, key: objectKey }, error);
    }
  }

  /** Deleting a missing key succeeds, as S3 does. */
  async delete(key: string): Promise<void> {
    const objectKey = this.objectKey(key);
    await s3Call('DeleteObject', { bucket: this.bucket, key: objectKey }, () =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey })),
    );
  }

  private objectKey(key: string): string {
    blobKeySegments(key);
    return `${this.prefix}${key}`;
  }
}
