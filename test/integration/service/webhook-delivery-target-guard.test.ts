import { describe, expect, it } from 'vitest';
import {
  createTargetAgents,
  PrivateOrigins,
  type TargetPolicy,
} from '../../../src/service/webhooks/target-guard.ts';
import { createSender } from '../../../src/service/webhooks/webhook-sender.ts';
import { useWebhookFixtures } from './webhook-harness.ts';

const fixtures = useWebhookFixtures();

const sendTo = (policy: TargetPolicy, url: string) =>
  createSender(createTargetAgents(policy), 2_000)({ url, body: '{}', headers: {} });

/** The port of a receiver's URL, to spell the same loopback target in other ways. */
const portOf = (url: string): string => new URL(url).port;

describe('registration-time target check', () => {
  it.each([
    'http://[::127.0.0.1]/',
    'http://[::a9fe:a9fe]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[64:ff9b:1::1]/',
    'http://[2002:a9fe:a9fe::]/',
    'http://[2001::1]/',
  ])('refuses %s with 422 on the url, on create and on update', async (url) => {
    const h = fixtures.harness({ allowPrivateTargets: false });
    const body = { data: { type: 'webhook', attributes: { url, events: ['document.extracted'] } } };
    const created = await h.request('POST', '/v2/webhooks', { body });
    expect(created.status).toBe(422);
    expect(await created.json()).toMatchObject({ errors: [{ source: { pointer: '/data/attributes/url' } }] });

    const { id } = await h.createWebhook({ url: 'https://hooks.example.com/x' });
    const updated = await h.request('PATCH', `/v2/webhooks/${id}`, { body });
    expect(updated.status).toBe(422);
    expect(await updated.json()).toMatchObject({
      errors: [{ detail: expect.stringMatching(/must not point inside the network/) }],
    });
  });
});

describe('connect-time target guard', () => {
  it('refuses loopback reached through every IPv6 form that embeds it, and sends nothing', async () => {
    const target = await fixtures.receiver();
    const port = portOf(target.url);
    for (const host of [
      '127.0.0.1',
      'localhost',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[::127.0.0.1]',
      '[::a9fe:a9fe]',
      '[::ffff:0:7f00:1]',
      '[64:ff9b::7f00:1]',
      '[64:ff9b:1::7f00:1]',
      '[2002:7f00:1::1]',
      '[2001:0:7f00:1::1]',
    ]) {
      const result = await sendTo({ allowPrivate: false }, `http://${host}:${port}/hooks`);
      expect(result.statusCode, host).toBeNull();
      expect(result.transportError, host).toMatch(/^target refused: /);
    }
    expect(target.connections).toBe(0);
  });

  it('lets exactly the allowed origin through: another loopback port is still refused', async () => {
    const own = await fixtures.receiver(() => ({ status: 202 }));
    const other = await fixtures.receiver(() => ({ status: 200, body: 'secret stuff' }));
    const origins = new PrivateOrigins();
    origins.add(own.url);
    const policy = { allowPrivate: false, origins };

    expect((await sendTo(policy, own.url)).statusCode).toBe(202);
    const refused = await sendTo(policy, other.url);
    expect(refused.transportError).toMatch(/^target refused: 127\.0\.0\.1: .*loopback/);
    // The same port spelt as an IPv4-mapped address is another origin.
    const mapped = await sendTo(policy, own.url.replace('127.0.0.1', '[::ffff:127.0.0.1]'));
    expect(mapped.transportError).toMatch(/^target refused: /);
    expect(own.requests).toHaveLength(1);
    expect(other.connections).toBe(0);
  });

  it('delivers to any private target in the --allow-private-webhooks mode', async () => {
    const target = await fixtures.receiver(() => ({ status: 204 }));
    expect((await sendTo({ allowPrivate: true }, target.url)).statusCode).toBe(204);
    const named = await sendTo({ allowPrivate: true }, target.url.replace('127.0.0.1', 'localhost'));
    // localhost may resolve to ::1 first, where nothing listens; either way the guard did not refuse it.
    expect(named.transportError ?? '').not.toMatch(/target refused/);
  });
});
