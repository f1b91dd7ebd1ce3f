import { describe, expect, it } from 'vitest';
import { documentWebhookPayload } from '../../../src/contract/document-webhook.ts';
import { errorDocument } from '../../../src/contract/json-api.ts';
import { SIGNATURE_HEADER } from '../../../src/contract/signature.ts';
import { triggerWebhookResponse } from '../../../src/contract/webhook.ts';
import { generateWebhookSecret, verifyDelivery } from '../../../src/domain/webhook-signature.ts';
import { type Harness, type Receiver, useWebhookFixtures } from './webhook-harness.ts';

const fixtures = useWebhookFixtures();

const setup = async (
  reply: Receiver['reply'] = () => ({ status: 200, body: 'thanks' }),
  allowPrivateTargets = true,
): Promise<{ h: Harness; target: Receiver }> => {
  const target = await fixtures.receiver(reply);
  const h = fixtures.harness({ allowPrivateTargets });
  return { h, target };
};

const trigger = async (h: Harness, body: unknown) => h.request('POST', '/v2/webhooks/trigger', { body });

describe('POST /webhooks/trigger', () => {
  it('sends a signed sample of the event and reports the exchange', async () => {
    const { h, target } = await setup();
    const secret = generateWebhookSecret();
    const response = await trigger(h, { url: target.url, event: 'document.extracted', secret });
    expect(response.status).toBe(200);
    const report = triggerWebhookResponse.parse(await response.json());
    expect(report).toMatchObject({ url: target.url, succeeded: true, error: null, status_code: 200 });
    expect(report.response_body).toBe('thanks');
    expect(() => documentWebhookPayload.parse(JSON.parse(report.request_body))).not.toThrow();

    const [request] = target.requests;
    if (request === undefined) throw new Error('nothing received');
    expect(request.body.toString('utf8')).toBe(report.request_body);
    expect(() =>
      verifyDelivery(secret, request.body, request.headers, { requireTimestamp: true }),
    ).not.toThrow();
  });

  it('sends unsigned without a secret and reports a failing receiver', async () => {
    const { h, target } = await setup(() => ({ status: 500, body: 'boom' }));
    const report = triggerWebhookResponse.parse(
      await (await trigger(h, { url: target.url, event: 'container.transport.vessel_arrived' })).json(),
    );
    expect(report).toMatchObject({
      succeeded: false,
      error: 'HTTP 500',
      status_code: 500,
      response_body: 'boom',
    });
    expect(target.requests[0]?.headers[SIGNATURE_HEADER]).toBeUndefined();
  });

  it('is refused at connect time for loopback targets unless private targets are allowed', async () => {
    const { h, target } = await setup(undefined, false);
    for (const url of [target.url, target.url.replace('127.0.0.1', 'localhost')]) {
      const report = triggerWebhookResponse.parse(
        await (await trigger(h, { url, event: 'document.extracted' })).json(),
      );
      expect(report.succeeded).toBe(false);
      expect(report.error).toMatch(/target refused/);
    }
    expect(target.connections).toBe(0);
  });

  it.each([
    [{ event: 'document.extracted' }, 'url is required', '/url'],
    [{ url: 'ftp://example.com/', event: 'document.extracted' }, 'url must be an http(s) URL', '/url'],
    [{ url: 123, event: 'document.extracted' }, 'url must be an http(s) URL', '/url'],
    [{ url: `https://example.com/${'x'.repeat(2048)}`, event: 'document.extracted' }, undefined, '/url'],
    [{ url: 'https://example.com/' }, 'event is required', '/event'],
    [{ url: 'https://example.com/', event: 7 }, 'event must be a string', '/event'],
    [
      { url: 'https://example.com/', event: 'document.extracted', secret: 42 },
      'secret must be a string',
      '/secret',
    ],
    [{ url: 'https://example.com/', event: 'nope' }, 'event nope is not a known webhook event', '/event'],
    [
      { url: 'https://example.com/', event: 'document.extracted', secret: 'not base64!' },
      undefined,
      '/secret',
    ],
  ])('answers 422 to %j', async (body, detail, pointer) => {
    const { h, target } = await setup();
    const response = await trigger(h, body);
    expect(response.status).toBe(422);
    const [error] = errorDocument.parse(await response.json()).errors;
    if (detail !== undefined) expect(error?.detail).toBe(detail);
    expect(error?.source?.pointer).toBe(pointer);
    expect(target.requests).toHaveLength(0);
  });
});
