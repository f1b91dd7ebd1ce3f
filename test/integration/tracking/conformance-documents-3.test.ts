import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { documentTypeDetailResponse, documentTypesResponse } from '../../../src/contract/document-types.ts';
import type { ExtractDocument } from '../../../src/extraction/extract-document.ts';
import { DOCUMENT_SCHEMAS } from '../../../src/extraction/schemas/registry.ts';
import { type Harness, postDocument, startService, upload } from '../service/service-harness.ts';
import { expectError, read } from './conformance-support.ts';

/**
 * The document endpoints the upstream's OpenAPI added after rounds 1-2: the document type catalogue
 * (`GET /documents/types` items with `description` and `schema.detail_url`, `GET /documents/types/{code}`
 * with the sanitized field structure) and `POST /documents/{id}/rotate` (202, image documents only).
 */
const extractor: ExtractDocument = async () => ({
  ok: true,
  documentType: 'other',
  classificationNotes: 'conformance',
  schemaVersion: DOCUMENT_SCHEMAS.other.schemaVersion,
  payload: {},
});

let h: Harness;
beforeAll(async () => {
  h = await startService({ extract: extractor });
});
afterAll(async () => {
  await h.close();
});

const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text);

test('GET /documents/types: each catalogue item has its description and its schema id, version and detail_url', async () => {
  const response = await h.api('/v2/documents/types');
  expect(response.status).toBe(200);
  const body = documentTypesResponse.parse(await response.json());
  const packing = body.document_types.find((item) => item.code === 'packing_list');
  expect(packing?.schema).toEqual({
    id: `packing_list@${DOCUMENT_SCHEMAS.packing_list.schemaVersion}`,
    version: DOCUMENT_SCHEMAS.packing_list.schemaVersion,
    detail_url: '/v2/documents/types/packing_list',
  });
  expect(typeof packing?.description).toBe('string');
});

test('GET /documents/types/{code}: the detail_url answers with the sanitized extraction fields', async () => {
  const response = await h.api('/v2/documents/types/bill_of_lading');
  expect(response.status).toBe(200);
  const raw = (await response.json()) as unknown;
  const body = documentTypeDetailResponse.parse(raw);
  expect(body.document_type).toMatchObject({ code: 'bill_of_lading', label: 'Bill of Lading' });
  expect(body.document_type.schema).toMatchObject({
    id: `bill_of_lading@${DOCUMENT_SCHEMAS.bill_of_lading.schemaVersion}`,
    format: 'json_schema',
  });
  const payload = body.document_type.schema.payload;
  expect(payload.type).toBe('object');
  expect(Object.keys(payload.properties ?? {})).toContain('bill_of_lading_number');
  // Only structural keys: no titles, descriptions or JSON Schema dialect markers anywhere.
  expect(JSON.stringify(raw)).not.toMatch(/"(\$schema|title|additionalProperties|anyOf)"/);
});

test('GET /documents/types/{code} of an unknown code is a JSON:API 404', async () => {
  await expectError(await h.api('/v2/documents/types/manifest'), 404, {});
});

test('POST /documents/{id}/rotate: 202 for an image, 422 for a PDF or a bad angle, 404 for no document', async () => {
  const image = await postDocument(
    h,
    'scan.png',
    await upload(
      h,
      await sharp({ create: { width: 4, height: 2, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      {
        filename: 'scan.png',
        contentType: 'image/png',
      },
    ),
  );
  const imageId = (await read(image)).data.id;
  const pdf = await postDocument(h, 'notice.pdf', await upload(h, bytesOf('%PDF-1.4 rotate me')));
  const pdfId = (await read(pdf)).data.id;

  const rotate = (id: string, body: unknown) =>
    h.api(`/v2/documents/${id}/rotate`, { method: 'POST', json: body });
  const accepted = await rotate(imageId, { degrees: 90 });
  expect(accepted.status).toBe(202);
  expect(await accepted.json()).toEqual({ status: 'accepted' });
  await expectError(await rotate(imageId, { degrees: 45 }), 422, { source: { pointer: '/degrees' } });
  await expectError(await rotate(pdfId, { degrees: 180 }), 422, { source: { pointer: '/degrees' } });
  await expectError(await rotate('00000000-0000-4000-8000-000000000000', { degrees: 90 }), 404, {});
});

test('GET /openapi.json documents the three operations', async () => {
  const spec = (await (await h.api('/v2/openapi.json')).json()) as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  expect(Object.keys(spec.paths['/v2/documents/types/{code}']?.get?.responses ?? {})).toContain('200');
  expect(Object.keys(spec.paths['/v2/documents/{id}/rotate']?.post?.responses ?? {})).toContain('202');
});

test("GET /documents: meta has the tracking lists' pagination (current, next, last, records)", async () => {
  for (const name of ['a.pdf', 'b.pdf']) {
    expect((await postDocument(h, name, await upload(h, bytesOf(`%PDF-1.4 ${name} paged`)))).status).toBe(
      201,
    );
  }
  const listed = await read(await h.api('/v2/documents?page%5Bsize%5D=1'));
  const total = listed.meta?.total ?? 0;
  expect(total).toBeGreaterThanOrEqual(2);
  expect(listed.meta?.pagination).toEqual({ current: 1, next: 2, last: total, records: total });
});

test('GET /documents sorts by each documented key, ascending and descending; the links keep the sort (round 6)', async () => {
  for (const name of ['c.pdf', 'd.pdf']) {
    expect((await postDocument(h, name, await upload(h, bytesOf(`%PDF-1.4 ${name} sorted`)))).status).toBe(
      201,
    );
  }
  const orders = new Map<string, string[]>();
  for (const key of ['created_at', 'document_type', 'added_by']) {
    for (const token of [key, `-${key}`]) {
      const response = await h.api(`/v2/documents?sort=${token}&page[size]=1`);
      expect(response.status, token).toBe(200);
      const body = await read(response);
      expect(new URL(body.links?.next ?? '').searchParams.get('sort'), token).toBe(token);
      const all = await read(await h.api(`/v2/documents?sort=${token}&page[size]=100`));
      orders.set(
        token,
        all.data.map((document) => String(document.attributes.created_at)),
      );
    }
  }
  const ascending = orders.get('created_at') ?? [];
  expect(ascending).toEqual([...ascending].sort());
  expect(orders.get('-created_at')).toEqual([...ascending].sort().reverse());
  await expectError(await h.api('/v2/documents?sort=bogus'), 400, { source: { parameter: 'sort' } });
});
