import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directUploadResponse } from '../../../src/contract/direct-upload.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { ORPHAN_FILE_GRACE_MS } from '../../../src/service/uploads/blob-sweep.ts';
import { RELEASED_BLOB_GRACE_MS } from '../../../src/service/uploads/unattached-blobs.ts';
import { type Harness, md5Base64, postDocument, startService, submit, upload } from './service-harness.ts';

/**
 * Abuse probe round 5, storage: uploads announced and never PUT, PUT and never attached, deleted documents'
 * files and files no row points at used to stay in the data dir for ever. Each account now holds a bounded
 * number and size of unattached uploads, and a sweep removes expired ones and orphaned files, never a file a
 * live document or an upload in flight needs.
 */

const HOUR = 3_600_000;
const TTL_HOURS = 2;
const clock = new ManualClock(Date.now());
let h: Harness;
let other: { apiKey: string };

const pdf = (label: string): Uint8Array =>
  Buffer.from(`%PDF-1.4\n% ${label} ${randomBytes(8).toString('hex')}\n`);
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const storedPath = (digest: string): string => join(h.dataDir, 'blobs', digest.slice(0, 2), digest);
const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

const announce = (byteSize: number, key = h.apiKey): Promise<Response> =>
  h.api('/v2/rails/active_storage/direct_uploads', {
    method: 'POST',
    key,
    json: {
      blob: {
        filename: 'a.pdf',
        content_type: 'application/pdf',
        byte_size: byteSize,
        checksum: md5Base64(Buffer.alloc(byteSize)),
      },
    },
  });

/** A file in the content store that no row points at, last changed `ageMs` ago (in the service's time). */
async function strayFile(bytes: Uint8Array, ageMs: number): Promise<string> {
  const digest = sha256(bytes);
  await mkdir(join(h.dataDir, 'blobs', digest.slice(0, 2)), { recursive: true });
  await writeFile(storedPath(digest), bytes);
  const when = new Date(clock.now() - ageMs);
  await utimes(storedPath(digest), when, when);
  return digest;
}

/** Removes every unattached upload of the harness's accounts: each test starts with an empty quota. */
async function expireEverything(): Promise<void> {
  clock.advance(TTL_HOURS * HOUR + RELEASED_BLOB_GRACE_MS + 1);
  await h.service.blobSweep.sweep();
}

beforeAll(async () => {
  h = await startService({
    clock,
    startProcessing: false,
    // The clock moves by hours here: the sandbox carrier's one-second beat would run thousands of times.
    trackingPlayIntervalMs: HOUR,
    config: {
      unattachedUploadsPerAccount: 3,
      unattachedUploadBytesPerAccount: 10_000,
      unattachedUploadTtlHours: TTL_HOURS,
      rateLimitPerMinute: 100_000,
    },
  });
  other = await h.service.createAccount('other');
});

afterAll(async () => {
  await h.close();
});

describe('unattached uploads per account', () => {
  it('refuses a fourth unattached upload with 429 too_many_unattached_uploads and Retry-After until the oldest expires', async () => {
    await expireEverything();
    for (let i = 0; i < 3; i += 1) expect((await announce(10)).status).toBe(200);
    const refused = await announce(10);
    expect(refused.status).toBe(429);
    // The oldest expires in two hours; the wait is capped at an hour.
    expect(refused.headers.get('retry-after')).toBe('3600');
    const body = (await refused.json()) as { errors: Record<string, unknown>[] };
    expect(body.errors[0]).toMatchObject({
      status: '429',
      title: 'Too Many Requests',
      code: 'too_many_unattached_uploads',
    });
    expect(String(body.errors[0]?.detail)).toContain('(3)');
    // Another account is not held by this one's uploads.
    expect((await announce(10, other.apiKey)).status).toBe(200);
    // Once they expire, the account may announce again.
    await expireEverything();
    expect((await announce(10)).status).toBe(200);
  });

  it('frees a place when an upload is attached to a document', async () => {
    await expireEverything();
    const signedIds = [
      await upload(h, pdf('one')),
      await upload(h, pdf('two')),
      await upload(h, pdf('three')),
    ];
    expect((await announce(10)).status).toBe(429);
    expect((await postDocument(h, 'one.pdf', signedIds[0] ?? '')).status).toBe(201);
    expect((await announce(10)).status).toBe(200);
  });

  it('refuses an announcement whose bytes would pass the byte limit, on /blob/byte_size', async () => {
    await expireEverything();
    expect((await announce(6_000)).status).toBe(200);
    const refused = await announce(5_000);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { errors: Record<string, unknown>[] };
    expect(body.errors[0]).toMatchObject({
      code: 'too_many_unattached_uploads',
      source: { pointer: '/blob/byte_size' },
    });
    expect((await announce(4_000)).status).toBe(200);
  });
});

