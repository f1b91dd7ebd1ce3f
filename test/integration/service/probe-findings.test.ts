import { describe, expect, it } from 'vitest';
import { errorDocument } from '../../../src/contract/json-api.ts';
import { MAX_WEBHOOK_URL_LENGTH } from '../../../src/contract/webhook.ts';
import { useWebhookFixtures } from './webhook-harness.ts';

const { harness } = useWebhookFixtures();

const createBody = (attributes: Record<string, unknown>, type = 'webhook') => ({
  data: { type, attributes },
});

const firstError = async (response: Response) => errorDocument.parse(await response.json()).errors[0];

describe('findings of the abuse probe', () => {
  it('a webhook URL with credentials is refused with a 422 naming the url', async () => {
    const h = harness();
    for (const url of ['https://user:pass@hooks.example.com/x', 'https://token@hooks.example.com/x']) {
      const response = await h.request('POST', '/v2/webhooks', {
        body: createBody({ url, events: ['document.extracted'] }),
      });
      expect(response.status).toBe(422);
      const error = await firstError(response);
      expect(error?.source).toEqual({ pointer: '/data/attributes/url' });
      expect(error?.detail).toContain('credentials');
    }
    const { id } = await h.createWebhook({
      url: 'https://hooks.example.com/x',
      events: ['document.extracted'],
    });
    const patch = await h.request('PATCH', `/v2/webhooks/${id}`, {
      body: createBody({ url: 'https://user:pass@hooks.example.com/x' }),
    });
    expect(patch.status).toBe(422);
  });

  it('an unknown webhook event is named by its value, not by its index', async () => {
    const h = harness();
    const response = await h.request('POST', '/v2/webhooks', {
      body: createBody({ url: 'https://hooks.example.com/x', events: ['document.extracted', 'bogus.event'] }),
    });
    expect(response.status).toBe(422);
    const error = await firstError(response);
    expect(error?.detail).toBe('bogus.event is not a known webhook event');
    expect(error?.source).toEqual({ pointer: '/data/attributes/events/1' });
  });

  it('a wrong data.type says which type is expected', async () => {
    const h = harness();
    const response = await h.request('POST', '/v2/webhooks', {
      body: createBody({ url: 'https://hooks.example.com/x', events: ['document.extracted'] }, 'document'),
    });
    expect(response.status).toBe(422);
    const error = await firstError(response);
    expect(error?.detail).toBe('Type must be "webhook"');
    expect(error?.source).toEqual({ pointer: '/data/type' });
  });

  it('a member of the wrong type is not called blank', async () => {
    const h = harness();
    const response = await h.request('POST', '/v2/webhooks', {
      body: createBody({ url: 'https://hooks.example.com/x', events: 'document.extracted' }),
    });
    expect(response.status).toBe(422);
    const error = await firstError(response);
    expect(error?.detail).toBe('Events must be an array');
    expect(error?.code).toBe('invalid');
    const missing = await h.request('POST', '/v2/webhooks', {
      body: createBody({ url: 'https://hooks.example.com/x' }),
    });
    expect(await firstError(missing)).toMatchObject({ detail: "Events can't be blank", code: 'blank' });
  });

  it('a webhook URL longer than MAX_WEBHOOK_URL_LENGTH is refused', async () => {
    const h = harness();
    const url = `https://hooks.example.com/${'a'.repeat(MAX_WEBHOOK_URL_LENGTH)}`;
    const response = await h.request('POST', '/v2/webhooks', {
      body: createBody({ url, events: ['document.extracted'] }),
    });
    expect(response.status).toBe(422);
    expect(await firstError(response)).toMatchObject({
      detail: `Url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`,
      source: { pointer: '/data/attributes/url' },
    });
  });

  it('a test delivery to a URL with credentials is refused like the webhook itself', async () => {
    const h = harness();
    const response = await h.request('POST', '/v2/webhooks/trigger', {
      body: { url: 'https://user:pass@hooks.example.com/x', event: 'document.extracted' },
    });
    expect(response.status).toBe(422);
    expect((await firstError(response))?.detail).toContain('credentials');
  });

  it('a PATCH whose data.id is not the webhook in the path is a 409 and changes nothing', async () => {
    const h = harness();
    const { id } = await h.createWebhook({
      url: 'https://hooks.example.com/x',
      events: ['document.extracted'],
    });
    const response = await h.request('PATCH', `/v2/webhooks/${id}`, {
      body: { data: { type: 'webhook', id: 'another-id', attributes: { active: false } } },
    });
    expect(response.status).toBe(409);
    expect(await firstError(response)).toMatchObject({ status: '409', source: { pointer: '/data/id' } });
    const same = await h.request('PATCH', `/v2/webhooks/${id}`, {
      body: { data: { type: 'webhook', id, attributes: { active: false } } },
    });
    expect(same.status).toBe(200);
  });

  it('GET /webhooks/ips, which the upstream documents, lists the sender addresses instead of a 404', async () => {
    const h = harness();
    const response = await h.request('GET', '/v2/webhooks/ips');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      webhook_notification_ips: ['127.0.0.1', '::1'],
      last_updated: '2026-11-01T00:00:00Z',
    });
  });
});
