import { z } from 'zod';
import { ValidationError } from '../../src/domain/errors.ts';

/**
 * The body S3 puts on an SQS queue for a bucket notification (the "event message structure", version 2.x),
 * and the `s3:TestEvent` S3 sends once when the notification is configured. Only the fields the drop source
 * reads are required; S3 adds fields over time, so unknown ones are let through.
 */

/** One S3 event record; `key` is still URL-encoded as S3 sends it (`+` for a space). */
export const s3EventRecord = z.object({
  eventSource: z.literal('aws:s3').optional(),
  eventName: z.string().min(1),
  eventTime: z.string().optional(),
  s3: z.object({
    bucket: z.object({ name: z.string().min(1) }),
    object: z.object({
      key: z.string().min(1),
      // Absent on some event types (deletes); a created object always has them, checked by the use case.
      size: z.number().int().nonnegative().optional(),
      eTag: z.string().min(1).optional(),
      // Only on versioned buckets; "null" is the id S3 gives objects written while versioning was off.
      versionId: z.string().min(1).optional(),
      sequencer: z.string().min(1),
    }),
  }),
});
export type S3EventRecord = z.infer<typeof s3EventRecord>;

export const s3EventNotification = z.object({ Records: z.array(s3EventRecord) });

/** What S3 sends to check that it may write to the queue; it names no object. */
export const s3TestEvent = z.object({
  Event: z.literal('s3:TestEvent'),
  Service: z.literal('Amazon S3').optional(),
  Bucket: z.string().optional(),
});

export type S3Notification =
  | { readonly kind: 'test'; readonly bucket: string | undefined }
  | { readonly kind: 'records'; readonly records: readonly S3EventRecord[] };

/**
 * Parses one SQS body from the bucket notification. A body that is neither a test event nor a list of
 * records is a `ValidationError`: it fails its own SQS record, which ends in the dead-letter queue.
 */
export function parseS3Notification(body: string): S3Notification {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    throw new ValidationError(
      `S3 notification is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const test = s3TestEvent.safeParse(json);
  if (test.success) return { kind: 'test', bucket: test.data.Bucket };
  const parsed = s3EventNotification.safeParse(json);
  if (!parsed.success) {
    throw new ValidationError(`invalid S3 notification: ${parsed.error.message}`, {
      issues: parsed.error.issues,
    });
  }
  return { kind: 'records', records: parsed.data.Records };
}

/**
 * The object key as stored, from the key as S3 writes it in an event: form-encoded, so `+` is a space and
 * a real plus arrives as `%2B`. `decodeURIComponent` alone would leave every space as `+`.
 */
export function decodeS3Key(encoded: string): string {
  try {
    return decodeURIComponent(encoded.replaceAll('+', ' '));
  } catch {
    throw new ValidationError(`S3 object key is not valid URL encoding: ${encoded}`, {}, { code: 'invalid' });
  }
}

/** `ObjectCreated:Put`, `:Post`, `:Copy`, `:CompleteMultipartUpload`: every way an object comes to be. */
export const isObjectCreated = (record: S3EventRecord): boolean =>
  record.eventName.startsWith('ObjectCreated:');
