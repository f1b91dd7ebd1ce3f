import { z } from 'zod';
import { resourceIdentifier, toMany, toOne } from './json-api.ts';
import { webhookEvent } from './webhook-events.ts';

export const webhookHeader = z.object({ name: z.string().min(1).max(100), value: z.string().max(1000) });

export const webhookAttributes = z.object({
  url: z.string(),
  active: z.boolean(),
  events: z.array(webhookEvent),
  secret: z.string(),
  headers: z.array(webhookHeader).nullable(),
  created_at: z.string(),
});

export const webhookResource = z.object({
  id: z.string(),
  type: z.literal('webhook'),
  attributes: webhookAttributes,
});
export type WebhookResource = z.infer<typeof webhookResource>;

/** Longer than any real receiver URL; a stored URL is echoed in every list and log line about it. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

const webhookWritable = {
  url: z
    .url({ protocol: /^https?$/, error: 'Url must be an http(s) URL' })
    .max(MAX_WEBHOOK_URL_LENGTH, `Url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`),
  active: z.boolean(),
  events: z
    .array(webhookEvent)
    .min(1, 'Events must name at least one event')
    .refine((events) => new Set(events).size === events.length, 'Events must be unique'),
  headers: z.array(webhookHeader).max(20).nullable(),
};

export const createWebhookRequest = z.object({
  data: z.object({
    type: z.literal('webhook'),
    attributes: z.object({
      url: webhookWritable.url,
      active: webhookWritable.active.default(true),
      events: webhookWritable.events,
      headers: webhookWritable.headers.optional(),
    }),
  }),
});
export type CreateWebhookRequest = z.input<typeof createWebhookRequest>;

export const updateWebhookRequest = z.object({
  data: z.object({
    type: z.literal('webhook'),
    /** Optional in a PATCH; when given it must be the id in the path (JSON:API answers a mismatch 409). */
    id: z.string().optional(),
    attributes: z.object(webhookWritable).partial(),
  }),
});
export type UpdateWebhookRequest = z.input<typeof updateWebhookRequest>;

export const deliveryStatuses = ['pending', 'succeeded', 'failed'] as const;

export const webhookNotificationResource = z.object({
  id: z.string(),
  type: z.literal('webhook_notification'),
  attributes: z.object({
    id: z.string(),
    event: webhookEvent,
    delivery_status: z.enum(deliveryStatuses),
    created_at: z.string(),
  }),
  relationships: z.object({
    webhook: toOne(resourceIdentifier('webhook')),
    reference_object: toOne(z.object({ id: z.string(), type: z.string() })),
    webhook_notification_logs: toMany(resourceIdentifier('webhook_notification_log')),
  }),
});
export type WebhookNotificationResource = z.infer<typeof webhookNotificationResource>;

export const triggerWebhookResponse = z.object({
  url: z.string(),
  succeeded: z.boolean(),
  error: z.string().nullable(),
  status_code: z.number().int().nullable(),
  request_headers: z.record(z.string(), z.string()),
  request_body: z.string(),
  response_body: z.string().nullable(),
});
