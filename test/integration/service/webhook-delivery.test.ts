import { describe, expect, it } from 'vitest';
import { documentWebhookPayload } from '../../../src/contract/document-webhook.ts';
import { verifyDelivery } from '../../../src/domain/webhook-signature.ts';
import { MAX_RETRIES } from '../../../src/service/webhooks/retry-schedule.ts';
import { USER_AGENT } from '../../../src/service/webhooks/webhook-headers.ts';
import { transaction } from '../../../src/store/database.ts';
import { waitFor } from '../../support/wait-for.ts';
import { ACCOUNT_A, ACCOUNT_B, type Harness, useWebhookFixtures } from './webhook-harness.ts';

const HOUR = 60 * 60 * 1000;
/** Longer than the longest retry step with the most jitter (24 h × 1.2). */
const PAST_ANY_RETRY = 30 * HOUR;

const { harness, receiver } = useWebhookFixtures();

const onlyNotification = async (h: Harness, account = ACCOUNT_A) => {
  const [notification, ...others] = await h.notifications(account);
  expect(others).toHaveLength(0);
  if (notification === undefined) throw new Error('no notification');
  return notification;
};

/** Waits until attempt `n` is stored and its follow-up job is in the queue, so the clock may move. */
const attemptsSettled = async (h: Harness, n: number) => {
  await waitFor(async () => (await onlyNotification(h)).logs.length >= n, `attempt ${n}`);
  await h.module.idle();
  return onlyNotification(h);
};

