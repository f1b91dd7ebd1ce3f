import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedQueue } from '../../../pipeline/adapters/embedded-queue.ts';
import { FolderBlobStore } from '../../../pipeline/adapters/folder-blob-store.ts';
import { Admission } from '../../../pipeline/admission/admission.ts';
import { objectCreatedNotification } from '../../../pipeline/aws-local/bucket-notifications.ts';
import type { IntakeMessage } from '../../../pipeline/messages.ts';
import { createS3DropRecordHandler, type S3DropDeps } from '../../../pipeline/sources/s3-drop.ts';
import { type DropBucket, s3DropBucket } from '../../../pipeline/sources/s3-drop-bucket.ts';
import { DEFAULT_DROP_PREFIXES } from '../../../pipeline/sources/s3-drop-keys.ts';
import { parseIntake } from '../../../pipeline/stages/ingest.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';
import { type AwsEmulator, startAwsEmulator } from '../../support/aws-emulator.ts';
import { sampleGif, samplePdf, samplePng } from '../../unit/pipeline/sources-sample-files.ts';

/** Small enough that a test can drop a file over it without moving megabytes. */
const MAX_BYTES = 64 * 1024;

/** The `s3:TestEvent` S3 sends the queue once when a notification is configured. */
const testEventBody = (bucket: string): string =>
  JSON.stringify({
    Service: 'Amazon S3',
    Event: 's3:TestEvent',
    Time: new Date().toISOString(),
    Bucket: bucket,
    RequestId: 'TEST',
    HostId: 'TEST',
  });

