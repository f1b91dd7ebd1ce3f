import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorDocument } from '../../../src/contract/json-api.ts';
import type { ExtractDocument } from '../../../src/extraction/extract-document.ts';
import { MAX_ROTATIONS_PER_ACCOUNT } from '../../../src/service/documents/rotate-document.ts';
import { MAX_ROTATION_PIXELS } from '../../../src/service/documents/rotate-image.ts';
import {
  type Corner,
  download,
  markedCorner,
  markedImage,
  rotate,
  sha256Hex,
} from './document-rotate-support.ts';
import { getDocument, type Harness, startService, submit, waitForOutcome } from './service-harness.ts';

/**
 * Round 3 of the abuse probe on POST /documents/{id}/rotate: images built to hurt a decoder (huge
 * dimensions in a small file, compressed metadata that inflates), bursts of rotations of one document and
 * of many, rotations during re-extraction, other accounts' ids, and GET /documents/types/{code}.
 */

const extract: ExtractDocument = async () => ({
  ok: true,
  documentType: 'other',
  classificationNotes: 'probe',
  schemaVersion: '2026-11-01',
  payload: {},
});

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const check = Buffer.alloc(4);
  check.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, check]);
}

/** A greyscale PNG that says `width` x `height` and holds a few rows of zeros (the rest is missing). */
function craftedPng(width: number, height: number, extra: Buffer[] = []): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  const rows = deflateSync(Buffer.alloc((1 + Math.min(width, 100)) * 4));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    ...extra,
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A tiny valid image with `chunks` of metadata inserted after its header. */
async function pngWith(chunks: Buffer[], seed: number): Promise<Buffer> {
  const image = await sharp({
    create: { width: 40, height: 20, channels: 3, background: { r: seed % 256, g: 200, b: 200 } },
  })
    .png()
    .toBuffer();
  // IHDR is the first chunk: 8 bytes of signature, then 25 of IHDR.
  return Buffer.concat([image.subarray(0, 33), ...chunks, image.subarray(33)]);
}

const CORNERS: readonly Corner[] = ['top-left', 'top-right', 'bottom-right', 'bottom-left'];

