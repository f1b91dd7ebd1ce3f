import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentResource } from '../../../src/contract/document.ts';
import { errorDocument, listDocument, singleDocument } from '../../../src/contract/json-api.ts';
import { type Harness, postDocument, startService, submit, upload } from './service-harness.ts';

const documentList = listDocument(documentResource);
const documentEnvelope = singleDocument(documentResource);

describe('PATCH and DELETE /documents/{id}, which answered 405', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startService({ startProcessing: false });
  });
  afterAll(async () => {
    await h.close();
  });

  const patch = (id: string, attributes: unknown) =>
    h.api(`/v2/documents/${id}`, { method: 'PATCH', json: { data: { type: 'document', attributes } } });

  it('PATCH renames the document and sets or clears its manual type', async () => {
    const document = await submit(h, new TextEncoder().encode('patch me'), { name: 'old.pdf' });
    const renamed = await patch(document.id, { name: 'new.pdf', document_type_manual: 'packing_list' });
    expect(renamed.status).toBe(200);
    const { data } = documentEnvelope.parse(await renamed.json());
    expect(data.attributes).toMatchObject({ name: 'new.pdf', document_type_manual: 'packing_list' });

    const cleared = await patch(document.id, { document_type_manual: null });
    expect(documentEnvelope.parse(await cleared.json()).data.attributes).toMatchObject({
      name: 'new.pdf',
      document_type_manual: null,
    });
  });

  it('PATCH refuses a bad name, an unknown type, unknown attributes and an empty change with a 422', async () => {
    const document = await submit(h, new TextEncoder().encode('patch refusals'));
    for (const [attributes, pointer] of [
      [{ name: 'a\nb' }, '/data/attributes/name'],
      [{ document_type_manual: 'recipe' }, '/data/attributes/document_type_manual'],
      [{ file_name: 'x.pdf' }, '/data/attributes'],
      [{}, '/data/attributes'],
    ] as const) {
      const response = await patch(document.id, attributes);
      expect(response.status).toBe(422);
      const { errors } = errorDocument.parse(await response.json());
      expect(errors[0]?.source).toMatchObject({ pointer });
    }
    const unknown = await patch(document.id, { file_name: 'x.pdf' });
    expect(errorDocument.parse(await unknown.json()).errors[0]?.detail).toBe(
      'Attributes file_name cannot be changed: only name and document_type_manual can',
    );
    expect((await patch('no-such-document', { name: 'x' })).status).toBe(404);
  });

  it('DELETE answers 204; the document is then gone from GETs and lists, and a second DELETE is a 404', async () => {
    const bytes = new TextEncoder().encode('delete me');
    const document = await submit(h, bytes, { name: 'doomed.pdf' });
    const deleted = await h.api(`/v2/documents/${document.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');

    expect((await h.api(`/v2/documents/${document.id}`)).status).toBe(404);
    expect((await h.api(`/v2/documents/${document.id}/download_url`)).status).toBe(404);
    expect((await patch(document.id, { name: 'x' })).status).toBe(404);
    const list = documentList.parse(await (await h.api('/v2/documents?filter[filename]=doomed')).json());
    expect(list.data).toEqual([]);
    const all = documentList.parse(await (await h.api('/v2/documents')).json());
    expect(all.data.map((d) => d.id)).not.toContain(document.id);
    expect(all.meta?.total).toBe(all.data.length);
    expect((await h.api(`/v2/documents/${document.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('the content of a deleted document can be submitted again, as a new document, while a live one is a 409', async () => {
    const bytes = new TextEncoder().encode('submit twice');
    const first = await submit(h, bytes);
    expect((await postDocument(h, 'again.pdf', await upload(h, bytes))).status).toBe(409);
    expect((await h.api(`/v2/documents/${first.id}`, { method: 'DELETE' })).status).toBe(204);
    const again = await postDocument(h, 'again.pdf', await upload(h, bytes));
    expect(again.status).toBe(201);
    expect(documentEnvelope.parse(await again.json()).data.id).not.toBe(first.id);
  });

  it("another account's document cannot be deleted or patched", async () => {
    const other = await h.service.createAccount('other');
    const document = await submit(h, new TextEncoder().encode('not yours'));
    const del = await h.api(`/v2/documents/${document.id}`, { method: 'DELETE', key: other.apiKey });
    expect(del.status).toBe(404);
    expect((await h.api(`/v2/documents/${document.id}`)).status).toBe(200);
  });
});
