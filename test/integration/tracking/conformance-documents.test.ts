import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ExtractDocument } from '../../../src/extraction/extract-document.ts';
import { DOCUMENT_SCHEMAS } from '../../../src/extraction/schemas/registry.ts';
import {
  type Harness,
  md5Base64,
  postDocument,
  startService,
  submit,
  upload,
  waitForOutcome,
} from '../service/service-harness.ts';
import { type Document, expectError, read } from './conformance-support.ts';

/**
 * Documents (Beta upstream), direct uploads, email submissions and document schemas against the
 * reference's §1: the ActiveStorage direct-upload handshake, `POST /documents` 201, 409
 * `duplicate_document`, soft delete 204, 202 actions, plain-JSON replies where the upstream has them.
 */
const extractor: ExtractDocument = async () => ({
  ok: true,
  documentType: 'commercial_invoice',
  classificationNotes: 'conformance',
  schemaVersion: DOCUMENT_SCHEMAS.commercial_invoice.schemaVersion,
  payload: { invoice_number: 'INV-1', total_amount: '10.00', currency: 'USD' },
});

let h: Harness;
beforeAll(async () => {
  h = await startService({ extract: extractor });
});
afterAll(async () => {
  await h.close();
});

const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('direct upload', () => {
  test('the blob reply: id, key, signed_id, checksum echoed, direct_upload url and headers', async () => {
    const bytes = bytesOf('%PDF-1.4 direct upload');
    const checksum = md5Base64(bytes);
    const response = await h.api('/v2/rails/active_storage/direct_uploads', {
      method: 'POST',
      json: {
        blob: { filename: 'a b.pdf', content_type: 'application/pdf', byte_size: bytes.byteLength, checksum },
      },
    });
    expect(response.status).toBe(200);
    const blob = (await response.json()) as Record<string, unknown> & {
      direct_upload: { url: string; headers: Record<string, string> };
    };
    expect(Object.keys(blob)).toEqual(
      expect.arrayContaining([
        'id',
        'key',
        'filename',
        'content_type',
        'metadata',
        'service_name',
        'byte_size',
        'checksum',
        'created_at',
        'signed_id',
        'direct_upload',
      ]),
    );
    expect(blob).toMatchObject({ filename: 'a b.pdf', byte_size: bytes.byteLength, checksum });
    expect(blob.direct_upload.headers).toMatchObject({
      'Content-Type': 'application/pdf',
      'Content-MD5': checksum,
    });
    expect(blob.direct_upload.headers['Content-Disposition']).toMatch(
      /^inline; filename="a b\.pdf"; filename\*=UTF-8''a%20b\.pdf$/,
    );
  });
});

