import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionAcceptedResponse,
  documentResource,
  downloadUrlResponse,
} from '../../../src/contract/document.ts';
import { errorDocument, listDocument, singleDocument } from '../../../src/contract/json-api.ts';
import type { ExtractDocument } from '../../../src/extraction/extract-document.ts';
import {
  type Harness,
  postDocument,
  startService,
  submit,
  upload,
  waitForOutcome,
} from './service-harness.ts';

let extractions = 0;
const countingExtractor: ExtractDocument = async () => {
  extractions += 1;
  return {
    ok: true,
    documentType: 'other',
    classificationNotes: 'counted',
    schemaVersion: '2026-11-01',
    payload: {},
  };
};

describe('duplicates, downloads and re-extraction', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startService({ extract: countingExtractor });
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers 409 duplicate_document with the existing id for content the account has, and does not process it', async () => {
    const bytes = new TextEncoder().encode('duplicate me');
    const first = await submit(h, bytes, { name: 'first' });
    await waitForOutcome(h, first.id);
    const before = extractions;

    const again = await postDocument(h, 'second', await upload(h, bytes, { filename: 'renamed.pdf' }));
    expect(again.status).toBe(409);
    expect(errorDocument.parse(await again.json())).toEqual({
      errors: [
        {
          status: '409',
          title: 'Duplicate document',
          code: 'duplicate_document',
          detail: expect.any(String),
          meta: { existing_document_id: first.id, existing_document_name: 'first' },
        },
      ],
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(extractions).toBe(before);
    const list = listDocument(documentResource).parse(
      await (await h.api('/v2/documents?filter[filename]=renamed')).json(),
    );
    expect(list.meta.total).toBe(0);
  });

  it('lets exactly one of 10 concurrent creates of the same content win', async () => {
    const bytes = new TextEncoder().encode('raced content');
    const signedIds = await Promise.all(Array.from({ length: 10 }, () => upload(h, bytes)));
    const responses = await Promise.all(signedIds.map((id, n) => postDocument(h, `race ${n}`, id)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    const winner = singleDocument(documentResource).parse(
      await responses.find((response) => response.status === 201)?.json(),
    );
    for (const response of responses.filter((r) => r.status === 409)) {
      const [error] = errorDocument.parse(await response.json()).errors;
      expect(error?.meta?.existing_document_id).toBe(winner.data.id);
    }
  });

  it('gives an expiring download link that serves the identical bytes with the content type', async () => {
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 7919) % 256);
    const created = await submit(h, bytes, { filename: 'scan ä.png', contentType: 'image/png' });
    const response = await h.api(`/v2/documents/${created.id}/download_url`);
    expect(response.status).toBe(200);
    const { download_url: url } = downloadUrlResponse.parse(await response.json());
    expect(url.startsWith(`${h.origin}/`)).toBe(true);

    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''scan%20%C3%A4.png");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
    // The link is its own credential: no key needed, and a changed token is refused.
    const at = url.indexOf('--') + 2;
    const tampered = `${url.slice(0, at)}${url[at] === '0' ? '1' : '0'}${url.slice(at + 1)}`;
    expect((await fetch(tampered)).status).toBe(403);
  });

  it('re-extracts on request: 202, a new attempt, a new outcome', async () => {
    const created = await submit(h, new TextEncoder().encode('reextract me'));
    await waitForOutcome(h, created.id);
    const response = await h.api(`/v2/documents/${created.id}/reextract`, { method: 'POST' });
    expect(response.status).toBe(202);
    expect(actionAcceptedResponse.parse(await response.json())).toEqual({ status: 'accepted' });
    const done = await waitForOutcome(h, created.id, { attempt: 2 });
    expect(done.data.attributes).toMatchObject({ extraction_attempts: 2, extraction_status: 'extracted' });
  });

  it('answers 404 JSON:API for reextract and download_url of an unknown document', async () => {
    for (const [method, path] of [
      ['POST', '/v2/documents/00000000-0000-0000-0000-000000000000/reextract'],
      ['GET', '/v2/documents/00000000-0000-0000-0000-000000000000/download_url'],
      ['GET', '/v2/documents/00000000-0000-0000-0000-000000000000'],
    ] as const) {
      const response = await h.api(path, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        errors: [{ status: '404', title: 'Not Found', code: 'not_found', detail: "Couldn't find Document" }],
      });
    }
  });
});
