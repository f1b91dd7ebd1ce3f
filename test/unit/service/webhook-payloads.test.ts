import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_EVENT_PAYLOAD_VERSION,
  documentWebhookPayload,
} from '../../../src/contract/document-webhook.ts';
import { webhookNotificationResource } from '../../../src/contract/webhook.ts';
import { documentEvents, webhookEvents } from '../../../src/contract/webhook-events.ts';
import { documentEventPayload } from '../../../src/service/webhooks/document-payload.ts';
import { EVENT_CATALOGUE } from '../../../src/service/webhooks/event-catalogue.ts';
import { sampleDocumentIncluded } from '../../../src/service/webhooks/sample-documents.ts';
import { samplePayload } from '../../../src/service/webhooks/sample-payloads.ts';

const context = { notificationId: 'n-1', webhookId: 'w-1', createdAt: '2026-03-10T12:00:00.000Z' };

describe('document event payload', () => {
  it.each(documentEvents)('%s matches the contract envelope', (event) => {
    const payload = documentWebhookPayload.parse(
      documentEventPayload({
        notificationId: 'n-1',
        event,
        documentId: 'doc-1',
        createdAt: context.createdAt,
        included: sampleDocumentIncluded(event),
      }),
    );
    expect(payload.data).toEqual({
      id: 'n-1',
      type: 'webhook_notification',
      attributes: {
        event,
        delivery_status: 'pending',
        created_at: context.createdAt,
        version: DOCUMENT_EVENT_PAYLOAD_VERSION,
      },
      relationships: { document: { data: { id: 'doc-1', type: 'document' } } },
    });
    expect(payload.data).not.toHaveProperty('relationships.reference_object');
  });
});

describe('sample payloads', () => {
  it.each(webhookEvents)('%s has a sample in its event’s envelope', (event) => {
    const sample = samplePayload(event, context);
    if (event.startsWith('document.')) {
      expect(() => documentWebhookPayload.parse(sample)).not.toThrow();
    } else {
      expect(webhookNotificationResource.parse(sample.data).attributes.event).toBe(event);
      expect(sample.included.length).toBeGreaterThan(0);
    }
  });
});

describe('event catalogue', () => {
  it('lists every event exactly once', () => {
    const listed = EVENT_CATALOGUE.flatMap((category) => category.events.map(({ name }) => name));
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.toSorted()).toEqual([...webhookEvents].sort());
  });
});
