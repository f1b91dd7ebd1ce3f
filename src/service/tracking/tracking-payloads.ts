import type { WebhookEvent } from '../../contract/webhook-events.ts';
import type { Identifier, Resource } from './tracking-serializers.ts';

/**
 * The common envelope of every non-document webhook event (reference §2.5): the notification, its
 * reference object and webhook, and the resources the receiver needs in `included`.
 */
export function resourceEventPayload(
  notification: { id: string; webhookId: string; createdAt: string },
  event: WebhookEvent,
  reference: Identifier,
  included: readonly Resource[],
): unknown {
  return {
    data: {
      id: notification.id,
      type: 'webhook_notification',
      attributes: {
        id: notification.id,
        event,
        delivery_status: 'pending',
        created_at: notification.createdAt,
      },
      relationships: {
        reference_object: { data: { id: reference.id, type: reference.type } },
        webhook: { data: { id: notification.webhookId, type: 'webhook' } },
        webhook_notification_logs: { data: [] },
      },
    },
    included,
  };
}
