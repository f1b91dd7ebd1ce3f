import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractDocument } from '../../../src/extraction/extract-document.ts';
import { type Harness, startService, submit, waitForOutcome } from './service-harness.ts';

const extractOther: ExtractDocument = async () => ({
  ok: true,
  documentType: 'other',
  classificationNotes: null,
  schemaVersion: '2026-11-01',
  payload: {},
});

/** The finding: `include=reference_object`, a relationship the upstream documents, was a 400. */
describe('webhook notifications include their reference object', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startService({ extract: extractOther });
  });
  afterAll(async () => {
    await h.close();
  });

  it('include=reference_object puts the document a notification is about in included', async () => {
    const hook = await h.api('/v2/webhooks', {
      method: 'POST',
      json: {
        data: {
          type: 'webhook',
          attributes: { url: 'https://hooks.example.invalid/x', events: ['document.extracted'] },
        },
      },
    });
    expect(hook.status).toBe(201);
    const document = await submit(h, new TextEncoder().encode('memo'), { filename: 'memo.pdf' });
    await waitForOutcome(h, document.id);

    const response = await h.api('/v2/webhook_notifications?include=reference_object');
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      data: Array<{ relationships: { reference_object: { data: { id: string; type: string } } } }>;
      included: Array<{ id: string; type: string }>;
    };
    expect(body.data[0]?.relationships.reference_object.data).toEqual({ id: document.id, type: 'document' });
    expect(body.included).toEqual([expect.objectContaining({ id: document.id, type: 'document' })]);
  });
});
