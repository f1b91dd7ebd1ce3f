import { Hono } from 'hono';
import type { ServiceEnv } from '../http/env.ts';
import { readIncludeParam } from '../http/include-param.ts';
import { EVENT_CATALOGUE } from './event-catalogue.ts';

/** `GET /webhooks/events`: the event catalogue, grouped as the upstream groups it. */
export function eventRoutes(): Hono<ServiceEnv> {
  const body = {
    data: EVENT_CATALOGUE.map((category) => ({
      id: category.id,
      type: 'webhook_event_category' as const,
      attributes: { name: category.name, events: category.events },
    })),
  };
  return new Hono<ServiceEnv>().get('/events', (c) => {
    // Categories relate to nothing: any include is the upstream's 400, as on every other route.
    readIncludeParam(c, 'WebhookEventCategorySerializer', []);
    return c.json(body);
  });
}
