import { type _Object, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { Logger } from '../../src/observability/logger.ts';
import { LOCAL_REGION } from './local-stack.ts';

/**
 * fauxqs sends no bucket notifications, so the local run makes them: it lists the inbox prefix on a
 * short interval and sends the drop queue the `ObjectCreated:Put` record S3 would have sent, once per
 * object version (key, ETag and modification time). Short enough that a drop feels immediate.
 */
export const DEFAULT_NOTIFY_INTERVAL_MS = 250;
/** S3's largest page of a listing: a full inbox costs the fewest calls. */
const LIST_PAGE_SIZE = 1000;

/** Form encoding as S3 writes keys in events: `%20` becomes `+`, and a real `+` is `%2B`. */
export const encodeEventKey = (key: string): string =>
  key
    .split('/')
    .map((segment) => encodeURIComponent(segment).replaceAll('%20', '+'))
    .join('/');

export interface CreatedObject {
  readonly key: string;
  /** Bare, as events carry it (S3's headers quote it). */
  readonly eTag: string;
  readonly size: number;
  readonly sequencer: string;
}

/** The SQS body of one `ObjectCreated:Put` notification, as S3 (event version 2.1) sends it. */
export const objectCreatedNotification = (bucket: string, object: CreatedObject, now: Date): string =>
  JSON.stringify({
    Records: [
      {
        eventVersion: '2.1',
        eventSource: 'aws:s3',
        awsRegion: LOCAL_REGION,
        eventTime: now.toISOString(),
        eventName: 'ObjectCreated:Put',
        userIdentity: { principalId: 'AWS:LOCAL' },
        requestParameters: { sourceIPAddress: '127.0.0.1' },
        responseElements: { 'x-amz-request-id': 'LOCAL', 'x-amz-id-2': 'LOCAL' },
        s3: {
          s3SchemaVersion: '1.0',
          configurationId: 'stevedore-drop',
          bucket: { name: bucket, ownerIdentity: { principalId: 'LOCAL' }, arn: `arn:aws:s3:::${bucket}` },
          object: {
            key: encodeEventKey(object.key),
            size: object.size,
            eTag: object.eTag,
            sequencer: object.sequencer,
          },
        },
      },
    ],
  });

export interface BucketNotificationsOptions {
  readonly s3: S3Client;
  readonly sqs: SQSClient;
  readonly bucket: string;
  /** `inbox/`: the notification's prefix filter. */
  readonly prefix: string;
  readonly queueUrl: string;
  readonly logger: Logger;
  readonly intervalMs?: number;
}

export interface BucketNotifications {
  /** One listing now; resolves with the notifications it sent. */
  scan(): Promise<number>;
  stop(): Promise<void>;
}

const versionOf = (object: _Object): string =>
  `${object.Key}\u0000${object.ETag}\u0000${object.LastModified?.getTime() ?? 0}`;

/** Sends the drop queue one notification per new object version under `prefix`, until stopped. */
export function startBucketNotifications(options: BucketNotificationsOptions): BucketNotifications {
  const { s3, sqs, bucket, prefix, queueUrl, logger } = options;
  const intervalMs = options.intervalMs ?? DEFAULT_NOTIFY_INTERVAL_MS;
  /** Versions notified and still listed; a version that left the inbox is forgotten, so a new put is new. */
  let notified = new Set<string>();
  let sequence = 0;
  let stopped = false;

  const listAll = async (): Promise<_Object[]> => {
    const objects: _Object[] = [];
    let token: string | undefined;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: prefix,
          MaxKeys: LIST_PAGE_SIZE,
          ContinuationToken: token,
        }),
      );
      objects.push(...(page.Contents ?? []));
      token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
    return objects;
  };

  const scan = async (): Promise<number> => {
    const listed = await listAll();
    const current = new Set<string>();
    let sent = 0;
    for (const object of listed) {
      const version = versionOf(object);
      current.add(version);
      if (notified.has(version) || object.Key === undefined) continue;
      sequence += 1;
      const body = objectCreatedNotification(
        bucket,
        {
          key: object.Key,
          eTag: (object.ETag ?? '').replaceAll('"', ''),
          size: object.Size ?? 0,
          // S3's sequencer: a hex string that grows with each event on a key; comparable when padded.
          sequencer: sequence.toString(16).toUpperCase().padStart(18, '0'),
        },
        new Date(),
      );
      await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }));
      // Marked only once sent: a failed send is tried again at the next listing.
      notified.add(version);
      sent += 1;
    }
    notified = new Set([...notified].filter((version) => current.has(version)));
    return sent;
  };

  let running: Promise<void> = Promise.resolve();
  const tick = (): void => {
    if (stopped) return;
    running = scan()
      .then(() => undefined)
      .catch((error: unknown) => logger.warn({ err: error, bucket, prefix }, 'listing the inbox failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  let timer: NodeJS.Timeout = setTimeout(tick, 0);

  return {
    scan,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
