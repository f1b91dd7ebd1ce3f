/**
 * Webhook signature headers. Every delivery carries the upstream's body-only signature and the
 * Standard Webhooks trio, whose timestamp lets a receiver reject replays.
 */
export const SIGNATURE_HEADER = 'x-t49-webhook-signature';
export const STANDARD_WEBHOOK_ID_HEADER = 'webhook-id';
export const STANDARD_WEBHOOK_TIMESTAMP_HEADER = 'webhook-timestamp';
export const STANDARD_WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';