describe('probe round 3: rotating hostile images', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startService({ extract, config: { rateLimitPerMinute: 10_000 } });
  });
  afterAll(async () => {
    await h.close();
  });

  const expect422 = async (response: Response, detail: RegExp) => {
    expect(response.status).toBe(422);
    const [error] = errorDocument.parse(await response.json()).errors;
    expect(error).toMatchObject({ status: '422', source: { pointer: '/degrees' } });
    expect(error?.detail).toMatch(detail);
  };

  it(`an image over MAX_ROTATION_PIXELS (${MAX_ROTATION_PIXELS}), a 50,000 x 50,000 PNG bomb among them, is a 422 that says its size`, async () => {
    const cases = [
      { name: 'bomb.png', bytes: craftedPng(50_000, 50_000), size: '50000x50000' },
      { name: 'wide.png', bytes: craftedPng(1_000_000, 41), size: '1000000x41' },
      {
        name: 'real.png',
        bytes: await sharp({ create: { width: 8_000, height: 5_001, channels: 3, background: '#ffffff' } })
          .png()
          .toBuffer(),
        size: '8000x5001',
      },
    ];
    for (const { name, bytes, size } of cases) {
      const document = await submit(h, bytes, { filename: name, contentType: 'image/png' });
      const before = sha256Hex((await download(h, document.id)).bytes);
      await expect422(
        await rotate(h, document.id, { degrees: 90 }),
        new RegExp(
          `^Invalid rotation: the image is ${size} pixels; png images over ${MAX_ROTATION_PIXELS} pixels`,
        ),
      );
      expect(sha256Hex((await download(h, document.id)).bytes)).toBe(before);
    }
  });

  it('metadata that inflates (iCCP, zTXt of 200 MB, a 20 MB eXIf, 20,000 text chunks) is a 422, and the service answers after', async () => {
    const inflating = (keyword: string, size: number) =>
      Buffer.concat([
        Buffer.from(`${keyword}\0\0`, 'latin1'),
        deflateSync(Buffer.alloc(size, 65), { level: 9 }),
      ]);
    const cases = [
      [chunk('iCCP', inflating('icc', 200_000_000))],
      [chunk('zTXt', inflating('Comment', 200_000_000))],
      [chunk('eXIf', Buffer.concat([Buffer.from('MM\0*\0\0\0\x08', 'latin1'), Buffer.alloc(20_000_000)]))],
      Array.from({ length: 20_000 }, (_, index) =>
        chunk('tEXt', Buffer.from(`k${index}\0${'x'.repeat(100)}`, 'latin1')),
      ),
    ];
    let seed = 0;
    for (const chunks of cases) {
      seed += 1;
      const document = await submit(h, await pngWith(chunks, seed), {
        filename: `meta-${seed}.png`,
        contentType: 'image/png',
      });
      const response = await rotate(h, document.id, { degrees: 180 });
      // libspng reads metadata within its own limits: refused as undecodable, or turned without it.
      expect([202, 422], `case ${seed}`).toContain(response.status);
      if (response.status === 422) await expect422(response, /cannot be decoded/);
    }
    expect((await h.api('/v2/documents?page[size]=1')).status).toBe(200);
  });

  it(`a burst of rotations of one document: at most MAX_ROTATIONS_PER_ACCOUNT (${MAX_ROTATIONS_PER_ACCOUNT}) wait, the rest are 429 with Retry-After, and every 202 is applied`, async () => {
    const document = await submit(h, await markedImage('png'), {
      filename: 'burst.png',
      contentType: 'image/png',
    });
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => rotate(h, document.id, { degrees: 90 })),
    );
    const statuses = responses.map((response) => response.status);
    expect(
      statuses.every((status) => status === 202 || status === 429),
      String(statuses),
    ).toBe(true);
    const accepted = statuses.filter((status) => status === 202).length;
    expect(accepted).toBeGreaterThanOrEqual(1);
    for (const response of responses.filter((candidate) => candidate.status === 429)) {
      expect(response.headers.get('retry-after')).toBe('1');
      const [error] = errorDocument.parse(await response.json()).errors;
      expect(error).toMatchObject({ status: '429', code: 'too_many_rotations' });
    }
    // Nothing accepted is lost: the file is turned exactly once per 202.
    expect(await markedCorner((await download(h, document.id)).bytes)).toBe(CORNERS[accepted % 4]);
    // Once the burst has answered, the account rotates again.
    expect((await rotate(h, document.id, { degrees: 90 })).status).toBe(202);
  });

  it('a burst across accounts and documents is answered 202, 429 or 503, each with Retry-After when refused', async () => {
    const tenants = await Promise.all(
      Array.from({ length: 5 }, (_, index) => h.service.createAccount(`rotator ${index}`)),
    );
    const documents = await Promise.all(
      tenants.flatMap(({ apiKey }) =>
        Array.from({ length: 5 }, async (_, index) => ({
          apiKey,
          document: await submit(h, await markedImage(index % 2 === 0 ? 'png' : 'jpeg'), {
            filename: `t-${index}.img`,
            contentType: index % 2 === 0 ? 'image/png' : 'image/jpeg',
            key: apiKey,
          }),
        })),
      ),
    );
    const responses = await Promise.all(
      documents.map(({ apiKey, document }) =>
        h.api(`/v2/documents/${document.id}/rotate`, { method: 'POST', key: apiKey, json: { degrees: 270 } }),
      ),
    );
    for (const response of responses) {
      expect([202, 429, 503]).toContain(response.status);
      if (response.status !== 202) expect(response.headers.get('retry-after')).not.toBeNull();
    }
    expect(responses.some((response) => response.status === 202)).toBe(true);
  });

  it("another account's document is a 404, the same as none, and stays as it was", async () => {
    const document = await submit(h, await markedImage('png'), {
      filename: 'mine.png',
      contentType: 'image/png',
    });
    const other = await h.service.createAccount('stranger');
    const theirs = await h.api(`/v2/documents/${document.id}/rotate`, {
      method: 'POST',
      key: other.apiKey,
      json: { degrees: 90 },
    });
    const none = await rotate(h, '00000000-0000-4000-8000-000000000000', { degrees: 90 });
    expect(theirs.status).toBe(404);
    expect(none.status).toBe(404);
    expect(errorDocument.parse(await theirs.json()).errors[0]?.detail).toBe(
      errorDocument.parse(await none.json()).errors[0]?.detail,
    );
    expect(await markedCorner((await download(h, document.id)).bytes)).toBe('top-left');
  });

  it('a rotation during a re-extraction is applied and extracted again; neither is lost', async () => {
    const document = await submit(h, await markedImage('png'), {
      filename: 'during.png',
      contentType: 'image/png',
    });
    await waitForOutcome(h, document.id);
    const [reextract, turned] = await Promise.all([
      h.api(`/v2/documents/${document.id}/reextract`, { method: 'POST' }),
      rotate(h, document.id, { degrees: 180 }),
    ]);
    expect([reextract.status, turned.status]).toEqual([202, 202]);
    const outcome = await waitForOutcome(h, document.id, { attempt: 3 });
    expect(outcome.data.attributes.extraction_status).toBe('extracted');
    expect(await markedCorner((await download(h, document.id)).bytes)).toBe('bottom-right');
    expect((await getDocument(h, document.id)).data.attributes.extraction_attempts).toBe(3);
  });

  it('GET /documents/types/{code} with hostile codes is a JSON:API 404, never a 5xx', async () => {
    const codes = [
      '__proto__',
      'constructor',
      'toString',
      'x'.repeat(8_000),
      '%00',
      '..%2f..%2fetc',
      '%E2%80%AE',
    ];
    for (const code of codes) {
      const response = await h.api(`/v2/documents/types/${code}`);
      expect(response.status, code.slice(0, 20)).toBe(404);
      expect(errorDocument.parse(await response.json()).errors[0]?.status).toBe('404');
    }
  });
});
