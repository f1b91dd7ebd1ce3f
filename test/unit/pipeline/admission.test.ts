import { createHash, randomBytes } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  Admission,
  type AdmissionQueue,
  type LinkingBlobStore,
} from '../../../pipeline/admission/admission.ts';
import type { Origin } from '../../../pipeline/messages.ts';
import { parseIntake } from '../../../pipeline/stages/ingest.ts';
import { MemoryBlobStore } from './ingest-fakes.ts';
import { samplePdf } from './sources-sample-files.ts';

const origin = (originId: string): Origin => ({
  originId,
  source: 's3',
  fileName: 'invoice.pdf',
  location: 'drop/invoice.pdf',
  receivedAt: '2026-11-24T00:00:00.000Z',
});

/** A queue that records what it was asked, and whether as one batch or one by one. */
class RecordingQueue implements AdmissionQueue {
  readonly batches: string[][] = [];
  readonly singles: string[] = [];
  async send(body: string): Promise<string> {
    this.singles.push(body);
    return String(this.singles.length);
  }
  async sendBatch(bodies: readonly string[]): Promise<string[]> {
    this.batches.push([...bodies]);
    return bodies.map((_, i) => String(i));
  }
}

/** A stream in small chunks, as a socket delivers it, so the head spans several of them. */
const chunked = (bytes: Buffer, size = 7): Readable =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
      bytes.subarray(i * size, (i + 1) * size),
    ),
  );

const setup = (maxBytes = 1_000_000) => {
  const blobs = new MemoryBlobStore();
  const queue = new RecordingQueue();
  return { blobs, queue, admission: new Admission({ blobs, queue, policy: { maxBytes } }) };
};

/** A memory store that takes local files "by link" and logs each sync, so their order can be checked. */
class LinkingMemoryStore extends MemoryBlobStore implements LinkingBlobStore {
  readonly log: string[] = [];
  async link(key: string): Promise<'linked'> {
    this.log.push(`link ${key}`);
    return 'linked';
  }
  async putUnflushed(key: string, bytes: Uint8Array): Promise<void> {
    this.log.push(`putUnflushed ${key}`);
    await this.put(key, bytes);
  }
  async syncFiles(keys: readonly string[]): Promise<void> {
    this.log.push(`syncFiles ${keys.join(',')}`);
  }
  async syncKeys(keys: readonly string[]): Promise<void> {
    this.log.push(`syncKeys ${keys.join(',')}`);
  }
}

/** A local file's handle whose data flush is logged: the admission must leave it to the store's batch. */
const fakeHandle = (log: string[]): FileHandle =>
  ({
    datasync: async () => {
      log.push('datasync');
    },
  }) as unknown as FileHandle;

