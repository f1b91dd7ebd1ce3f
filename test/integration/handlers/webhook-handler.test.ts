import type { LambdaFunctionURLEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWebhookHandler } from '../../../pipeline/handlers/webhook.handler.ts';
import { parseMessage } from '../../../pipeline/messages.ts';
import { systemClock } from '../../../src/domain/clock.ts';
import { signatureHeaders } from '../../../src/domain/webhook-signature.ts';
import { attributes, webhookPayload } from '../../unit/pipeline/events-fixtures.ts';
import { captureStdout, embedded, lambdaContext, powertools } from './handler-harness.ts';

const SECRET = 'whsec_d2ViaG9vay1oYW5kbGVyLXRlc3Qtc2VjcmV0LXh5eg==';

/** A function URL request (payload v2) as Lambda hands it over: header names lower-cased. */
const urlEvent = (
  body: string,
  headers: Record<string, string>,
  options: { base64?: boolean; method?: string } = {},
): LambdaFunctionURLEvent => ({
  version: '2.0',
  routeKey: '$default',
  rawPath: '/',
  rawQueryString: '',
  headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])),
  isBase64Encoded: options.base64 ?? false,
  body: options.base64 ? Buffer.from(body).toString('base64') : body,
  requestContext: {
    accountId: '123456789012',
    apiId: 'url-id',
    domainName: 'url-id.lambda-url.eu-west-1.on.aws',
    domainPrefix: 'url-id',
    http: {
      method: options.method ?? 'POST',
      path: '/',
      protocol: 'HTTP/1.1',
      sourceIp: '203.0.113.7',
      userAgent: 'sender',
    },
    requestId: 'request-1',
    routeKey: '$default',
    stage: '$default',
    time: '01/Jan/2026:00:00:00 +0000',
    timeEpoch: 1767225600000,
  },
});

describe('webhook handler (function URL, embedded events queue)', () => {
  let env: ReturnType<typeof embedded>;
  let stdout: ReturnType<typeof captureStdout>;
  // The signature check reads the real time (Standard Webhooks' tolerance), so the test signs with it.
  const clock = systemClock;

  beforeEach(() => {
    env = embedded(clock);
    stdout = captureStdout();
  });
  afterEach(() => {
    stdout.restore();
    env.close();
  });

  const handler = (secret: () => Promise<string> = async () => SECRET) =>
    createWebhookHandler({
      ...powertools('webhook'),
      clock,
      webhookSecret: secret,
      eventsQueue: env.queue,
      requireTimestamp: true,
    });
  const delivery = (notificationId = 'n-1') => {
    const body = JSON.stringify(webhookPayload('document.extracted', attributes(), notificationId));
    return { body, headers: signatureHeaders(SECRET, notificationId, body, new Date(clock.now())) };
  };

  it('verifies the signature over the decoded bytes of a base64 body, enqueues and answers 202', async () => {
    const { body, headers } = delivery();
    const reply = await handler()(urlEvent(body, headers, { base64: true }), lambdaContext());
    expect(reply).toMatchObject({ statusCode: 202 });
    const [message] = await env.poll();
    expect(parseMessage(message?.body ?? '')).toMatchObject({
      kind: 'document_event',
      notificationId: 'n-1',
    });
  });

  it('answers 401 to a bad signature and enqueues nothing', async () => {
    const { body, headers } = delivery();
    const tampered = body.replace('n-1', 'n-2');
    const reply = await handler()(urlEvent(tampered, headers, { base64: true }), lambdaContext());
    expect(reply).toMatchObject({ statusCode: 401 });
    expect(await env.poll()).toEqual([]);
    expect(stdout.logs().some((line) => line.message === 'webhook delivery with a bad signature')).toBe(true);
    // The deployed alarm's metric filter matches this EMF field on the function's log group.
    expect(stdout.emf()).toEqual([
      expect.objectContaining({ service: 'stevedore', stage: 'webhook', WebhookSignatureRejected: 1 }),
    ]);
  });

  it('counts no signature rejection for an accepted delivery', async () => {
    const { body, headers } = delivery();
    expect(await handler()(urlEvent(body, headers), lambdaContext())).toMatchObject({ statusCode: 202 });
    expect(stdout.metricNames()).not.toContain('WebhookSignatureRejected');
  });

  it('answers 400 to a signed body that is not a webhook, 413 to one too large, 405 to a GET', async () => {
    const bad = '{"data":{}}';
    const signed = signatureHeaders(SECRET, 'n-9', bad, new Date(clock.now()));
    expect(await handler()(urlEvent(bad, signed), lambdaContext())).toMatchObject({ statusCode: 400 });
    const huge = 'x'.repeat(200 * 1024);
    expect(await handler()(urlEvent(huge, {}), lambdaContext())).toMatchObject({ statusCode: 413 });
    expect(await handler()(urlEvent('', {}, { method: 'GET' }), lambdaContext())).toMatchObject({
      statusCode: 405,
    });
  });

  it('answers 503 while the secret cannot be read, so the sender retries, and never logs the secret', async () => {
    const { body, headers } = delivery();
    const reply = await handler(async () => {
      throw new Error('SSM unreachable');
    })(urlEvent(body, headers), lambdaContext());
    expect(reply).toMatchObject({ statusCode: 503 });
    await handler()(urlEvent(body, headers), lambdaContext());
    expect(JSON.stringify(stdout.lines)).not.toContain(SECRET);
  });
});
