import type { WebhookNotificationResource, WebhookResource } from '../../contract/webhook.ts';
import type { AttemptRecord, NotificationRecord } from './notification-store.ts';
import type { WebhookRecord } from './webhook-store.ts';

const iso = (ms: number): string => new Date(ms).toISOString();

export const toWebhookResource = (record: WebhookRecord): WebhookResource => ({
  id: record.id,
  type: 'webhook',
  attributes: {
    url: record.url,
    active: record.active,
    events: [...record.events],
    secret: record.secret,
    headers: record.headers === null ? null : [...record.headers],
    created_at: iso(record.createdAt),
  },
});

/**
 * The stored notification as the API shows it. Document events get the common notification shape here
 * (`reference_object` → the document), unlike their delivered body, which keeps the document envelope.
 */
export const toNotificationResource = (
  record: NotificationRecord,
  attempts: readonly AttemptRecord[],
): WebhookNotificationResource => ({
  id: record.id,
  type: 'webhook_notification',
  attributes: {
    id: record.id,
    event: record.event,
    delivery_status: record.status,
    created_at: iso(record.createdAt),
  },
  relationships: {
    webhook: { data: { id: record.webhookId, type: 'webhook' } },
    reference_object: { data: { id: record.referenceId, type: record.referenceType } },
    webhook_notification_logs: {
      data: attempts.map((attempt) => ({ id: attempt.id, type: 'webhook_notification_log' as const })),
    },
  },
});

/** One attempt, for `include=webhook_notification_logs`. Our own resource: the upstream shows only ids. */
export const toLogResource = (attempt: AttemptRecord) => ({
  id: attempt.id,
  type: 'webhook_notification_log' as const,
  attributes: {
    attempt: attempt.attempt,
    created_at: iso(attempt.attemptedAt),
    succeeded: attempt.succeeded,
    status_code: attempt.statusCode,
    error: attempt.error,
    duration_ms: attempt.durationMs,
  },
  relationships: {
    webhook_notification: { data: { id: attempt.notificationId, type: 'webhook_notification' as const } },
  },
});
