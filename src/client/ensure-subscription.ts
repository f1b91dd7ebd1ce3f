import type { WebhookResource } from '../contract/webhook.ts';
import { documentEvents } from '../contract/webhook-events.ts';
import type { ServiceClient } from './service-client.ts';

/** Marks the subscription of one worker installation, so a moved receiver updates it in place. */
export const WORKER_HEADER = 'X-Stevedore-Worker';

const isOurs = (webhook: WebhookResource, url: string, workerId: string): boolean =>
  webhook.attributes.url === url ||
  (webhook.attributes.headers ?? []).some(
    (header) => header.name.toLowerCase() === WORKER_HEADER.toLowerCase() && header.value === workerId,
  );

/**
 * Makes sure exactly one active webhook posts document events to this worker's receiver: creates it
 * when missing, points it at `url` when the receiver moved, re-activates it when it was switched off,
 * and removes extra copies a crashed start may have left.
 */
export const ensureDocumentSubscription = async (
  client: ServiceClient,
  url: string,
  workerId: string,
): Promise<WebhookResource> => {
  const headers = [{ name: WORKER_HEADER, value: workerId }];
  const [keep, ...extra] = (await client.listWebhooks()).filter((webhook) => isOurs(webhook, url, workerId));
  for (const webhook of extra) await client.deleteWebhook(webhook.id);
  if (!keep) return client.createWebhook({ url, active: true, events: [...documentEvents], headers });
  const { attributes } = keep;
  const complete = documentEvents.every((event) => attributes.events.includes(event));
  const marked = (attributes.headers ?? []).some((header) => header.value === workerId);
  if (attributes.url === url && attributes.active && complete && marked) return keep;
  return client.updateWebhook(keep.id, {
    url,
    active: true,
    events: [...new Set([...attributes.events, ...documentEvents])],
    headers,
  });
};
