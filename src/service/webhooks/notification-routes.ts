import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { deliveryStatuses } from '../../contract/webhook.ts';
import { webhookEvent } from '../../contract/webhook-events.ts';
import type { ServiceEnv } from '../http/env.ts';
import { readIncludeParam } from '../http/include-param.ts';
import { DEFAULT_PAGE_SIZE, listEnvelope, paginationMeta, readPage } from '../http/pagination.ts';
import { badRequest, notFound } from '../http/problem.ts';
import { echoedValue } from '../http/read-json.ts';
import type { DeliveryStatus, NotificationRecord, NotificationStore } from './notification-store.ts';
import { SAMPLE_TIME } from './sample-documents.ts';
import { SAMPLE_NOTIFICATION_ID, SAMPLE_WEBHOOK_ID, samplePayload } from './sample-payloads.ts';
import { toLogResource, toNotificationResource, toWebhookResource } from './webhook-serializer.ts';
import type { WebhookStore } from './webhook-store.ts';

/** The JSON:API resource a notification is about (its `reference_object`), or undefined if gone. */
export type FindReference = (accountId: string, type: string, id: string) => unknown;

export interface NotificationRoutesDeps {
  readonly notifications: NotificationStore;
  readonly webhooks: WebhookStore;
  readonly findReference?: FindReference;
}

const INCLUDABLE = ['webhook', 'webhook_notification_logs', 'reference_object'] as const;
type Includable = (typeof INCLUDABLE)[number];

const isIncludable = (value: string): value is Includable => INCLUDABLE.some((name) => name === value);

/** `include` as every route reads it (readIncludeParam), narrowed to what a notification relates to. */
const readInclude = (c: Context): ReadonlySet<Includable> =>
  new Set(
    [...readIncludeParam(c, 'WebhookNotificationSerializer', INCLUDABLE)]
      .map((name) => name.split('.')[0] ?? name)
      .filter(isIncludable),
  );

/** What a notification's own body is read for: the resources it carried in `included`. */
const sentBody = z.object({
  included: z.array(z.looseObject({ id: z.string(), type: z.string() })).optional(),
});

/**
 * The reference object as the notification's body carried it. An event (a transport event, a container
 * update) does not change once it happened, so the copy sent is the resource in full.
 */
const referenceInBody = (record: NotificationRecord): unknown => {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch {
    return undefined;
  }
  const parsed = sentBody.safeParse(body);
  if (!parsed.success) return undefined;
  return parsed.data.included?.find(
    (resource) => resource.id === record.referenceId && resource.type === record.referenceType,
  );
};

const hasAttributes = (resource: unknown): boolean =>
  resource !== null && typeof resource === 'object' && 'attributes' in resource;

const isStatus = (value: string): value is DeliveryStatus =>
  deliveryStatuses.some((status) => status === value);

const readStatusFilter = (c: Context): DeliveryStatus | undefined => {
  const raw = c.req.query('filter[delivery_status]');
  if (raw === undefined || raw === '') return undefined;
  if (!isStatus(raw)) {
    throw badRequest(
      `filter[delivery_status] must be one of ${deliveryStatuses.join(', ')}`,
      'filter[delivery_status]',
    );
  }
  return raw;
};

/** `/webhook_notifications`: what was sent to the account's webhooks, and sample payloads. */
export function notificationRoutes(deps: NotificationRoutesDeps): Hono<ServiceEnv> {
  const { notifications, webhooks } = deps;

  /** `data` and `included` for notifications of one account. */
  const present = (
    accountId: string,
    records: readonly NotificationRecord[],
    include: ReadonlySet<Includable>,
  ) => {
    const attempts = notifications.attempts(records.map((record) => record.id));
    const data = records.map((record) => toNotificationResource(record, attempts.get(record.id) ?? []));
    const included: unknown[] = [];
    if (include.has('webhook')) {
      for (const webhookId of new Set(records.map((record) => record.webhookId))) {
        const webhook = webhooks.find(accountId, webhookId);
        if (webhook !== undefined) included.push(toWebhookResource(webhook));
      }
    }
    if (include.has('webhook_notification_logs')) {
      for (const record of records) included.push(...(attempts.get(record.id) ?? []).map(toLogResource));
    }
    if (include.has('reference_object') && deps.findReference !== undefined) {
      const seen = new Set<string>();
      for (const record of records) {
        const key = `${record.referenceType}/${record.referenceId}`;
        if (seen.has(key)) continue;
        seen.add(key);
        // The live resource where there is one (a tracking request changes); else the copy the body sent.
        const live = deps.findReference(accountId, record.referenceType, record.referenceId);
        const resource = hasAttributes(live) ? live : (referenceInBody(record) ?? live);
        if (resource !== undefined) included.push(resource);
      }
    }
    return { data, ...(include.size > 0 ? { included } : {}) };
  };

  const app = new Hono<ServiceEnv>();

  // Before `/:id`, which would otherwise take "examples" for an id.
  app.get('/examples', (c) => {
    const raw = c.req.query('event');
    if (raw === undefined || raw === '') throw badRequest('event is required', 'event');
    const event = webhookEvent.safeParse(raw);
    if (!event.success) {
      const named = echoedValue(raw);
      throw badRequest(`${named === undefined ? 'event' : named} is not a known webhook event`, 'event');
    }
    // The sample always carries what its notification includes; an include it cannot have is still a 400.
    readInclude(c);
    const sample = samplePayload(event.data, {
      notificationId: SAMPLE_NOTIFICATION_ID,
      webhookId: SAMPLE_WEBHOOK_ID,
      createdAt: SAMPLE_TIME,
    });
    return c.json({
      data: [sample.data],
      included: sample.included,
      ...listEnvelope(c, { number: 1, size: DEFAULT_PAGE_SIZE, offset: 0 }, 1),
    });
  });

  app.get('/', (c) => {
    const accountId = c.get('account').id;
    const page = readPage(c);
    const include = readInclude(c);
    const { records, total } = notifications.list(accountId, {
      status: readStatusFilter(c),
      size: page.size,
      offset: page.offset,
    });
    // The live upstream adds `meta.pagination` to this list (reference §0).
    return c.json({
      ...present(accountId, records, include),
      links: listEnvelope(c, page, total).links,
      meta: paginationMeta(page, total),
    });
  });

  app.get('/:id', (c) => {
    const accountId = c.get('account').id;
    const include = readInclude(c);
    const record = notifications.find(accountId, c.req.param('id'));
    if (record === undefined) throw notFound('WebhookNotification');
    const { data, ...rest } = present(accountId, [record], include);
    return c.json({ data: data[0], ...rest });
  });

  return app;
}
