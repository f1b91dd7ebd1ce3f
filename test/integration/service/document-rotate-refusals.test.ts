import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorDocument } from '../../../src/contract/json-api.ts';
import type { ExtractDocument } from '../../../src/extraction/extract-document.ts';
import { download, markedImage, rotate, rotateOk, sha256Hex } from './document-rotate-support.ts';
import { getDocument, type Harness, startService, submit } from './service-harness.ts';

const extract: ExtractDocument = async () => ({
  ok: true,
  documentType: 'other',
  classificationNotes: 'rotate',
  schemaVersion: '2026-11-01',
  payload: {},
});

/** A 422 on `/degrees` whose detail matches `detail`. */
async function expectInvalidRotation(response: Response, detail: RegExp): Promise<void> {
  expect(response.status).toBe(422);
  const [error, ...others] = errorDocument.parse(await response.json()).errors;
  expect(others).toEqual([]);
  expect(error).toMatchObject({ status: '422', source: { pointer: '/degrees' } });
  expect(error?.detail).toMatch(detail);
}

describe('POST /documents/{id}/rotate refuses what it cannot turn, and changes nothing', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startService({ extract });
  });
  afterAll(async () => {
    await h.close();
  });

  /** The document's file and attempt counter, to show a refusal left both alone. */
  const state = async (id: string) => ({
    digest: sha256Hex((await download(h, id)).bytes),
    attempts: (await getDocument(h, id)).data.attributes.extraction_attempts,
  });

  it('answers 422 for an angle other than 90, 180 or 270', async () => {
    const document = await submit(h, await markedImage('png'), {
      filename: 'a.png',
      contentType: 'image/png',
    });
    const before = await state(document.id);
    for (const degrees of [45, 0, 360, -90, '90']) {
      const response = await rotate(h, document.id, { degrees });
      expect(response.status).toBe(422);
      const [error] = errorDocument.parse(await response.json()).errors;
      expect(error?.source).toEqual({ pointer: '/degrees' });
    }
    expect(await state(document.id)).toEqual(before);
  });

  it('answers 422 for a PDF document', async () => {
    const pdf = await submit(h, new TextEncoder().encode('%PDF-1.4 not an image'), { filename: 'n.pdf' });
    const before = await state(pdf.id);
    await expectInvalidRotation(await rotate(h, pdf.id, { degrees: 90 }), /only image documents/);
    expect(await state(pdf.id)).toEqual(before);
  });

  it('answers 422 for a corrupt image, truncated or not an image at all', async () => {
    const png = await markedImage('png');
    for (const [filename, bytes] of [
      ['garbage.png', new TextEncoder().encode('not really a png, but typed as one')],
      ['truncated.png', png.subarray(0, Math.floor(png.length / 2))],
    ] as const) {
      const document = await submit(h, bytes, { filename, contentType: 'image/png' });
      const before = await state(document.id);
      await expectInvalidRotation(await rotate(h, document.id, { degrees: 180 }), /cannot be decoded/);
      expect(await state(document.id)).toEqual(before);
    }
  });

  it('answers 422 when the stored file is missing, and a rotation after it still works elsewhere', async () => {
    const bytes = await markedImage('png');
    const digest = sha256Hex(bytes);
    const document = await submit(h, bytes, { filename: 'lost.png', contentType: 'image/png' });
    await rm(join(h.dataDir, 'blobs', digest.slice(0, 2), digest));
    const attempts = (await getDocument(h, document.id)).data.attributes.extraction_attempts;
    await expectInvalidRotation(await rotate(h, document.id, { degrees: 90 }), /no document file/);
    expect((await getDocument(h, document.id)).data.attributes.extraction_attempts).toBe(attempts);

    const other = await submit(h, await markedImage('jpeg'), {
      filename: 'ok.jpg',
      contentType: 'image/jpeg',
    });
    await rotateOk(h, other.id, 90);
  });

  it('answers a JSON:API 404 for an unknown document, whatever the body', async () => {
    for (const body of [{ degrees: 90 }, { degrees: 45 }]) {
      const response = await rotate(h, '00000000-0000-4000-8000-000000000000', body);
      expect(response.status).toBe(404);
      expect(errorDocument.parse(await response.json()).errors[0]).toMatchObject({
        status: '404',
        code: 'not_found',
      });
    }
  });

  it('keeps the original file on disk: a rotation writes a new file and switches to it', async () => {
    const bytes = await markedImage('png');
    const document = await submit(h, bytes, { filename: 'kept.png', contentType: 'image/png' });
    await rotateOk(h, document.id, 90);
    const digest = sha256Hex(bytes);
    const kept = await readFile(join(h.dataDir, 'blobs', digest.slice(0, 2), digest));
    expect(sha256Hex(kept)).toBe(digest);
    expect(sha256Hex((await download(h, document.id)).bytes)).not.toBe(digest);
  });

  it('answers 409 duplicate_document when the turned file is another document of the account', async () => {
    const bytes = await markedImage('png');
    const first = await submit(h, bytes, {
      filename: 'twin-1.png',
      contentType: 'image/png',
      name: 'twin 1',
    });
    await rotateOk(h, first.id, 90);
    // The first document's file is now the turned one, so the same upload is a new document...
    const second = await submit(h, bytes, {
      filename: 'twin-2.png',
      contentType: 'image/png',
      name: 'twin 2',
    });
    const before = await state(second.id);
    // ...whose turn would give it the first one's bytes.
    const response = await rotate(h, second.id, { degrees: 90 });
    expect(response.status).toBe(409);
    expect(errorDocument.parse(await response.json()).errors[0]?.meta).toEqual({
      existing_document_id: first.id,
      existing_document_name: 'twin 1',
    });
    expect(await state(second.id)).toEqual(before);
  });
});
