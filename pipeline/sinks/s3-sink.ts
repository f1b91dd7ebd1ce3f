import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { isS3NotFound, S3Error, s3Call } from '../adapters/aws-errors.ts';
import { DEFAULT_ENCRYPTION, encryptionParams, type S3Encryption } from '../adapters/s3-objects.ts';
import type { Queue } from '../ports.ts';
import { encodeFailureMessage } from './failure-message.ts';
import { outcomeKey } from './outcome-keys.ts';
import type { ExtractionFailureRecord, ExtractionResultRecord } from './result-records.ts';
import type { OutcomeProvenance, ResultSink } from './result-sink.ts';
import { stableJson } from './stable-json.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

export interface S3SinkOptions {
  readonly client: S3Client;
  readonly bucket: string;
  /** Where each final failure is announced (`failure-message.ts`); none when left out. */
  readonly failures?: Pick<Queue, 'send'>;
  readonly encryption?: S3Encryption;
}

/**
 * Writes outcomes as `results/<document-id>.json` and `failed/<document-id>.json` in a bucket, the same
 * bytes as the folder sink (`stableJson`). A PutObject replaces an object whole, so a reader never sees
 * half a file, and writing the same record twice leaves the same object. A failure file is written before
 * its message is sent, so a message never points to a file that is not there yet.
 */
export class S3Sink implements ResultSink {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly failures: Pick<Queue, 'send'> | undefined;
  private readonly encryption: S3Encryption;

  constructor(options: S3SinkOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.failures = options.failures;
    this.encryption = options.encryption ?? DEFAULT_ENCRYPTION;
  }

  async writeResult(record: ExtractionResultRecord): Promise<void> {
    await this.write(outcomeKey('result', record.document_id), stableJson(record));
  }

  async writeFailure(record: ExtractionFailureRecord): Promise<void> {
    const key = outcomeKey('failure', record.document_id);
    await this.write(key, stableJson(record));
    await this.failures?.send(
      encodeFailureMessage({
        kind: 'document_failed',
        version: 1,
        documentId: record.document_id,
        reason: record.reason,
        detail: record.detail,
        bucket: this.bucket,
        key,
      }),
    );
  }

  async removeFailure(documentId: string): Promise<void> {
    const key = outcomeKey('failure', documentId);
    await s3Call('DeleteObject', { bucket: this.bucket, key: key }, () =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })),
    );
  }

  async updateOrigins(documentId: string, provenance: OutcomeProvenance): Promise<boolean> {
    let updated = false;
    for (const key of [outcomeKey('result', documentId), outcomeKey('failure', documentId)]) {
      const text = await this.read(key);
      if (text === undefined) continue;
      // The object is ours and was written from a record; only its origins and digest change.
      const record: Record<string, unknown> = JSON.parse(text);
      await this.write(
        key,
        stableJson({ ...record, sha256: provenance.sha256, origins: provenance.origins }),
      );
      updated = true;
    }
    return updated;
  }

  private async write(key: string, text: string): Promise<void> {
    await s3Call('PutObject', { bucket: this.bucket, key: key }, () =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: text,
          ContentType: JSON_TYPE,
          ...encryptionParams(this.encryption),
        }),
      ),
    );
  }

  private async read(key: string): Promise<string | undefined> {
    try {
      const output = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return (await output.Body?.transformToString('utf-8')) ?? '';
    } catch (error) {
      if (isS3NotFound(error)) return undefined;
      throw new S3Error('GetObject', { bucket: this.bucket, key }, error);
    }
  }
}