describe('documents', () => {
  test('POST 201 {data: document, links}; the spec’s attributes and relationships', async () => {
    const signedId = await upload(h, bytesOf('%PDF-1.4 first document'));
    const response = await postDocument(h, 'first.pdf', signedId);
    expect(response.status).toBe(201);
    const body = await read(response);
    expect(body.data.type).toBe('document');
    expect(Object.keys(body.data.attributes)).toEqual(
      expect.arrayContaining([
        'name',
        'document_type',
        'document_type_manual',
        'classification_notes',
        'file_name',
        'file_content_type',
        'file_size_bytes',
        'created_at',
        'updated_at',
      ]),
    );
    expect(Object.keys(body.data.relationships ?? {})).toEqual(
      expect.arrayContaining([
        'account',
        'user',
        'email_submission',
        'last_document_representation',
        'shipments',
        'cargos',
      ]),
    );
    // As upstream, the creation reply has no `source`; every later read has it.
    expect(body.data.attributes).not.toHaveProperty('source');
    expect(body.data.links?.self).toMatch(new RegExp(`/documents/${body.data.id}$`));
    expect(body.data.links?.download).toMatch(new RegExp(`/documents/${body.data.id}/download_url$`));
    const later = await read(await h.api(`/v2/documents/${body.data.id}`));
    expect(later.data.attributes.source).toBe('api');
  });

  test('the same content again: 409 duplicate_document with the existing id in meta', async () => {
    const bytes = bytesOf('%PDF-1.4 duplicate content');
    const first = await submit(h, bytes, { name: 'dup.pdf' });
    const again = await postDocument(h, 'dup again.pdf', await upload(h, bytes));
    const error = await expectError(again, 409, { code: 'duplicate_document', title: 'Duplicate document' });
    expect((error as { meta?: Record<string, unknown> }).meta).toMatchObject({
      existing_document_id: first.id,
    });
  });

  test('422 without attached_document, with a pointer', async () => {
    const response = await h.api('/v2/documents', {
      method: 'POST',
      json: { data: { type: 'document', attributes: { name: 'x.pdf' } } },
    });
    expect(response.status).toBe(422);
    const [error] = (await read(response)).errors ?? [];
    expect(error).toMatchObject({
      status: '422',
      source: { pointer: expect.stringContaining('/data/attributes') },
    });
  });

  test('GET list: data, links, meta; sort and filters accepted; an unknown include is a 400', async () => {
    const list = await read(
      await h.api(
        '/v2/documents?sort=-created_at&filter[document_types]=commercial_invoice,other&page[size]=1',
      ),
    );
    expect(Array.isArray(list.data)).toBe(true);
    expect(list.links).toHaveProperty('self');
    expect(list.meta).toMatchObject({ size: 1 });
    await expectError(await h.api('/v2/documents?include=owner'), 400, {
      source: { parameter: 'include' },
      detail: 'owner is not specified as a relationship on V2::DocumentSerializer',
    });
  });

  test('one document with its representation once extracted; 404 “Couldn’t find Document” otherwise', async () => {
    const created = await submit(h, bytesOf('%PDF-1.4 to extract'), { name: 'inv.pdf' });
    await waitForOutcome(h, created.id);
    const body = await read(await h.api(`/v2/documents/${created.id}?include=last_document_representation`));
    expect(body.data.attributes.document_type).toBe('commercial_invoice');
    const representation = body.included?.find((resource) => resource.type === 'document_representation');
    expect(representation?.attributes).toMatchObject({ payload: { invoice_number: 'INV-1' } });
    await expectError(await h.api('/v2/documents/00000000-0000-4000-8000-000000000000'), 404, {
      title: 'Not Found',
      detail: "Couldn't find Document",
    });
  });

  test('download_url, the 202 actions, and a soft DELETE 204', async () => {
    const created = await submit(h, bytesOf('%PDF-1.4 actions'), { name: 'act.pdf' });
    const download = await h.api(`/v2/documents/${created.id}/download_url`);
    expect(download.status).toBe(200);
    expect(Object.keys((await download.json()) as object)).toEqual(['download_url']);
    for (const action of ['reextract', 'reclassify', 'relink']) {
      const accepted = await h.api(`/v2/documents/${created.id}/${action}`, { method: 'POST' });
      expect(accepted.status).toBe(202);
      expect(await accepted.json()).toEqual({ status: 'accepted' });
    }
    const deleted = await h.api(`/v2/documents/${created.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
  });

  test('GET /documents/types is plain JSON {document_types: [{code, label, description, schema}]}', async () => {
    const body = (await (await h.api('/v2/documents/types')).json()) as {
      document_types: Array<{ code: string; label: string }>;
    };
    expect(body.document_types.length).toBeGreaterThan(0);
    // Every type here is in the catalogue, so each has the catalogue's description and schema reference.
    expect(Object.keys(body.document_types[0] ?? {}).sort()).toEqual([
      'code',
      'description',
      'label',
      'schema',
    ]);
  });
});

describe('email submissions and document schemas', () => {
  test('GET /email_submissions is a paged JSON:API list', async () => {
    const list: Document = await read(await h.api('/v2/email_submissions'));
    expect(Array.isArray(list.data)).toBe(true);
    expect(list.links).toHaveProperty('self');
    expect(list.meta).toHaveProperty('total');
    await expectError(await h.api('/v2/email_submissions/00000000-0000-4000-8000-000000000000'), 404, {
      title: 'Not Found',
    });
  });

  test('GET /document_schemas/{type@version}: the schema attributes; 404 for an unknown version', async () => {
    const { schemaVersion } = DOCUMENT_SCHEMAS.commercial_invoice;
    const response = await h.api(`/v2/document_schemas/commercial_invoice@${schemaVersion}`);
    expect(response.status).toBe(200);
    const body = await read(response);
    expect(body.data.type).toBe('document_schema');
    expect(body.data.attributes).toMatchObject({
      document_type: 'commercial_invoice',
      schema_version: schemaVersion,
      full_version: `commercial_invoice@${schemaVersion}`,
      schema_format: 'json_schema',
    });
    expect(Object.keys(body.data.attributes)).toEqual(
      expect.arrayContaining(['label', 'current', 'draft', 'active_at', 'description', 'schema_payload']),
    );
    await expectError(await h.api('/v2/document_schemas/commercial_invoice@1999-01-01'), 404, {
      title: 'Not Found',
    });
  });
});
