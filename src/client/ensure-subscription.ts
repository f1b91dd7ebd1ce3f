import type { WebhookResource } from '../contract/webhook.ts';
import { documentEvents } from '../contract/webhook-events.ts';
import type { ServiceClient } from './service-client.ts';

/**
 * Makes sure exactly one active webhook posts document events to `url`: creates it when missing,
 * re-activates it when it was switched off, and removes extra copies a crashed start may have left.
 */
export const ensureDocumentSubscription = async (
  client: ServiceClient,
  url: string,
): Promise<WebhookResource> => {
  const matching = (await client.listWebhooks()).filter((webhook) => webhook.attributes.url === url);
  const [keep, ...extra] = matching;
  for (const webhook of extra) await client.deleteWebhook(webhook.id);
  if (!keep) return client.createWebhook({ url, active: true, events: [...documentEvents] });
  const events = keep.attributes.events;
  const complete = documentEvents.every((event) => events.includes(event));
  if (keep.attributes.active && complete) return keep;
  return client.updateWebhook(keep.id, {
    active: true,
    events: [...new Set([...events, ...documentEvents])],
  });
};
