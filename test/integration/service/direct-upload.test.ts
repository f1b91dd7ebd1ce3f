import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directUploadResponse } from '../../../src/contract/direct-upload.ts';
import { errorDocument } from '../../../src/contract/json-api.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { BLOB_LINK_TTL_MS } from '../../../src/service/uploads/blob-tokens.ts';
import { type Harness, md5Base64, postDocument, startService, upload } from './service-harness.ts';

const MAX_UPLOAD_BYTES = 64 * 1024;

async function announce(
  h: Harness,
  bytes: Uint8Array,
  overrides: Record<string, unknown> = {},
  key = h.apiKey,
) {
  const response = await h.api('/v2/rails/active_storage/direct_uploads', {
    method: 'POST',
    key,
    json: {
      blob: {
        filename: 'Rechnung März "final".pdf',
        content_type: 'application/pdf',
        byte_size: bytes.byteLength,
        checksum: md5Base64(bytes),
        ...overrides,
      },
    },
  });
  return response;
}

async function keptFiles(h: Harness): Promise<string[]> {
  const root = join(h.dataDir, 'blobs');
  const shards = (await readdir(root)).filter((name) => name !== 'tmp');
  const files = await Promise.all(shards.map((shard) => readdir(join(root, shard))));
  return [...files.flat(), ...(await readdir(join(root, 'tmp')))];
}

const firstError = async (response: Response) => errorDocument.parse(await response.json()).errors[0];

