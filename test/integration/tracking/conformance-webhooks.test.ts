import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Receiver, startReceiver } from '../service/webhook-harness.ts';
import { expectError, read } from './conformance-support.ts';
import { startTracking, type TrackingHarness } from './tracking-harness.ts';

/**
 * Webhooks and webhook notifications against the upstream's `webhook` and `webhook_notification` schemas:
 * url, active, events, secret, headers; the notification envelope with reference_object and webhook.
 */
let h: TrackingHarness;
let receiver: Receiver;
let webhookId = '';

beforeAll(async () => {
  h = await startTracking();
  receiver = await startReceiver();
});
afterAll(async () => {
  await h.close();
  await receiver.close();
});

describe('webhooks', () => {
  test('POST 201 with the spec’s required attributes: url, active, events, secret (and headers)', async () => {
    const response = await h.api('/v2/webhooks', {
      method: 'POST',
      json: {
        data: {
          type: 'webhook',
          attributes: {
            url: receiver.url,
            events: ['tracking_request.succeeded', 'container.transport.vessel_arrived'],
            headers: [{ name: 'X-Team', value: 'ops' }],
          },
        },
      },
    });
    expect(response.status).toBe(201);
    const body = await read(response);
    webhookId = body.data.id;
    expect(body.data.type).toBe('webhook');
    expect(body.data.attributes).toMatchObject({
      url: receiver.url,
      active: true,
      events: ['tracking_request.succeeded', 'container.transport.vessel_arrived'],
      headers: [{ name: 'X-Team', value: 'ops' }],
      secret: expect.any(String),
    });
  });

  test('422 error objects for an invalid url or an unknown event, with pointers', async () => {
    const error = await expectError(
      await h.api('/v2/webhooks', {
        method: 'POST',
        json: {
          data: { type: 'webhook', attributes: { url: 'not a url', events: ['tracking_request.succeeded'] } },
        },
      }),
      422,
      { title: 'Unprocessable Entity', source: { pointer: '/data/attributes/url' } },
    );
    expect(error.detail).toBeTruthy();
    const unknown = await h.api('/v2/webhooks', {
      method: 'POST',
      json: { data: { type: 'webhook', attributes: { url: receiver.url, events: ['shipment.exploded'] } } },
    });
    expect(unknown.status).toBe(422);
    expect((await read(unknown)).errors?.[0]?.source?.pointer).toMatch(/^\/data\/attributes\/events/);
  });

  test('GET one, PATCH active, list with links; 404 for an unknown id', async () => {
    expect((await read(await h.api(`/v2/webhooks/${webhookId}`))).data.id).toBe(webhookId);
    const patched = await h.api(`/v2/webhooks/${webhookId}`, {
      method: 'PATCH',
      json: { data: { type: 'webhook', attributes: { active: false } } },
    });
    expect(patched.status).toBe(200);
    expect((await read(patched)).data.attributes.active).toBe(false);
    const list = await read(await h.api('/v2/webhooks'));
    expect(list.data.map((webhook) => webhook.id)).toContain(webhookId);
    expect(list.links).toHaveProperty('self');
    await expectError(await h.api('/v2/webhooks/00000000-0000-4000-8000-000000000000'), 404, {
      title: 'Not Found',
    });
  });

  test('GET /webhooks/ips is plain JSON with the sender addresses; /webhooks/events lists every tracking_request event', async () => {
    const ips = (await (await h.api('/v2/webhooks/ips')).json()) as { webhook_notification_ips: string[] };
    expect(ips.webhook_notification_ips.length).toBeGreaterThan(0);
    const events = JSON.stringify(await (await h.api('/v2/webhooks/events')).json());
    for (const name of ['succeeded', 'failed', 'awaiting_manifest', 'tracking_stopped']) {
      expect(events).toContain(`tracking_request.${name}`);
    }
  });
});

describe('webhook notifications', () => {
  test('examples: the notification envelope for an event; 400 naming `event` for an unknown one', async () => {
    const examples = await read(
      await h.api('/v2/webhook_notifications/examples?event=tracking_request.awaiting_manifest'),
    );
    const [example] = examples.data;
    expect(example?.type).toBe('webhook_notification');
    expect(example?.attributes).toMatchObject({
      event: 'tracking_request.awaiting_manifest',
      delivery_status: 'pending',
    });
    expect(Object.keys(example?.relationships ?? {})).toEqual(
      expect.arrayContaining(['reference_object', 'webhook']),
    );
    await expectError(await h.api('/v2/webhook_notifications/examples?event=nope'), 400, {
      source: { parameter: 'event' },
    });
  });

  test('the list is paged with meta.pagination; 404 for an unknown notification', async () => {
    const list = await read(await h.api('/v2/webhook_notifications'));
    // As the SDK CLI's captured empty list: size counts the records on the page.
    expect(list.meta).toMatchObject({ size: 0, total: 0, pagination: { current: 1, records: 0 } });
    await expectError(await h.api('/v2/webhook_notifications/00000000-0000-4000-8000-000000000000'), 404, {
      title: 'Not Found',
    });
  });
});