describe('webhook delivery over HTTP', () => {
  it('delivers a signed document event whose body matches the contract', async () => {
    const target = await receiver();
    const h = harness();
    const { secret } = await h.createWebhook({
      url: target.url,
      headers: [{ name: 'x-receiver-token', value: 'abc' }],
    });
    h.module.start();
    h.publish({ documentId: 'doc-signed' });

    const [request] = await waitFor(
      () => (target.requests.length > 0 ? target.requests : undefined),
      'delivery',
    );
    if (request === undefined) throw new Error('no request');
    expect(() =>
      verifyDelivery(secret, request.body, request.headers, { requireTimestamp: true }),
    ).not.toThrow();
    const payload = documentWebhookPayload.parse(JSON.parse(request.body.toString('utf8')));
    expect(payload.data.relationships.document.data).toEqual({ id: 'doc-signed', type: 'document' });
    expect(payload.data.attributes).toMatchObject({
      event: 'document.extracted',
      delivery_status: 'pending',
    });
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toBe(USER_AGENT);
    expect(request.headers['x-receiver-token']).toBe('abc');
    expect(request.headers['webhook-id']).toBe(payload.data.id);

    const notification = await attemptsSettled(h, 1);
    expect(notification).toMatchObject({ id: payload.data.id, status: 'succeeded' });
    expect(notification.logs).toMatchObject([{ attempt: 1, status_code: 200, error: null, succeeded: true }]);
  });

  it('retries a 500 after the scheduled delay with the same bytes and id, then succeeds', async () => {
    const target = await receiver((request) => ({
      status: target.requests.indexOf(request) === 0 ? 500 : 204,
    }));
    const h = harness();
    await h.createWebhook({ url: target.url });
    h.module.start();
    h.publish({});

    const first = await attemptsSettled(h, 1);
    expect(first.status).toBe('pending');
    expect(first.logs[0]).toMatchObject({ status_code: 500, error: 'HTTP 500', succeeded: false });

    h.clock.advance(4_999);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(target.requests).toHaveLength(1);
    h.clock.advance(1);
    const second = await attemptsSettled(h, 2);
    expect(second.status).toBe('succeeded');
    const [a, b] = target.requests;
    expect(b?.body.equals(a?.body ?? Buffer.alloc(0))).toBe(true);
    expect(b?.headers['webhook-id']).toBe(a?.headers['webhook-id']);
  });

  it('gives up and marks the notification failed after 12 retries', async () => {
    const target = await receiver(() => ({ status: 500 }));
    const h = harness();
    await h.createWebhook({ url: target.url });
    h.module.start();
    h.publish({});

    for (let attempt = 1; attempt <= MAX_RETRIES + 1; attempt += 1) {
      const notification = await attemptsSettled(h, attempt);
      expect(notification.status).toBe(attempt <= MAX_RETRIES ? 'pending' : 'failed');
      h.clock.advance(PAST_ANY_RETRY);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(target.requests).toHaveLength(MAX_RETRIES + 1);
    expect((await onlyNotification(h)).logs.map(({ attempt }) => attempt)).toEqual(
      Array.from({ length: MAX_RETRIES + 1 }, (_, index) => index + 1),
    );
  });

  it('does not follow a redirect and counts it as a failure', async () => {
    const target = await receiver((request) =>
      request.path === '/hooks' ? { status: 302, headers: { location: '/elsewhere' } } : { status: 200 },
    );
    const h = harness();
    await h.createWebhook({ url: target.url });
    h.module.start();
    h.publish({});

    const notification = await attemptsSettled(h, 1);
    expect(notification.status).toBe('pending');
    expect(notification.logs[0]).toMatchObject({ status_code: 302, succeeded: false });
    expect(notification.logs[0]?.error).toMatch(/redirect .* not followed/);
    expect(target.requests.map(({ path }) => path)).toEqual(['/hooks']);
  });

  it('deactivates the webhook on 410 and stops retrying', async () => {
    const target = await receiver(() => ({ status: 410 }));
    const h = harness();
    const { id } = await h.createWebhook({ url: target.url });
    h.module.start();
    h.publish({});

    const notification = await attemptsSettled(h, 1);
    expect(notification.status).toBe('failed');
    const webhook = (await (await h.request('GET', `/v2/webhooks/${id}`)).json()) as {
      data: { attributes: { active: boolean } }; // our own GET reply
    };
    expect(webhook.data.attributes.active).toBe(false);
    h.clock.advance(PAST_ANY_RETRY);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(target.requests).toHaveLength(1);
  });

  it('counts a receiver that does not answer in time as a failed attempt', async () => {
    const target = await receiver(() => 'hang');
    const h = harness({ deliveryTimeoutMs: 200 });
    await h.createWebhook({ url: target.url });
    h.module.start();
    h.publish({});

    const notification = await attemptsSettled(h, 1);
    expect(notification.status).toBe('pending');
    expect(notification.logs[0]).toMatchObject({ status_code: null, succeeded: false });
    expect(notification.logs[0]?.error).toMatch(/timed out after 200 ms/);
  });

  it('refuses a loopback target at connect time unless private targets are allowed', async () => {
    const target = await receiver();
    const registrar = harness({ allowPrivateTargets: true });
    // The same database, run without --allow-private-webhooks: as after DNS rebinding, the URL on
    // record now leads to a loopback address.
    const guarded = harness({ db: registrar.db, clock: registrar.clock, allowPrivateTargets: false });
    await registrar.createWebhook({ url: target.url });
    guarded.module.start();
    guarded.publish({});

    const notification = await attemptsSettled(guarded, 1);
    expect(notification.status).toBe('pending');
    expect(notification.logs[0]?.error).toMatch(/target refused/);
    expect(target.connections).toBe(0);
  });

  it('notifies each subscribed active webhook of the account once, however often the event is published', async () => {
    const target = await receiver();
    const h = harness();
    await h.createWebhook({ url: target.url });
    await h.createWebhook({ url: target.url, events: ['document.extraction_failed'] });
    await h.createWebhook({ url: target.url, active: false });
    await h.createWebhook({ url: target.url }, ACCOUNT_B);
    h.publish({ documentId: 'doc-7', extractionAttempt: 2 });
    h.publish({ documentId: 'doc-7', extractionAttempt: 2 });
    h.module.start();

    await attemptsSettled(h, 1);
    expect(await h.notifications(ACCOUNT_B)).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(target.requests).toHaveLength(1);

    h.publish({ documentId: 'doc-7', extractionAttempt: 3 });
    await waitFor(async () => (await h.notifications()).length === 2, 'second notification');
  });

  it('writes notifications inside the caller’s transaction and enqueues them after it commits', async () => {
    const target = await receiver();
    const h = harness();
    await h.createWebhook({ url: target.url });
    transaction(h.db, () => h.publish({ documentId: 'doc-in-tx' }));
    h.module.start();
    await waitFor(() => target.requests.length === 1, 'delivery');
  });

  it('sends the job a crash left behind when the worker starts', async () => {
    const target = await receiver();
    const h = harness();
    await h.createWebhook({ url: target.url });
    h.publish({});
    // As if the process died between writing the notification and sending its job.
    h.db.exec('DELETE FROM queue_messages; UPDATE webhook_notifications SET enqueued = 0');
    h.module.start();
    await waitFor(() => target.requests.length === 1, 'delivery after the sweep');
  });

  it('keeps delivering to other webhooks while one receiver hangs', async () => {
    const dead = await receiver(() => 'hang');
    const alive = await receiver();
    const h = harness({ deliveryTimeoutMs: 5_000 });
    await h.createWebhook({ url: dead.url, events: ['document.extraction_failed', 'document.extracted'] });
    await h.createWebhook({ url: alive.url });
    for (let n = 0; n < 30; n += 1) {
      h.publish({ event: 'document.extraction_failed', documentId: `doc-dead-${n}` });
    }
    h.publish({ documentId: 'doc-both' });
    h.module.start();

    await waitFor(() => alive.requests.length === 1, 'delivery to the live receiver', 2_000);
    expect(dead.requests.length).toBeLessThanOrEqual(2);
  });

  it('hands in-flight deliveries back on stop and delivers them after a restart', async () => {
    let hang = true;
    const target = await receiver(() => (hang ? 'hang' : { status: 200 }));
    const first = harness({ deliveryTimeoutMs: 10_000, shutdownGraceMs: 50 });
    await first.createWebhook({ url: target.url });
    first.module.start();
    first.publish({});
    await waitFor(() => target.requests.length === 1, 'first request');

    const stopping = performance.now();
    const stopped = first.module.stop();
    first.clock.advance(50); // the grace period runs on the injected clock
    await stopped;
    expect(performance.now() - stopping).toBeLessThan(1_000);
    const handedBack = await onlyNotification(first);
    expect(handedBack).toMatchObject({ status: 'pending', logs: [] });

    hang = false;
    const second = harness({ db: first.db, clock: first.clock });
    second.module.start();
    await waitFor(async () => (await onlyNotification(second)).status === 'succeeded', 'redelivery');
    expect(target.requests).toHaveLength(2);
  });
});
