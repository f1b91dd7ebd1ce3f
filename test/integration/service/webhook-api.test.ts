import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentWebhookPayload } from '../../../src/contract/document-webhook.ts';
import { errorDocument, listDocument, singleDocument } from '../../../src/contract/json-api.ts';
import { webhookNotificationResource, webhookResource } from '../../../src/contract/webhook.ts';
import { webhookEvents } from '../../../src/contract/webhook-events.ts';
import { waitFor } from '../../support/wait-for.ts';
import { ACCOUNT_B, useWebhookFixtures } from './webhook-harness.ts';

const { harness, receiver } = useWebhookFixtures();

const createBody = (attributes: Record<string, unknown>) => ({ data: { type: 'webhook', attributes } });

const VALID = { url: 'https://hooks.example.com/stevedore', events: ['document.extracted'] };

const firstError = async (response: Response) => {
  const { errors } = errorDocument.parse(await response.json());
  return errors[0];
};

describe('webhooks API', () => {
  it('creates a webhook with a server-generated secret and defaults', async () => {
    const h = harness();
    const response = await h.request('POST', '/v2/webhooks', {
      body: createBody({ ...VALID, headers: [{ name: 'x-api-key', value: 'k' }] }),
    });
    expect(response.status).toBe(201);
    const { data } = singleDocument(webhookResource).parse(await response.json());
    expect(data.attributes).toMatchObject({
      url: VALID.url,
      active: true,
      events: ['document.extracted'],
      headers: [{ name: 'X-Api-Key', value: 'k' }],
    });
    expect(data.attributes.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  });

  it('lists, reads, updates and deletes webhooks of the account only', async () => {
    const h = harness();
    const { id } = await h.createWebhook(VALID);
    await h.createWebhook({ ...VALID, url: 'https://other.example.com/' });
    await h.createWebhook(VALID, ACCOUNT_B);

    const list = listDocument(webhookResource).parse(
      await (await h.request('GET', '/v2/webhooks?page[size]=1')).json(),
    );
    expect(list.meta).toEqual({ size: 1, total: 2 });
    expect(list.data.map((webhook) => webhook.id)).toEqual([id]);
    expect(new URL(list.links.next ?? '').searchParams.get('page[number]')).toBe('2');

    expect((await h.request('GET', `/v2/webhooks/${id}`)).status).toBe(200);
    expect((await h.request('GET', `/v2/webhooks/${id}`, { account: ACCOUNT_B })).status).toBe(404);

    const patch = await h.request('PATCH', `/v2/webhooks/${id}`, {
      body: createBody({
        active: false,
        events: ['document.extracted', 'document.extraction_failed'],
        headers: null,
      }),
    });
    expect(patch.status).toBe(200);
    const patched = singleDocument(webhookResource).parse(await patch.json()).data;
    expect(patched.attributes).toMatchObject({ url: VALID.url, active: false, headers: null });
    expect(patched.attributes.events).toHaveLength(2);
    expect(
      (
        await h.request('PATCH', `/v2/webhooks/${id}`, {
          body: createBody({ active: true }),
          account: ACCOUNT_B,
        })
      ).status,
    ).toBe(404);

    expect((await h.request('DELETE', `/v2/webhooks/${id}`, { account: ACCOUNT_B })).status).toBe(404);
    const deleted = await h.request('DELETE', `/v2/webhooks/${id}`);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ meta: {} });
    expect((await h.request('GET', `/v2/webhooks/${id}`)).status).toBe(404);
    expect((await h.request('DELETE', `/v2/webhooks/${id}`)).status).toBe(404);
  });

  it.each([
    ['a missing url', { events: VALID.events }, '/data/attributes/url', "Url can't be blank"],
    ['a non-http url', { ...VALID, url: 'ftp://example.com/' }, '/data/attributes/url', undefined],
    ['no events', { ...VALID, events: [] }, '/data/attributes/events', undefined],
    [
      'duplicate events',
      { ...VALID, events: ['document.extracted', 'document.extracted'] },
      '/data/attributes/events',
      undefined,
    ],
    ['an unknown event', { ...VALID, events: ['document.lost'] }, '/data/attributes/events/0', undefined],
    [
      'a reserved header',
      { ...VALID, headers: [{ name: 'webhook-signature', value: 'x' }] },
      '/data/attributes/headers/0/name',
      undefined,
    ],
    [
      'a header value with a line break',
      { ...VALID, headers: [{ name: 'X-A', value: 'a\r\nB: c' }] },
      '/data/attributes/headers/0/value',
      undefined,
    ],
  ])('rejects %s with 422 and a pointer', async (_, attributes, pointer, detail) => {
    const h = harness();
    const response = await h.request('POST', '/v2/webhooks', { body: createBody(attributes) });
    expect(response.status).toBe(422);
    const error = await firstError(response);
    expect(error?.source?.pointer).toBe(pointer);
    if (detail !== undefined) expect(error?.detail).toBe(detail);
  });

  it('rejects private literal targets at registration unless private targets are allowed', async () => {
    const guarded = harness({ allowPrivateTargets: false });
    for (const url of ['http://127.0.0.1:8080/', 'http://localhost/', 'http://[::1]/', 'http://10.1.2.3/']) {
      const response = await guarded.request('POST', '/v2/webhooks', { body: createBody({ ...VALID, url }) });
      expect(response.status, url).toBe(422);
      expect((await firstError(response))?.source?.pointer).toBe('/data/attributes/url');
    }
    const { id } = await guarded.createWebhook(VALID);
    const patch = await guarded.request('PATCH', `/v2/webhooks/${id}`, {
      body: createBody({ url: 'http://169.254.169.254/latest/meta-data' }),
    });
    expect(patch.status).toBe(422);

    const open = harness({ allowPrivateTargets: true });
    expect(
      (
        await open.request('POST', '/v2/webhooks', {
          body: createBody({ ...VALID, url: 'http://127.0.0.1:8080/' }),
        })
      ).status,
    ).toBe(201);
  });

  it('answers 422 to an empty body: no parameters, so no data (a body of another type is a 415: conformance-operations)', async () => {
    const h = harness();
    const response = await h.request('POST', '/v2/webhooks', { body: undefined });
    expect(response.status).toBe(422);
  });

  it('lists the event catalogue grouped by category', async () => {
    const h = harness();
    const body = z
      .object({
        data: z.array(
          z.object({
            id: z.string(),
            type: z.literal('webhook_event_category'),
            attributes: z.object({
              name: z.string(),
              events: z.array(z.object({ name: z.string(), description: z.string().min(1) })),
            }),
          }),
        ),
      })
      .parse(await (await h.request('GET', '/v2/webhooks/events')).json());
    const names = body.data.flatMap((category) => category.attributes.events.map((event) => event.name));
    expect(names.toSorted()).toEqual([...webhookEvents].sort());
    expect(body.data[0]?.id).toBe('tracking-request-events');
  });
});