describe('S3 drop source on fauxqs S3', () => {
  let emulator: AwsEmulator;
  let client: S3Client;
  let bucketName: string;
  let root: string;
  let db: DatabaseSync;
  let intake: SqliteQueue;
  let deps: S3DropDeps;

  beforeAll(async () => {
    emulator = await startAwsEmulator();
    client = emulator.s3;
  });
  afterAll(async () => {
    await emulator.stop();
  });

  beforeEach(async () => {
    bucketName = await emulator.createFreshBucket('drop');
    root = await mkdtemp(join(tmpdir(), 'stevedore-s3-drop-'));
    db = openDatabase(join(root, 'worker.db'));
    intake = new SqliteQueue(db, { name: 'intake' });
    const admission = new Admission({
      blobs: new FolderBlobStore(join(root, 'blobs')),
      queue: new EmbeddedQueue(intake),
      policy: { maxBytes: MAX_BYTES },
    });
    deps = {
      bucket: s3DropBucket(client, bucketName),
      admission,
      logger: silentLogger,
      clock: new ManualClock(),
      prefixes: DEFAULT_DROP_PREFIXES,
    };
  });
  afterEach(async () => {
    db.close();
    await rm(root, { recursive: true, force: true });
  });

  const keys = async (): Promise<string[]> => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucketName }));
    return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
  };
  const read = async (key: string): Promise<Buffer> => {
    const object = await client.send(new GetObjectCommand({ Bucket: bucketName, Key: key }));
    return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
  };
  const messages = async (): Promise<IntakeMessage[]> =>
    (await intake.receive({ maxMessages: 10 })).map((message) => parseIntake(message.body));
  /** Puts an object; resolves with what S3 would report of it in an event: the bare eTag and the size. */
  const put = async (key: string, body: Uint8Array | string): Promise<{ eTag: string; size: number }> => {
    await client.send(new PutObjectCommand({ Bucket: bucketName, Key: key, Body: body }));
    const head = await client.send(new HeadObjectCommand({ Bucket: bucketName, Key: key }));
    return { eTag: (head.ETag ?? '').replaceAll('"', ''), size: head.ContentLength ?? 0 };
  };
  let sequence = 0;
  /** Puts an object and returns the `ObjectCreated:Put` notification S3 would have queued for it. */
  const drop = async (key: string, body: Uint8Array | string): Promise<string> => {
    sequence += 1;
    const sequencer = sequence.toString(16).toUpperCase().padStart(18, '0');
    return objectCreatedNotification(bucketName, { key, sequencer, ...(await put(key, body)) }, new Date());
  };

  it('stages a dropped PDF, sends one intake message, then archives it and empties the inbox', async () => {
    const pdf = samplePdf('s3-one');
    await createS3DropRecordHandler(deps)(await drop('inbox/invoices/march.pdf', pdf));

    const [message, ...rest] = await messages();
    expect(rest).toEqual([]);
    expect(message?.origin).toMatchObject({
      source: 's3',
      fileName: 'march.pdf',
      location: `s3://${bucketName}/archive/invoices/march.pdf`,
    });
    expect(message?.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    expect(message?.contentType).toBe('application/pdf');
    const staged = await readFile(join(root, 'blobs', message?.blobKey ?? ''));
    expect(staged.equals(pdf)).toBe(true);
    expect(await keys()).toEqual(['archive/invoices/march.pdf']);
    expect((await read('archive/invoices/march.pdf')).equals(pdf)).toBe(true);
  });

  it('makes one document of the same notification delivered twice: the second finds the object gone', async () => {
    const handle = createS3DropRecordHandler(deps);
    const body = await drop('inbox/twice.pdf', samplePdf('twice'));
    await handle(body);
    await handle(body);
    expect(await messages()).toHaveLength(1);
    expect(await keys()).toEqual(['archive/twice.pdf']);
  });

  it('after a crash between the send and the archive, the redelivery stages the same origin again', async () => {
    let copies = 0;
    const real = deps.bucket;
    const flaky: DropBucket = {
      ...real,
      copy: async (object, toKey) => {
        copies += 1;
        if (copies === 1) throw new Error('the function was killed before the archive copy');
        return real.copy(object, toKey);
      },
    };
    const body = await drop('inbox/crash.pdf', samplePdf('crash'));
    await expect(createS3DropRecordHandler({ ...deps, bucket: flaky })(body)).rejects.toThrow(AppError);
    // The message was sent before the copy failed, and the object is still in the inbox for the redelivery.
    expect(await keys()).toEqual(['inbox/crash.pdf']);

    await createS3DropRecordHandler({ ...deps, bucket: flaky })(body);
    const sent = await messages();
    expect(sent).toHaveLength(2);
    // Same origin, same content, same staged blob: ingest finds the sha256 known and makes no second document.
    const [first, second] = sent;
    expect(second?.origin.originId).toBe(first?.origin.originId);
    expect(second?.sha256).toBe(first?.sha256);
    expect(second?.blobKey).toBe(first?.blobKey);
    expect(await keys()).toEqual(['archive/crash.pdf']);
  });

  it('sets aside placeholders, empty, unsupported and too large objects with a reason object each', async () => {
    const handle = createS3DropRecordHandler(deps);
    await handle(await drop('inbox/scans/', ''));
    await handle(await drop('inbox/empty.pdf', ''));
    await handle(await drop('inbox/scans/cat.gif', sampleGif()));
    await handle(await drop('inbox/huge.png', Buffer.concat([samplePng(), Buffer.alloc(MAX_BYTES)])));

    expect(await messages()).toEqual([]);
    expect(await keys()).toEqual([
      'rejected/empty.pdf',
      'rejected/empty.pdf.reason.json',
      'rejected/huge.png',
      'rejected/huge.png.reason.json',
      'rejected/scans.reason.json',
      'rejected/scans/',
      'rejected/scans/cat.gif',
      'rejected/scans/cat.gif.reason.json',
    ]);
    const reason = async (key: string) => JSON.parse((await read(key)).toString('utf8'));
    expect(await reason('rejected/scans.reason.json')).toMatchObject({ reason: 'folder_placeholder' });
    expect(await reason('rejected/empty.pdf.reason.json')).toMatchObject({ reason: 'empty', sizeBytes: 0 });
    expect(await reason('rejected/huge.png.reason.json')).toMatchObject({ reason: 'too_large' });
    expect(await reason('rejected/scans/cat.gif.reason.json')).toEqual({
      file: 'cat.gif',
      droppedAs: `s3://${bucketName}/inbox/scans/cat.gif`,
      movedTo: `s3://${bucketName}/rejected/scans/cat.gif`,
      reason: 'unsupported_type',
      detail: expect.stringContaining('image/gif'),
      sizeBytes: sampleGif().byteLength,
      eTag: expect.stringMatching(/^[0-9a-f]{32}$/),
      versionId: null,
      rejectedAt: '2026-01-01T00:00:00.000Z',
    });
    expect((await read('rejected/scans/cat.gif')).equals(sampleGif())).toBe(true);
  });

  it('decodes URL-encoded keys: spaces, pluses, percents and unicode reach the archive as dropped', async () => {
    const key = 'inbox/été 2026/B+L 100% 港口.pdf';
    const body = await drop(key, samplePdf('encoded'));
    expect(body).toContain('inbox/%C3%A9t%C3%A9+2026/B%2BL+100%25+%E6%B8%AF%E5%8F%A3.pdf');
    await createS3DropRecordHandler(deps)(body);
    const [message] = await messages();
    expect(message?.origin.fileName).toBe('B+L 100% 港口.pdf');
    expect(await keys()).toEqual(['archive/été 2026/B+L 100% 港口.pdf']);
  });

  it('acknowledges a test event and touches nothing', async () => {
    await put('inbox/waiting.pdf', samplePdf('waiting'));
    await createS3DropRecordHandler(deps)(testEventBody(bucketName));
    expect(await messages()).toEqual([]);
    expect(await keys()).toEqual(['inbox/waiting.pdf']);
  });

  it('skips keys outside the inbox, which a too wide notification filter sends, and leaves them there', async () => {
    await createS3DropRecordHandler(deps)(await drop('archive/old.pdf', samplePdf('old')));
    await createS3DropRecordHandler(deps)(await drop('notes.pdf', samplePdf('notes')));
    expect(await messages()).toEqual([]);
    expect(await keys()).toEqual(['archive/old.pdf', 'notes.pdf']);
  });

  it('acknowledges a notification of an object replaced since, and leaves the newer one for its own', async () => {
    const older = await drop('inbox/replaced.pdf', samplePdf('older'));
    const newer = await drop('inbox/replaced.pdf', samplePdf('newer, longer'));
    await createS3DropRecordHandler(deps)(older);
    expect(await messages()).toEqual([]);
    expect(await keys()).toEqual(['inbox/replaced.pdf']);
    await createS3DropRecordHandler(deps)(newer);
    expect((await messages()).map((message) => message.origin.fileName)).toEqual(['replaced.pdf']);
  });

  it('fails a body that is not an S3 notification, without retrying it forever', async () => {
    const failure = await createS3DropRecordHandler(deps)('{"hello":1}').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'validation_failed', retryable: false });
  });
});