describe('Admission', () => {
  it('hashes while staging and sends the intake message of a stream from any source', async () => {
    const { blobs, queue, admission } = setup();
    const bytes = Buffer.concat([samplePdf('s3'), randomBytes(10_000)]);
    const outcome = await admission.admit({ body: chunked(bytes), origin: origin('s3-1') });

    expect(outcome.kind).toBe('staged');
    const [sent] = queue.batches.flat().map(parseIntake);
    expect(sent).toMatchObject({
      blobKey: 'staged/s3-1',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      md5Base64: createHash('md5').update(bytes).digest('base64'),
      sizeBytes: bytes.length,
      contentType: 'application/pdf',
      origin: origin('s3-1'),
    });
    expect(blobs.blobs.get('staged/s3-1')).toEqual(bytes);
  });

  it('refuses plain text by its bytes and stores nothing', async () => {
    const { blobs, queue, admission } = setup();
    const outcome = await admission.admit({
      body: chunked(Buffer.from('hello, not a pdf')),
      origin: origin('t'),
    });
    expect(outcome).toMatchObject({ kind: 'rejected', rejection: { reason: 'unsupported_type' } });
    expect(blobs.blobs.size).toBe(0);
    expect(queue.batches).toEqual([]);
  });

  it('refuses an announced size over the cap before reading a byte', async () => {
    const { admission } = setup(100);
    const body = chunked(samplePdf('big'));
    const outcome = await admission.stage({ body, sizeBytes: 101, origin: origin('big') });
    expect(outcome).toMatchObject({ kind: 'rejected', rejection: { reason: 'too_large' } });
    expect(body.destroyed).toBe(true);
  });

  it('refuses an unsized stream that runs past the cap, leaving no blob', async () => {
    const { blobs, admission } = setup(200);
    const bytes = Buffer.concat([samplePdf('long'), randomBytes(500)]);
    const outcome = await admission.stage({ body: chunked(bytes, 64), origin: origin('long') });
    expect(outcome).toMatchObject({ kind: 'rejected', rejection: { reason: 'too_large' } });
    expect(blobs.blobs.size).toBe(0);
  });

  it('refuses an empty stream', async () => {
    const { admission } = setup();
    const outcome = await admission.stage({ body: Readable.from([]), origin: origin('empty') });
    expect(outcome).toMatchObject({ kind: 'rejected', rejection: { reason: 'empty' } });
  });

  it('reports a stream shorter than announced as changed and removes what it staged', async () => {
    const { blobs, admission } = setup();
    const bytes = samplePdf('short');
    const outcome = await admission.stage({
      body: chunked(bytes),
      sizeBytes: bytes.length + 5,
      origin: origin('s'),
    });
    expect(outcome).toEqual({ kind: 'changed' });
    expect(blobs.blobs.size).toBe(0);
  });

  it('commits many staged files with one batch send, and one by one on a queue without batches', async () => {
    const { queue, admission } = setup();
    const staged = [];
    for (const id of ['a', 'b', 'c']) {
      const outcome = await admission.stage({ body: chunked(samplePdf(id)), origin: origin(id) });
      if (outcome.kind === 'staged') staged.push(outcome.message);
    }
    await admission.commit(staged);
    expect(queue.batches.map((batch) => batch.length)).toEqual([3]);

    const plain = { send: queue.send.bind(queue) };
    await new Admission({ blobs: new MemoryBlobStore(), queue: plain, policy: { maxBytes: 1_000 } }).commit(
      staged,
    );
    expect(queue.singles).toHaveLength(3);
  });

  it('flushes the bytes of a batch of linked files together at commit, before their links and the send', async () => {
    const blobs = new LinkingMemoryStore();
    const queue = new RecordingQueue();
    const admission = new Admission({ blobs, queue, policy: { maxBytes: 1_000_000 } });
    const staged = [];
    for (const id of ['a', 'b']) {
      const outcome = await admission.stage({
        body: chunked(samplePdf(id)),
        origin: origin(id),
        localFile: { path: `/mail/${id}`, handle: fakeHandle(blobs.log), ino: 1 },
      });
      if (outcome.kind === 'staged') staged.push(outcome.message);
    }
    expect(blobs.log).toEqual(['link staged/a', 'link staged/b']);
    await admission.commit(staged);
    expect(blobs.log.slice(2)).toEqual(['syncFiles staged/a,staged/b', 'syncKeys staged/a,staged/b']);
    expect(queue.batches.map((batch) => batch.length)).toEqual([2]);
    // Flushed once: a later commit of other files does not flush these again.
    await admission.commit(staged);
    expect(blobs.log.slice(4)).toEqual(['syncKeys staged/a,staged/b']);
  });

  it('writes in-memory bodies unflushed and flushes the batch together at commit, before the send', async () => {
    const blobs = new LinkingMemoryStore();
    const queue = new RecordingQueue();
    const admission = new Admission({ blobs, queue, policy: { maxBytes: 1_000_000 } });
    const staged = [];
    for (const id of ['a', 'b']) {
      const bytes = samplePdf(id);
      const outcome = await admission.stage({ body: bytes, sizeBytes: bytes.length, origin: origin(id) });
      if (outcome.kind === 'staged') staged.push(outcome.message);
    }
    expect(blobs.log).toEqual(['putUnflushed staged/a', 'putUnflushed staged/b']);
    expect(queue.batches).toEqual([]);
    await admission.commit(staged);
    expect(blobs.log.slice(2)).toEqual(['syncFiles staged/a,staged/b', 'syncKeys staged/a,staged/b']);
    expect(queue.batches.map((batch) => batch.length)).toEqual([2]);
    expect(staged[0]?.sha256).toBe(createHash('sha256').update(samplePdf('a')).digest('hex'));
  });
});
