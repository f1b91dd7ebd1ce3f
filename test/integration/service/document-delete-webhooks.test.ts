import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentWebhookPayload } from '../../../src/contract/document-webhook.ts';
import type { ExtractDocument } from '../../../src/extraction/extract-document.ts';
import { type Harness, startService, submit, subscribeDocumentEvents } from './service-harness.ts';
import { type Receiver, startReceiver } from './webhook-harness.ts';

describe('a deleted document sends no more webhooks', () => {
  let h: Harness;
  let receiver: Receiver;
  /** The deliveries so far, parsed. */
  let received: () => DocumentWebhookPayload[] = () => [];
  let release: () => void = () => undefined;
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });

  /** Holds documents whose text starts with "hold" until the test releases them. */
  const extract: ExtractDocument = async (bytes) => {
    if (new TextDecoder().decode(bytes).startsWith('hold')) {
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      markStarted();
      await gate;
    }
    return {
      ok: true,
      documentType: 'other',
      classificationNotes: null,
      schemaVersion: '2026-11-01',
      payload: {},
    };
  };

  beforeAll(async () => {
    receiver = await startReceiver(() => ({ status: 204 }));
    h = await startService({ extract, config: { allowPrivateWebhooks: true } });
    received = await subscribeDocumentEvents(
      h,
      receiver.url,
      ['document.extracted'],
      () => receiver.requests,
    );
  });
  afterAll(async () => {
    await h.close();
    await receiver.close();
  });

  it('a document deleted while it is extracted gets no document.extracted', async () => {
    const doomed = await submit(h, new TextEncoder().encode('hold this one'), { filename: 'doomed.txt' });
    await started;
    expect((await h.api(`/v2/documents/${doomed.id}`, { method: 'DELETE' })).status).toBe(204);
    release();
    // A later document's webhook arriving shows the queue has moved past the deleted one.
    const kept = await submit(h, new TextEncoder().encode('keep this one'), { filename: 'kept.txt' });
    await expect.poll(() => received().map((p) => p.data.relationships.document.data?.id)).toContain(kept.id);
    expect(received().map((p) => p.data.relationships.document.data?.id)).not.toContain(doomed.id);
  });
});
