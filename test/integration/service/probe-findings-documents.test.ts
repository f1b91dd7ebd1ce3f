import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentResource } from '../../../src/contract/document.ts';
import { errorDocument, listDocument } from '../../../src/contract/json-api.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { type Harness, startService, submit } from './service-harness.ts';

const documentList = listDocument(documentResource);

describe('findings of the abuse probe on documents', () => {
  let h: Harness;
  const clock = new ManualClock(Date.UTC(2026, 10, 1));
  const ids: string[] = [];

  beforeAll(async () => {
    h = await startService({ clock, startProcessing: false });
    for (const text of ['one', 'two', 'three']) {
      ids.push((await submit(h, new TextEncoder().encode(text), { filename: `${text}.pdf` })).id);
      clock.advance(1_000);
    }
  });
  afterAll(async () => {
    await h.close();
  });

  it('sort=added_by, which the upstream documents, is accepted and leaves the order to the other keys', async () => {
    for (const [query, expected] of [
      ['?sort=added_by', [ids[2], ids[1], ids[0]]],
      ['?sort=-added_by', [ids[2], ids[1], ids[0]]],
      ['?sort=added_by,created_at', [ids[0], ids[1], ids[2]]],
    ] as const) {
      const response = await h.api(`/v2/documents${query}`);
      expect(response.status).toBe(200);
      expect(documentList.parse(await response.json()).data.map((d) => d.id)).toEqual(expected);
    }
    const unknown = await h.api('/v2/documents?sort=bogus');
    expect(unknown.status).toBe(400);
  });

  it('reclassify and relink, which the upstream documents, answer 202 for a document and 404 for none', async () => {
    for (const action of ['reclassify', 'relink', 'reextract']) {
      const response = await h.api(`/v2/documents/${ids[0]}/${action}`, { method: 'POST' });
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ status: 'accepted' });
      const missing = await h.api(`/v2/documents/not-a-document/${action}`, { method: 'POST' });
      expect(missing.status).toBe(404);
    }
  });

  it('a NUL in filter[filename] is a 400, not a 500 from the full-text parser', async () => {
    const response = await h.api('/v2/documents?filter[filename]=a%00b');
    expect(response.status).toBe(400);
    const { errors } = errorDocument.parse(await response.json());
    expect(errors[0]).toMatchObject({ source: { parameter: 'filter[filename]' } });
    expect((await h.api('/v2/documents?filter[filename]=%22%20OR%20*')).status).toBe(200);
  });

  it('an empty sort field is named as such', async () => {
    for (const sort of ['-', ',', 'created_at,']) {
      const response = await h.api(`/v2/documents?sort=${sort}`);
      expect(response.status).toBe(400);
      const { errors } = errorDocument.parse(await response.json());
      expect(errors[0]?.detail).toContain('empty field');
    }
  });
});

describe('findings of the abuse probe on direct uploads', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startService({ startProcessing: false });
  });
  afterAll(async () => {
    await h.close();
  });

  const announce = (blob: Record<string, unknown>) =>
    h.api('/rails/active_storage/direct_uploads', {
      method: 'POST',
      json: {
        blob: {
          filename: 'a.pdf',
          byte_size: 10,
          checksum: '1B2M2Y8AsgTpgAmY7PhCfg==',
          content_type: 'application/pdf',
          ...blob,
        },
      },
    });

  it('a fractional byte_size is called the wrong type, not blank', async () => {
    const response = await announce({ byte_size: 1.5 });
    expect(response.status).toBe(422);
    const { errors } = errorDocument.parse(await response.json());
    expect(errors[0]).toMatchObject({ detail: 'Byte size must be an integer', code: 'invalid' });
  });

  it('a bad checksum does not name the member twice', async () => {
    const response = await announce({ checksum: 'not base64!!' });
    expect(response.status).toBe(422);
    const { errors } = errorDocument.parse(await response.json());
    expect(errors[0]?.detail).toBe('checksum must be the base64 MD5 digest of the bytes');
  });

  it('a bound is worded for a person, not as zod reports it', async () => {
    const tooSmall = await announce({ byte_size: -1 });
    expect(errorDocument.parse(await tooSmall.json()).errors[0]?.detail).toBe('Byte size must be at least 0');
    const tooLong = await h.api('/v2/documents', {
      method: 'POST',
      json: { data: { type: 'document', attributes: { name: 'a'.repeat(300), attached_document: 'x' } } },
    });
    expect(tooLong.status).toBe(422);
    expect(errorDocument.parse(await tooLong.json()).errors[0]?.detail).toBe(
      'Name must be at most 255 bytes in UTF-8',
    );
  });

  it('a trailing slash on a path is the path without it (as upstream), a method it does not serve a 405', async () => {
    const response = await h.api('/v2/documents/');
    expect(response.status).toBe(200);
    const wrongMethod = await h.api('/v2/documents/', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
  });
});
