import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { Admission, type AdmissionQueue } from '../../../pipeline/admission/admission.ts';
import { type IntakeMessage, parseMessage } from '../../../pipeline/messages.ts';
import { handleS3Notification, type S3DropDeps } from '../../../pipeline/sources/s3-drop.ts';
import type { DropBucket, ObjectVersion } from '../../../pipeline/sources/s3-drop-bucket.ts';
import { DEFAULT_DROP_PREFIXES } from '../../../pipeline/sources/s3-drop-keys.ts';
import { handleIntake } from '../../../pipeline/stages/ingest.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { MemoryLedger } from '../pipeline/events-fakes.ts';
import { FakeServiceClient, MemoryBlobStore } from '../pipeline/ingest-fakes.ts';
import { samplePdf } from '../pipeline/sources-sample-files.ts';

const BUCKET = 'drop-bucket';

/** The drop bucket in memory, with S3's pinning: a call on a version the key no longer holds is `gone`. */
class MemoryDropBucket implements DropBucket {
  readonly name = BUCKET;
  readonly objects = new Map<string, { bytes: Buffer; eTag: string }>();
  failCopies = 0;

  drop(key: string, bytes: Buffer): { key: string; eTag: string; size: number } {
    const eTag = createHash('md5').update(bytes).digest('hex');
    this.objects.set(key, { bytes, eTag });
    return { key, eTag, size: bytes.byteLength };
  }
  private held(object: ObjectVersion) {
    const stored = this.objects.get(object.key);
    return stored?.eTag === object.eTag ? stored : undefined;
  }
  async get(object: ObjectVersion) {
    const stored = this.held(object);
    if (stored === undefined) return 'gone' as const;
    return { body: Readable.from([stored.bytes]), contentLength: stored.bytes.byteLength };
  }
  async copy(object: ObjectVersion, toKey: string) {
    if (this.failCopies > 0) {
      this.failCopies -= 1;
      throw new Error('killed before the copy');
    }
    const stored = this.held(object);
    if (stored === undefined) return 'gone' as const;
    this.objects.set(toKey, stored);
    return 'copied' as const;
  }
  async delete(object: ObjectVersion) {
    if (this.held(object) !== undefined) this.objects.delete(object.key);
  }
  async putJson(key: string, value: unknown) {
    this.drop(key, Buffer.from(JSON.stringify(value)));
  }
}

class MemoryQueue implements AdmissionQueue {
  readonly sent: IntakeMessage[] = [];
  down = false;
  async send(body: string): Promise<string> {
    if (this.down) throw new Error('queue unreachable');
    const message = parseMessage(body);
    if (message.kind !== 'intake') throw new Error(`unexpected ${message.kind}`);
    this.sent.push(message);
    return `m-${this.sent.length}`;
  }
}

const notification = (
  records: Array<{ key: string; eTag?: string; size?: number; eventName?: string; bucket?: string }>,
) =>
  JSON.stringify({
    Records: records.map((record, index) => ({
      eventName: record.eventName ?? 'ObjectCreated:Put',
      s3: {
        bucket: { name: record.bucket ?? BUCKET },
        object: {
          key: record.key.replaceAll(' ', '+'),
          ...(record.eTag === undefined ? {} : { eTag: record.eTag }),
          ...(record.size === undefined ? {} : { size: record.size }),
          sequencer: `00${index}`,
        },
      },
    })),
  });

describe('handleS3Notification', () => {
  let bucket: MemoryDropBucket;
  let queue: MemoryQueue;
  let blobs: MemoryBlobStore;
  let deps: S3DropDeps;

  beforeEach(() => {
    bucket = new MemoryDropBucket();
    queue = new MemoryQueue();
    blobs = new MemoryBlobStore();
    deps = {
      bucket,
      admission: new Admission({ blobs, queue, policy: { maxBytes: 1_000_000 } }),
      logger: silentLogger,
      clock: new ManualClock(),
      prefixes: DEFAULT_DROP_PREFIXES,
    };
  });

  it('a crash between the send and the archive yields two messages of one origin, and ingest makes one document', async () => {
    const body = notification([bucket.drop('inbox/bl 7.pdf', samplePdf('bl-7'))]);
    bucket.failCopies = 1;
    await expect(handleS3Notification(body, deps)).rejects.toMatchObject({ retryable: true });
    expect([...bucket.objects.keys()]).toEqual(['inbox/bl 7.pdf']);
    await handleS3Notification(body, deps);
    expect([...bucket.objects.keys()]).toEqual(['archive/bl 7.pdf']);

    const client = new FakeServiceClient();
    const ingestDeps = {
      client,
      ledger: new MemoryLedger(),
      blobs,
      logger: silentLogger,
      clock: new ManualClock(),
    };
    const results = [];
    for (const message of queue.sent) results.push((await handleIntake(message, ingestDeps)).result);
    expect(results).toEqual(['created', 'known']);
    expect(client.documents.size).toBe(1);
  });

  it('leaves the object in the inbox and fails the record as retryable when the queue is down', async () => {
    const body = notification([bucket.drop('inbox/a.pdf', samplePdf('a'))]);
    queue.down = true;
    const failure = await handleS3Notification(body, deps).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 's3_notification_failed', retryable: true });
    expect([...bucket.objects.keys()]).toEqual(['inbox/a.pdf']);
  });

  it('takes every record of a body even when one fails, then fails the body', async () => {
    const good = bucket.drop('inbox/good.pdf', samplePdf('good'));
    const body = notification([{ key: 'inbox/no-etag.pdf', size: 3 }, good]);
    const failure = await handleS3Notification(body, deps).catch((error: unknown) => error);
    // A created record without an eTag can never succeed: the body goes to the dead-letter queue.
    expect(failure).toMatchObject({ code: 's3_notification_failed', retryable: false });
    expect(queue.sent.map((message) => message.origin.fileName)).toEqual(['good.pdf']);
    expect([...bucket.objects.keys()]).toEqual(['archive/good.pdf']);
  });

  it('skips removals, other buckets and the inbox placeholder, and says why', async () => {
    const object = bucket.drop('inbox/kept.pdf', samplePdf('kept'));
    const inbox = bucket.drop('inbox/', Buffer.alloc(0));
    const outcomes = await handleS3Notification(
      notification([
        { ...object, eventName: 'ObjectRemoved:Delete' },
        { ...object, bucket: 'someone-else' },
        inbox,
      ]),
      deps,
    );
    expect(outcomes).toEqual([
      { kind: 'skipped', reason: 'not_created' },
      { kind: 'skipped', reason: 'other_bucket' },
      { kind: 'skipped', reason: 'inbox_placeholder' },
    ]);
    expect(queue.sent).toEqual([]);
    expect([...bucket.objects.keys()].sort()).toEqual(['inbox/', 'inbox/kept.pdf']);
  });

  it('answers gone for a rejected object notified again, writing no second reason', async () => {
    const body = notification([bucket.drop('inbox/empty.pdf', Buffer.alloc(0))]);
    expect(await handleS3Notification(body, deps)).toEqual([
      { kind: 'rejected', reason: 'empty', movedTo: 'rejected/empty.pdf' },
    ]);
    expect(await handleS3Notification(body, deps)).toEqual([{ kind: 'gone' }]);
    expect([...bucket.objects.keys()].sort()).toEqual([
      'rejected/empty.pdf',
      'rejected/empty.pdf.reason.json',
    ]);
  });
});
