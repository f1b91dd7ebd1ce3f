import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { isPreconditionFailed, isS3NotFound, S3Error, s3Call } from '../adapters/aws-errors.ts';

/** Which stored object a call means: the one the notification named, not whatever holds the key now. */
export interface ObjectVersion {
  readonly key: string;
  /** As S3 reports it in events, without quotes. */
  readonly eTag: string;
  readonly versionId?: string;
}

export interface FetchedObject {
  readonly body: Readable;
  readonly contentLength: number;
}

/**
 * The calls the drop source makes on its bucket: a narrow port, so tests can put a fault in front of one
 * call. `get` answers `gone` when the key no longer holds that version (taken by an earlier delivery, or
 * replaced since: the newer object has its own notification).
 */
export interface DropBucket {
  readonly name: string;
  get(object: ObjectVersion): Promise<FetchedObject | 'gone'>;
  /** `gone` when the key no longer holds that version, as for `get`. */
  copy(object: ObjectVersion, toKey: string): Promise<'copied' | 'gone'>;
  /** Deletes that version; a key already empty or holding a newer object is left as it is. */
  delete(object: ObjectVersion): Promise<void>;
  putJson(key: string, value: unknown): Promise<void>;
}

/** S3 compares `If-Match` with the quoted ETag of the HTTP header; events carry it bare. */
const quoted = (eTag: string): string => (eTag.startsWith('"') ? eTag : `"${eTag}"`);

/** 404: no such key or version; 412: the key now holds another object than the one pinned. */
const isGone = (error: unknown): boolean => isS3NotFound(error) || isPreconditionFailed(error);

/** Encodes a key for `x-amz-copy-source`, which S3 reads URL-encoded; the slashes stay. */
const copySource = (bucket: string, object: ObjectVersion): string => {
  const path = `${bucket}/${object.key.split('/').map(encodeURIComponent).join('/')}`;
  return object.versionId === undefined ? path : `${path}?versionId=${encodeURIComponent(object.versionId)}`;
};

/** The port over the AWS SDK client, which the caller builds (region, credentials, endpoint). */
export function s3DropBucket(client: S3Client, bucket: string): DropBucket {
  const pinned = (object: ObjectVersion) =>
    object.versionId === undefined ? { IfMatch: quoted(object.eTag) } : { VersionId: object.versionId };
  return {
    name: bucket,
    async get(object) {
      try {
        const response = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: object.key, ...pinned(object) }),
        );
        const body = response.Body;
        // In Node the SDK's body is an http.IncomingMessage (or its checksum stream over one): a Readable.
        if (!(body instanceof Readable) || response.ContentLength === undefined) {
          if (body instanceof Readable) body.destroy();
          throw new Error('GetObject answered without a readable body or a length');
        }
        return { body, contentLength: response.ContentLength };
      } catch (error) {
        if (isGone(error)) return 'gone';
        throw new S3Error('GetObject', { bucket, key: object.key }, error);
      }
    },
    async copy(object, toKey) {
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key: toKey,
            CopySource: copySource(bucket, object),
            CopySourceIfMatch: quoted(object.eTag),
          }),
        );
        return 'copied';
      } catch (error) {
        if (isGone(error)) return 'gone';
        throw new S3Error('CopyObject', { bucket, key: object.key }, error);
      }
    },
    async delete(object) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: object.key, ...pinned(object) }));
      } catch (error) {
        if (isGone(error)) return;
        throw new S3Error('DeleteObject', { bucket, key: object.key }, error);
      }
    },
    async putJson(key, value) {
      await s3Call('PutObject', { bucket, key }, () =>
        client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: `${JSON.stringify(value, null, 2)}\n`,
            ContentType: 'application/json',
          }),
        ),
      );
    },
  };
}
