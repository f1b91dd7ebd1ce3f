import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { createWebhookRequest, updateWebhookRequest } from '../../contract/webhook.ts';
import type { Clock } from '../../domain/clock.ts';
import { generateWebhookSecret } from '../../domain/webhook-signature.ts';
import type { ServiceEnv } from '../http/env.ts';
import { readIncludeParam } from '../http/include-param.ts';
import { listEnvelope, readPage } from '../http/pagination.ts';
import { HttpProblem, notFound, unprocessable } from '../http/problem.ts';
import { readJson } from '../http/read-json.ts';
import { privateTargetReason, type TargetPolicy } from './target-guard.ts';
import { urlCredentialsProblem } from './url-credentials.ts';
import { capitaliseHeaderName, findHeaderProblem } from './webhook-headers.ts';
import { toWebhookResource } from './webhook-serializer.ts';
import type { WebhookHeader, WebhookStore } from './webhook-store.ts';

/** The name the upstream's 400 gives an include on webhooks, which relate to nothing. */
const WEBHOOK_SERIALIZER = 'WebhookSerializer';

export interface WebhookRoutesDeps {
  readonly webhooks: WebhookStore;
  readonly clock: Clock;
  readonly policy: TargetPolicy;
}

/**
 * Webhooks one account may register. Each event is sent to every matching webhook, so without a bound one
 * account could turn one event into thousands of deliveries and rows; the upstream states none, and an
 * integrator needs a handful (one per environment or consumer).
 */
export const MAX_WEBHOOKS_PER_ACCOUNT = 100;

/** `/webhooks` and `/webhooks/{id}`: register, list, read, change and delete webhooks. */
export function webhookRoutes(deps: WebhookRoutesDeps): Hono<ServiceEnv> {
  const { webhooks, clock } = deps;

  const checkUrl = (url: string | undefined): void => {
    if (url === undefined) return;
    const credentials = urlCredentialsProblem(url);
    if (credentials !== undefined) throw unprocessable(`Url ${credentials}`, '/data/attributes/url');
    const reason = privateTargetReason(url, deps.policy);
    if (reason !== undefined) {
      throw unprocessable(
        `Url must not point inside the network (${reason}); start the service with --allow-private-webhooks for local receivers`,
        '/data/attributes/url',
      );
    }
  };

  const normaliseHeaders = (
    headers: readonly WebhookHeader[] | null | undefined,
  ): readonly WebhookHeader[] | null | undefined => {
    if (headers === null || headers === undefined) return headers;
    const named = headers.map(({ name, value }) => ({ name: capitaliseHeaderName(name), value }));
    const problem = findHeaderProblem(named);
    if (problem !== undefined) {
      throw unprocessable(problem.detail, `/data/attributes/headers/${problem.index}/${problem.member}`);
    }
    return named;
  };

  const app = new Hono<ServiceEnv>();

  app.post('/', async (c) => {
    const { attributes } = (await readJson(c, createWebhookRequest)).data;
    checkUrl(attributes.url);
    const accountId = c.get('account').id;
    // Checked and written with no await between: concurrent creates cannot both take the last place.
    if (webhooks.list(accountId, { size: 0, offset: 0 }).total >= MAX_WEBHOOKS_PER_ACCOUNT) {
      throw new HttpProblem(
        422,
        'Unprocessable Entity',
        `An account may have at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks; delete one before adding another`,
        { pointer: '/data', code: 'too_many_webhooks' },
      );
    }
    const record = webhooks.create({
      id: randomUUID(),
      accountId: c.get('account').id,
      url: attributes.url,
      active: attributes.active,
      events: attributes.events,
      headers: normaliseHeaders(attributes.headers) ?? null,
      secret: generateWebhookSecret(),
      createdAt: clock.now(),
    });
    return c.json({ data: toWebhookResource(record) }, 201);
  });

  app.get('/', (c) => {
    readIncludeParam(c, WEBHOOK_SERIALIZER, []);
    const page = readPage(c);
    const { records, total } = webhooks.list(c.get('account').id, page);
    return c.json({ data: records.map(toWebhookResource), ...listEnvelope(c, page, total) });
  });

  app.get('/:id', (c) => {
    const record = webhooks.find(c.get('account').id, c.req.param('id'));
    if (record === undefined) throw notFound('Webhook');
    readIncludeParam(c, WEBHOOK_SERIALIZER, []);
    return c.json({ data: toWebhookResource(record) });
  });

  app.patch('/:id', async (c) => {
    const accountId = c.get('account').id;
    const id = c.req.param('id');
    // 404 before 422: whether the body is valid does not matter for a webhook that is not there.
    if (webhooks.find(accountId, id) === undefined) throw notFound('Webhook');
    const { attributes, id: bodyId } = (await readJson(c, updateWebhookRequest)).data;
    if (bodyId !== undefined && bodyId !== id) {
      throw new HttpProblem(
        409,
        'Conflict',
        `data.id ${bodyId} does not match the webhook ${id} in the path`,
        {
          code: 'id_mismatch',
          pointer: '/data/id',
        },
      );
    }
    checkUrl(attributes.url);
    const record = webhooks.update(
      accountId,
      id,
      {
        url: attributes.url,
        active: attributes.active,
        events: attributes.events,
        headers: normaliseHeaders(attributes.headers),
      },
      clock.now(),
    );
    if (record === undefined) throw notFound('Webhook');
    readIncludeParam(c, WEBHOOK_SERIALIZER, []);
    return c.json({ data: toWebhookResource(record) });
  });

  /** 200 with a meta-only document: the upstream answers 200, and JSON:API needs data, errors or meta. */
  app.delete('/:id', (c) => {
    if (!webhooks.delete(c.get('account').id, c.req.param('id'))) throw notFound('Webhook');
    return c.json({ meta: {} });
  });

  return app;
}
