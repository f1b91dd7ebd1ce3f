import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocumentWebhookPayload, findIncluded } from '../../../src/contract/document-webhook.ts';
import type { ExtractDocument } from '../../../src/extraction/extract-document.ts';
import {
  type Harness,
  startService,
  submit,
  subscribeDocumentEvents,
  waitForOutcome,
} from './service-harness.ts';
import { type Receiver, startReceiver } from './webhook-harness.ts';

/** Fails documents whose text starts with "fail", so one test sees both events. */
const extract: ExtractDocument = async (bytes) =>
  new TextDecoder().decode(bytes).startsWith('fail')
    ? { ok: false, reason: 'unreadable', detail: 'asked to fail', documentType: null }
    : {
        ok: true,
        documentType: 'other',
        classificationNotes: 'by test',
        schemaVersion: '2026-11-01',
        payload: { n: 1 },
      };

describe('document events reach subscribed webhooks', () => {
  let h: Harness;
  let receiver: Receiver;
  /** The deliveries so far, parsed. */
  let received: () => DocumentWebhookPayload[] = () => [];

  beforeAll(async () => {
    receiver = await startReceiver(() => ({ status: 204 }));

    h = await startService({ extract, config: { allowPrivateWebhooks: true } });
    received = await subscribeDocumentEvents(
      h,
      receiver.url,
      ['document.extracted', 'document.extraction_failed'],
      () => receiver.requests,
    );
  });
  afterAll(async () => {
    await h.close();
    await receiver.close();
  });

  it('delivers document.extracted with the document and its representation in included', async () => {
    const document = await submit(h, new TextEncoder().encode('succeed please'), { filename: 's.txt' });
    await waitForOutcome(h, document.id);
    await expect
      .poll(() => received().some((p) => p.data.relationships.document.data?.id === document.id))
      .toBe(true);
    const payload = received().find((p) => p.data.relationships.document.data?.id === document.id);
    expect(payload?.data.attributes.event).toBe('document.extracted');
    if (payload === undefined) return;
    expect(findIncluded(payload, 'document')?.attributes).toMatchObject({
      extraction_status: 'extracted',
      extraction_attempts: 1,
      source: 'api',
    });
    expect(findIncluded(payload, 'document_representation')?.attributes.payload).toEqual({ n: 1 });
  });

  it('delivers document.extraction_failed with the reason and no representation', async () => {
    const document = await submit(h, new TextEncoder().encode('fail please'), { filename: 'f.txt' });
    await waitForOutcome(h, document.id);
    await expect
      .poll(() => received().some((p) => p.data.relationships.document.data?.id === document.id))
      .toBe(true);
    const payload = received().find((p) => p.data.relationships.document.data?.id === document.id);
    expect(payload?.data.attributes.event).toBe('document.extraction_failed');
    if (payload === undefined) return;
    expect(findIncluded(payload, 'document')?.attributes.extraction_error).toEqual({
      reason: 'unreadable',
      detail: 'asked to fail',
    });
    expect(findIncluded(payload, 'document_representation')).toBeUndefined();
  });
});
