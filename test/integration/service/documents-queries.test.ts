import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentResource } from '../../../src/contract/document.ts';
import { emailSubmissionResource } from '../../../src/contract/email-submission.ts';
import { errorDocument, listDocument, singleDocument } from '../../../src/contract/json-api.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import type { ExtractDocument } from '../../../src/extraction/extract-document.ts';
import { DOCUMENT_SCHEMAS } from '../../../src/extraction/schemas/registry.ts';
import { documentTypesResponse } from '../../../src/service/documents/document-routes.ts';
import { documentSchemaResource } from '../../../src/service/documents/document-schema-routes.ts';
import { type Harness, startService, submit, waitForOutcome } from './service-harness.ts';

const documentList = listDocument(documentResource);

/** Classifies by the first word of the file, so the test decides each document's type. */
const byFirstWord: ExtractDocument = async (bytes) => {
  const word = new TextDecoder().decode(bytes).split(' ')[0] ?? '';
  const documentType = word === 'invoice' ? 'commercial_invoice' : word === 'bl' ? 'bill_of_lading' : 'other';
  return {
    ok: true,
    documentType,
    classificationNotes: null,
    schemaVersion: '2026-11-01',
    payload: { word },
  };
};

describe('document lists and lookups', () => {
  let h: Harness;
  const clock = new ManualClock(Date.UTC(2026, 10, 1));
  const ids: string[] = [];

  beforeAll(async () => {
    h = await startService({ clock, extract: byFirstWord });
    const files = [
      ['invoice one', 'invoice-1.pdf'],
      ['bl one', 'bl-1.pdf'],
      ['invoice two', 'invoice-2.pdf'],
      ['memo one', 'memo.pdf'],
      ['bl two', 'BL-2.pdf'],
    ] as const;
    for (const [text, filename] of files) {
      const created = await submit(h, new TextEncoder().encode(text), { filename });
      ids.push(created.id);
      clock.advance(1_000);
    }
    for (const id of ids) await waitForOutcome(h, id);
  });
  afterAll(async () => {
    await h.close();
  });

  const list = async (query: string) => {
    const response = await h.api(`/v2/documents${query}`);
    expect(response.status).toBe(200);
    return documentList.parse(await response.json());
  };

  it('pages newest first with the links of the pages that exist, and meta', async () => {
    const first = await list('?page[size]=2');
    expect(first.data.map((d) => d.id)).toEqual([ids[4], ids[3]]);
    expect(first.meta).toMatchObject({ size: 2, total: 5 });
    expect(new URL(first.links.next ?? '').searchParams.get('page[number]')).toBe('2');
    expect(new URL(first.links.last ?? '').searchParams.get('page[number]')).toBe('3');
    expect(first.links.prev).toBeUndefined();
    expect(first.links.first).toBeUndefined();

    const last = await list('?page[size]=2&page[number]=3');
    expect(last.data.map((d) => d.id)).toEqual([ids[0]]);
    expect(last.links.next).toBeUndefined();
    expect(last.links.last).toBeUndefined();
    expect(new URL(last.links.first ?? '').searchParams.get('page[number]')).toBe('1');
    expect(new URL(last.links.prev ?? '').searchParams.get('page[number]')).toBe('2');
  });

  it('follows next and prev links (cursors) through every page, in both directions', async () => {
    for (const sort of ['-created_at', 'created_at', 'document_type', '-document_type,created_at']) {
      const byNumber: string[] = [];
      for (let n = 1; n <= 3; n += 1) {
        byNumber.push(...(await list(`?sort=${sort}&page[size]=2&page[number]=${n}`)).data.map((d) => d.id));
      }
      expect(byNumber.sort()).toEqual([...ids].sort());

      const forwards: string[] = [];
      let page = await list(`?sort=${sort}&page[size]=2`);
      forwards.push(...page.data.map((d) => d.id));
      while (page.links.next !== undefined) {
        page = await list(new URL(page.links.next).search);
        forwards.push(...page.data.map((d) => d.id));
      }
      const numbered = [];
      for (let n = 1; n <= 3; n += 1) {
        numbered.push(...(await list(`?sort=${sort}&page[size]=2&page[number]=${n}`)).data.map((d) => d.id));
      }
      expect(forwards).toEqual(numbered);

      const backwards: string[] = [];
      page = await list(`?sort=${sort}&page[size]=2&page[number]=3`);
      backwards.unshift(...page.data.map((d) => d.id));
      while (page.links.prev !== undefined) {
        page = await list(new URL(page.links.prev).search);
        backwards.unshift(...page.data.map((d) => d.id));
      }
      expect(backwards).toEqual(numbered);
    }
  });

  it('refuses a cursor that is forged or belongs to another sort', async () => {
    const page = await list('?page[size]=2');
    const cursor = new URL(page.links.next ?? '').searchParams.get('page[after]') ?? '';
    for (const query of [
      `?sort=created_at&page[after]=${cursor}`,
      '?page[after]=not-a-cursor',
      `?page[after]=${Buffer.from('[1,2]').toString('base64url')}`,
      `?page[after]=${cursor}&page[before]=${cursor}`,
    ]) {
      const response = await h.api(`/v2/documents${query}`);
      expect(response.status).toBe(400);
      expect(errorDocument.parse(await response.json()).errors[0]?.code).toBe('invalid_parameter');
    }
  });

  it('answers an empty page, never a 500, for page numbers past any list', async () => {
    for (const number of ['1e308', '9223372036854775808', '1000000001', '1000000000']) {
      const beyond = await list(`?page[number]=${number}`);
      expect(beyond.data, number).toEqual([]);
      expect(beyond.links.next, number).toBeUndefined();
    }
  });

  it('reads a page number as the upstream does: below 1 or not a number is page 1, a fraction its whole part', async () => {
    for (const number of ['0', '-1', '1.5', '0x10', 'Infinity', 'x']) {
      const page = await list(`?page[size]=2&page[number]=${number}`);
      expect(
        page.data.map((d) => d.id),
        number,
      ).toEqual([ids[4], ids[3]]);
    }
  });

  it('sorts by created_at and document_type, - for descending', async () => {
    expect((await list('?sort=created_at')).data.map((d) => d.id)).toEqual(ids);
    const byType = await list('?sort=document_type,-created_at');
    expect(byType.data.map((d) => d.attributes.document_type)).toEqual([
      'bill_of_lading',
      'bill_of_lading',
      'commercial_invoice',
      'commercial_invoice',
      'other',
    ]);
    expect(byType.data[0]?.id).toBe(ids[4]);
    const bad = await h.api('/v2/documents?sort=size');
    expect(bad.status).toBe(400);
    expect(errorDocument.parse(await bad.json()).errors[0]?.source).toEqual({ parameter: 'sort' });
  });

  it('filters by filename (substring, any case) and by a comma list of document types', async () => {
    expect((await list('?filter[filename]=bl-')).data.map((d) => d.id).sort()).toEqual(
      [ids[1], ids[4]].sort(),
    );
    const types = await list('?filter[document_types]=commercial_invoice,other');
    expect(types.meta.total).toBe(3);
    expect(new URL(types.links.self).searchParams.get('filter[document_types]')).toBe(
      'commercial_invoice,other',
    );
    const bad = await h.api('/v2/documents?filter[document_types]=menu');
    expect(bad.status).toBe(400);
  });

  it('includes representations in lists on request', async () => {
    const response = await h.api('/v2/documents?include=last_document_representation&page[size]=2');
    const body = documentList.parse(await response.json());
    expect(body.included).toHaveLength(2);
  });

  it('lists the document types with labels', async () => {
    const response = await h.api('/v2/documents/types');
    expect(response.status).toBe(200);
    const body = documentTypesResponse.parse(await response.json());
    expect(body.document_types).toContainEqual(
      expect.objectContaining({ code: 'commercial_invoice', label: 'Commercial Invoice' }),
    );
    expect(body.document_types).toHaveLength(Object.keys(DOCUMENT_SCHEMAS).length);
  });

  it('serves a document schema by <type>@<version> and 404s an unknown one', async () => {
    const { schemaVersion } = DOCUMENT_SCHEMAS.bill_of_lading;
    const response = await h.api(`/v2/document_schemas/bill_of_lading@${schemaVersion}`);
    expect(response.status).toBe(200);
    const body = singleDocument(documentSchemaResource).parse(await response.json());
    expect(body.data).toMatchObject({
      id: `bill_of_lading@${schemaVersion}`,
      type: 'document_schema',
      attributes: {
        document_type: 'bill_of_lading',
        schema_format: 'json_schema',
        schema_version: schemaVersion,
      },
    });
    expect(body.data.attributes.schema_payload).toHaveProperty('properties.bill_of_lading_number');
    expect((await h.api('/v2/document_schemas/bill_of_lading@1999-01-01')).status).toBe(404);
  });

  it('lists email submissions (none yet) and 404s an unknown one', async () => {
    const response = await h.api('/v2/email_submissions');
    expect(response.status).toBe(200);
    const body = listDocument(emailSubmissionResource).parse(await response.json());
    expect(body).toMatchObject({ data: [], included: [], meta: { total: 0 } });
    expect((await h.api('/v2/email_submissions/nope')).status).toBe(404);
    const badInclude = await h.api('/v2/email_submissions?include=shipments');
    expect(badInclude.status).toBe(400);
  });
});