describe('the content store sweep', () => {
  it('removes uploads never attached once they expire, and their files; a document keeps its file', async () => {
    await expireEverything();
    const loose = pdf('loose');
    const looseId = await upload(h, loose);
    const kept = pdf('kept');
    const document = await submit(h, kept, { name: 'kept.pdf' });
    // Announced and never PUT: a row without a file.
    const announced = directUploadResponse.parse(await (await announce(10)).json());

    clock.advance(TTL_HOURS * HOUR - 1);
    expect(await h.service.blobSweep.sweep()).toEqual({ blobs: 0, files: 0 });
    expect(await exists(storedPath(sha256(loose)))).toBe(true);

    clock.advance(2);
    expect(await h.service.blobSweep.sweep()).toEqual({ blobs: 2, files: 1 });
    expect(await exists(storedPath(sha256(loose)))).toBe(false);
    expect(await exists(storedPath(sha256(kept)))).toBe(true);
    // The expired signed ids are refused, the document is whole.
    expect((await postDocument(h, 'late.pdf', looseId)).status).toBe(422);
    expect((await postDocument(h, 'late.pdf', announced.signed_id)).status).toBe(422);
    const link = await h.api(`/v2/documents/${document.id}/download_url`);
    expect(link.status).toBe(200);
    const { download_url: url } = (await link.json()) as { download_url: string };
    expect(Buffer.from(await (await fetch(url)).arrayBuffer())).toEqual(Buffer.from(kept));
  });

  it("removes a deleted document's file an hour after its deletion", async () => {
    await expireEverything();
    const bytes = pdf('deleted');
    const document = await submit(h, bytes, { name: 'deleted.pdf' });
    clock.advance(TTL_HOURS * HOUR * 3);
    expect((await h.api(`/v2/documents/${document.id}`, { method: 'DELETE' })).status).toBe(204);
    clock.advance(RELEASED_BLOB_GRACE_MS - 1);
    await h.service.blobSweep.sweep();
    expect(await exists(storedPath(sha256(bytes)))).toBe(true);
    clock.advance(2);
    expect(await h.service.blobSweep.sweep()).toEqual({ blobs: 1, files: 1 });
    expect(await exists(storedPath(sha256(bytes)))).toBe(false);
  });

  it('removes stored files no row points at once they are older than the grace, never younger ones', async () => {
    const old = await strayFile(pdf('stray old'), ORPHAN_FILE_GRACE_MS + 1000);
    const young = await strayFile(pdf('stray young'), ORPHAN_FILE_GRACE_MS - 60_000);
    const result = await h.service.blobSweep.sweep();
    expect(result.files).toBe(1);
    expect(await exists(storedPath(old))).toBe(false);
    expect(await exists(storedPath(young))).toBe(true);
  });

  it('never removes the file of a document created while the sweep runs, even with the bytes of an old orphan', async () => {
    // Orphans with the very bytes the uploads below send: the sweep is about to remove each when the
    // upload keeps it again and the document points at it.
    const contents = Array.from({ length: 40 }, (_, i) => pdf(`race ${i}`));
    for (const bytes of contents) await strayFile(bytes, ORPHAN_FILE_GRACE_MS * 2);
    for (let i = 0; i < 40; i += 1) await strayFile(pdf(`filler ${i}`), ORPHAN_FILE_GRACE_MS * 2);
    const sweeping = h.service.blobSweep.sweep();
    const created = [];
    // Three at a time: the account's quota of unattached uploads is three.
    for (let i = 0; i < contents.length; i += 3) {
      const group = contents.slice(i, i + 3);
      created.push(
        ...(await Promise.all(
          group.map((bytes, j) => submit(h, bytes, { name: `race-${i + j}.pdf`, key: other.apiKey })),
        )),
      );
    }
    await sweeping;
    // A second pass (the next interval) removes nothing a document needs either.
    await h.service.blobSweep.sweep();
    expect(created).toHaveLength(40);
    for (const bytes of contents) expect(await exists(storedPath(sha256(bytes)))).toBe(true);
  });
});