describe('direct upload', () => {
  let h: Harness;
  const clock = new ManualClock(Date.now());
  beforeAll(async () => {
    h = await startService({ clock, config: { maxUploadBytes: MAX_UPLOAD_BYTES }, startProcessing: false });
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers the ActiveStorage shape with a presigned PUT target on this host', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4 announced');
    const response = await announce(h, bytes);
    expect(response.status).toBe(200);
    const blob = directUploadResponse.parse(await response.json());
    expect(blob).toMatchObject({
      filename: 'Rechnung März "final".pdf',
      content_type: 'application/pdf',
      byte_size: bytes.byteLength,
      checksum: md5Base64(bytes),
      metadata: {},
    });
    expect(blob.signed_id).toMatch(/^[A-Za-z0-9_-]+--[0-9a-f]{64}$/);
    expect(blob.direct_upload.url.startsWith(`${h.origin}/rails/active_storage/disk/`)).toBe(true);
    expect(blob.direct_upload.headers).toEqual({
      'Content-Type': 'application/pdf',
      'Content-MD5': md5Base64(bytes),
      'Content-Disposition': `inline; filename="Rechnung M?rz \\"final\\".pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz%20%22final%22.pdf`,
    });
  });

  it('is also served at the root path', async () => {
    const bytes = new TextEncoder().encode('root path');
    const response = await h.api('/rails/active_storage/direct_uploads', {
      method: 'POST',
      json: {
        blob: {
          filename: 'a.txt',
          content_type: 'application/pdf',
          byte_size: bytes.byteLength,
          checksum: md5Base64(bytes),
        },
      },
    });
    expect(response.status).toBe(200);
  });

  it('stores the bytes once; a second PUT of the same upload is idempotent', async () => {
    const bytes = new TextEncoder().encode('idempotent put');
    const blob = directUploadResponse.parse(await (await announce(h, bytes)).json());
    const put = () =>
      fetch(blob.direct_upload.url, { method: 'PUT', headers: blob.direct_upload.headers, body: bytes });
    expect((await put()).status).toBe(204);
    expect((await put()).status).toBe(204);
    expect((await postDocument(h, 'idempotent', blob.signed_id)).status).toBe(201);
  });

  it('refuses a byte_size above the limit with 413', async () => {
    const response = await announce(h, new Uint8Array(1), { byte_size: MAX_UPLOAD_BYTES + 1 });
    expect(response.status).toBe(413);
    expect(await firstError(response)).toMatchObject({
      status: '413',
      source: { pointer: '/blob/byte_size' },
    });
  });

  it('refuses a malformed checksum with 422 and a pointer', async () => {
    const response = await announce(h, new Uint8Array(1), { checksum: 'not-md5' });
    expect(response.status).toBe(422);
    expect(await firstError(response)).toMatchObject({ source: { pointer: '/blob/checksum' } });
  });

  it('rejects bytes that do not match the announced MD5 and keeps nothing', async () => {
    const before = await keptFiles(h);
    const announcedBytes = new TextEncoder().encode('the announced bytes');
    const blob = directUploadResponse.parse(await (await announce(h, announcedBytes)).json());
    const other = new TextEncoder().encode('other bytes, same len');
    const put = await fetch(blob.direct_upload.url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      body: other.slice(0, announcedBytes.byteLength),
    });
    expect(put.status).toBe(422);
    expect(await firstError(put)).toMatchObject({ code: 'checksum_mismatch' });
    expect(await keptFiles(h)).toEqual(before);

    const create = await postDocument(h, 'never uploaded', blob.signed_id);
    expect(create.status).toBe(422);
    expect(await firstError(create)).toMatchObject({
      source: { pointer: '/data/attributes/attached_document' },
    });
  });

  it('rejects a Content-MD5 header that differs from the announcement with 400', async () => {
    const bytes = new TextEncoder().encode('header mismatch');
    const blob = directUploadResponse.parse(await (await announce(h, bytes)).json());
    const put = await fetch(blob.direct_upload.url, {
      method: 'PUT',
      headers: { ...blob.direct_upload.headers, 'Content-MD5': md5Base64(new Uint8Array([1])) },
      body: bytes,
    });
    expect(put.status).toBe(400);
  });

  it('rejects a body of the wrong size, longer or shorter, and keeps nothing', async () => {
    const before = await keptFiles(h);
    const bytes = new TextEncoder().encode('twenty bytes exactly');
    const blob = directUploadResponse.parse(await (await announce(h, bytes)).json());
    for (const body of [new Uint8Array([...bytes, 33]), bytes.slice(0, 10)]) {
      const put = await fetch(blob.direct_upload.url, { method: 'PUT', body });
      expect(put.status).toBe(422);
      expect(await firstError(put)).toMatchObject({ code: 'byte_size_mismatch' });
    }
    // Chunked, without Content-Length: the stream is cut at the announced size.
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.enqueue(bytes);
        controller.close();
      },
    });
    const put = await fetch(blob.direct_upload.url, { method: 'PUT', body: chunked, duplex: 'half' });
    expect(put.status).toBe(422);
    expect(await keptFiles(h)).toEqual(before);
  });

  it('refuses a tampered or expired upload URL with 403', async () => {
    const bytes = new TextEncoder().encode('expiring');
    const blob = directUploadResponse.parse(await (await announce(h, bytes)).json());
    const tampered = blob.direct_upload.url.replace(/.--/, (match) => (match[0] === 'A' ? 'B--' : 'A--'));
    expect((await fetch(tampered, { method: 'PUT', body: bytes })).status).toBe(403);

    clock.advance(BLOB_LINK_TTL_MS);
    const expired = await fetch(blob.direct_upload.url, {
      method: 'PUT',
      headers: blob.direct_upload.headers,
      body: bytes,
    });
    expect(expired.status).toBe(403);
    expect(await firstError(expired)).toMatchObject({ code: 'expired_token' });
  });

  it('refuses tampered, unknown and foreign signed ids with 422 on attached_document', async () => {
    const signedId = await upload(h, new TextEncoder().encode('signed id checks'));
    const other = await h.service.createAccount('foreign');
    const [payload = '', mac = ''] = signedId.split('--');
    const forged = `${Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), acc: other.accountId }),
    ).toString('base64url')}--${mac}`;

    for (const [attached, key] of [
      [`${signedId.slice(0, -1)}${signedId.endsWith('0') ? '1' : '0'}`, h.apiKey],
      ['not-a-signed-id', h.apiKey],
      [forged, other.apiKey],
      [signedId, other.apiKey],
    ] as const) {
      const response = await postDocument(h, 'x', attached, key);
      expect(response.status, attached).toBe(422);
      expect(await firstError(response)).toMatchObject({
        status: '422',
        source: { pointer: '/data/attributes/attached_document' },
      });
    }
  });

  it('answers 422 on /data/attributes/name when the name is missing', async () => {
    const signedId = await upload(h, new TextEncoder().encode('nameless'));
    const response = await h.api('/v2/documents', {
      method: 'POST',
      json: { data: { type: 'document', attributes: { attached_document: signedId } } },
    });
    expect(response.status).toBe(422);
    expect(await firstError(response)).toMatchObject({
      source: { pointer: '/data/attributes/name' },
      detail: "Name can't be blank",
    });
  });
});
