import { describe, expect, it } from 'vitest';
import { MAX_IN_FLIGHT_PER_ACCOUNT } from '../../../src/service/webhooks/delivery-job.ts';
import { MAX_WEBHOOKS_PER_ACCOUNT } from '../../../src/service/webhooks/webhook-routes.ts';
import { waitFor } from '../../support/wait-for.ts';
import { ACCOUNT_A, ACCOUNT_B, useWebhookFixtures } from './webhook-harness.ts';

/**
 * Abuse probe round 5 on webhooks: how many one account may register, receivers that never answer, and
 * receivers that redirect.
 */
const { harness, receiver } = useWebhookFixtures();

const body = (url: string) => ({
  data: { type: 'webhook', attributes: { url, events: ['document.extracted'] } },
});

describe('webhooks per account', () => {
  it(`refuses a webhook past ${MAX_WEBHOOKS_PER_ACCOUNT} with 422 too_many_webhooks on /data; other accounts are not held`, async () => {
    const h = harness();
    const ids: string[] = [];
    for (let n = 0; n < MAX_WEBHOOKS_PER_ACCOUNT; n += 1) {
      ids.push((await h.createWebhook({ url: `https://hooks.example.com/${n}` })).id);
    }
    const refused = await h.request('POST', '/v2/webhooks', {
      body: body('https://hooks.example.com/one-more'),
    });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: unknown[] }).errors[0]).toMatchObject({
      status: '422',
      code: 'too_many_webhooks',
      source: { pointer: '/data' },
    });
    const other = await h.request('POST', '/v2/webhooks', {
      body: body('https://hooks.example.com/b'),
      account: ACCOUNT_B,
    });
    expect(other.status).toBe(201);
    expect((await h.request('DELETE', `/v2/webhooks/${ids[0]}`)).status).toBe(200);
    const again = await h.request('POST', '/v2/webhooks', { body: body('https://hooks.example.com/again') });
    expect(again.status).toBe(201);
  });
});

describe('slow and redirecting receivers', () => {
  it("an account's receivers that never answer hold at most its share of the pool: another account's webhook is delivered", async () => {
    const dead = await receiver(() => 'hang');
    const alive = await receiver();
    const h = harness({ deliveryTimeoutMs: 10_000 });
    // Twenty hanging webhooks could take 40 deliveries at once (2 each), past the pool's 16.
    for (let n = 0; n < 20; n += 1) await h.createWebhook({ url: `${dead.url}/hook-${n}` });
    await h.createWebhook({ url: alive.url }, ACCOUNT_B);
    for (let n = 0; n < 5; n += 1) h.publish({ documentId: `doc-a-${n}` });
    h.module.start();
    await waitFor(() => dead.requests.length >= MAX_IN_FLIGHT_PER_ACCOUNT, 'the hanging deliveries');
    h.publish({ accountId: ACCOUNT_B, documentId: 'doc-b' });
    await waitFor(() => alive.requests.length === 1, "the other account's delivery", 3_000);
    expect(dead.requests.length).toBe(MAX_IN_FLIGHT_PER_ACCOUNT);
  });

  it('a redirect is an answer that failed, never followed', async () => {
    const elsewhere = await receiver();
    const redirecting = await receiver(() => ({ status: 307, headers: { Location: elsewhere.url } }));
    const h = harness();
    await h.createWebhook({ url: redirecting.url });
    h.module.start();
    h.publish({ accountId: ACCOUNT_A });
    const [notification] = await waitFor(async () => {
      const listed = await h.notifications();
      return listed[0]?.logs.length ? listed : undefined;
    }, 'the first attempt');
    expect(notification?.logs[0]).toMatchObject({ status_code: 307, succeeded: false });
    expect(elsewhere.requests).toHaveLength(0);
  });
});