describe('webhook notifications API', () => {
  it('lists the account’s notifications newest first, filters by status and includes logs', async () => {
    const h = harness();
    const { id: webhookId } = await h.createWebhook(VALID);
    h.publish({ documentId: 'doc-old' });
    h.clock.advance(1_000);
    h.publish({ documentId: 'doc-new' });

    const list = listDocument(webhookNotificationResource).parse(
      await (await h.request('GET', '/v2/webhook_notifications')).json(),
    );
    expect(list.meta.total).toBe(2);
    expect(list.data.map((n) => n.relationships.reference_object.data)).toEqual([
      { id: 'doc-new', type: 'document' },
      { id: 'doc-old', type: 'document' },
    ]);
    expect(list.data[0]?.relationships.webhook.data).toEqual({ id: webhookId, type: 'webhook' });
    expect(list.data[0]?.attributes.delivery_status).toBe('pending');

    const other = await (await h.request('GET', '/v2/webhook_notifications', { account: ACCOUNT_B })).json();
    expect(other).toMatchObject({ data: [], meta: { total: 0 } });
    const id = list.data[0]?.id ?? '';
    expect((await h.request('GET', `/v2/webhook_notifications/${id}`, { account: ACCOUNT_B })).status).toBe(
      404,
    );
    const one = singleDocument(webhookNotificationResource).parse(
      await (await h.request('GET', `/v2/webhook_notifications/${id}?include=webhook`)).json(),
    );
    expect(one.included).toHaveLength(1);

    // Deleting the webhook fails its pending notifications with a log entry saying why.
    await h.request('DELETE', `/v2/webhooks/${webhookId}`);
    h.module.start();
    await waitFor(async () => (await h.notifications()).every((n) => n.status === 'failed'), 'failed');
    const [failed] = await h.notifications();
    expect(failed?.logs[0]?.error).toBe('not sent: the webhook was deleted');

    const byStatus = async (status: string) =>
      listDocument(webhookNotificationResource).parse(
        await (await h.request('GET', `/v2/webhook_notifications?filter[delivery_status]=${status}`)).json(),
      ).meta.total;
    expect(await byStatus('failed')).toBe(2);
    expect(await byStatus('pending')).toBe(0);
  });

  it('rejects an unknown status filter or include with 400 and the parameter', async () => {
    const h = harness();
    const badFilter = await h.request('GET', '/v2/webhook_notifications?filter[delivery_status]=lost');
    expect(badFilter.status).toBe(400);
    expect((await firstError(badFilter))?.source?.parameter).toBe('filter[delivery_status]');
    const badInclude = await h.request('GET', '/v2/webhook_notifications?include=bogus');
    expect(badInclude.status).toBe(400);
    expect((await firstError(badInclude))?.source?.parameter).toBe('include');
  });

  it('serves example payloads with data as an array', async () => {
    const h = harness();
    const documentExample = z
      .object({ data: z.array(documentWebhookPayload.shape.data).length(1), included: z.array(z.unknown()) })
      .parse(
        await (await h.request('GET', '/v2/webhook_notifications/examples?event=document.extracted')).json(),
      );
    const [data] = documentExample.data;
    expect(() => documentWebhookPayload.parse({ data, included: documentExample.included })).not.toThrow();

    for (const event of webhookEvents.filter((name) => !name.startsWith('document.'))) {
      const response = await h.request('GET', `/v2/webhook_notifications/examples?event=${event}`);
      const example = listDocument(webhookNotificationResource).parse(await response.json());
      expect(example.data[0]?.attributes.event).toBe(event);
    }
  });

  it.each([['examples'], ['examples?event='], ['examples?event=container.teleported']])(
    'answers 400 with source.parameter "event" to %s',
    async (path) => {
      const h = harness();
      const response = await h.request('GET', `/v2/webhook_notifications/${path}`);
      expect(response.status).toBe(400);
      expect((await firstError(response))?.source?.parameter).toBe('event');
    },
  );

  it('shows attempt logs of delivered notifications', async () => {
    const target = await receiver(() => ({ status: 202 }));
    const h = harness();
    await h.createWebhook({ ...VALID, url: target.url });
    h.publish({});
    h.module.start();
    const notification = await waitFor(async () => {
      const [n] = await h.notifications();
      return n?.status === 'succeeded' ? n : undefined;
    }, 'delivery');
    expect(notification.logs).toMatchObject([{ attempt: 1, status_code: 202, succeeded: true }]);
  });
});
