import { DOCUMENT_EVENT_PAYLOAD_VERSION } from '../../contract/document-webhook.ts';
import type { DocumentEvent } from '../../contract/webhook-events.ts';

/**
 * The body of a document event in the upstream's document envelope: a `document` relationship and a
 * payload `version`, no `reference_object` or `webhook` relationship. `delivery_status` is `pending` as the
 * upstream sends it; the notification resource, not the payload, reports how delivery went.
 */
export const documentEventPayload = (input: {
  readonly notificationId: string;
  readonly event: DocumentEvent;
  readonly documentId: string;
  readonly createdAt: string;
  readonly included: readonly unknown[];
}) => ({
  data: {
    id: input.notificationId,
    type: 'webhook_notification' as const,
    attributes: {
      event: input.event,
      delivery_status: 'pending' as const,
      created_at: input.createdAt,
      version: DOCUMENT_EVENT_PAYLOAD_VERSION,
    },
    relationships: { document: { data: { id: input.documentId, type: 'document' as const } } },
  },
  included: input.included,
});
