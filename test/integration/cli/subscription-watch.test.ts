import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SubscriptionWatch, watchSubscription } from '../../../src/cli/subscription-watch.ts';
import { ensureDocumentSubscription } from '../../../src/client/ensure-subscription.ts';
import type { ServiceClient } from '../../../src/client/service-client.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import { clientOf, type Harness, startService } from '../service/service-harness.ts';

/** Long enough never to fire during a test: each test calls `check()` itself. */
const NEVER_MS = 3_600_000;

describe('watchSubscription against the local service', () => {
  let harness: Harness;
  let client: ServiceClient;

  beforeAll(async () => {
    harness = await startService({ startProcessing: false });
    client = clientOf(harness);
  });
  afterAll(async () => harness.close());

  /** A watch on a fresh subscription, with the warnings it logged and the secrets it was handed. */
  const watching = async (url: string, workerId: string) => {
    const subscription = await ensureDocumentSubscription(client, url, workerId);
    const warnings: string[] = [];
    const secrets: string[] = [];
    const logger = createLogger({
      level: 'warn',
      destination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          warnings.push(String(JSON.parse(chunk.toString('utf8')).msg));
          done();
        },
      }),
    });
    const watch: SubscriptionWatch = watchSubscription({
      client,
      subscription,
      url,
      workerId,
      onSecret: (secret) => secrets.push(secret),
      logger,
      intervalMs: NEVER_MS,
    });
    return { subscription, watch, warnings, secrets };
  };

  const patch = (id: string, attributes: Record<string, unknown>) =>
    harness.api(`/v2/webhooks/${id}`, { method: 'PATCH', json: { data: { type: 'webhook', attributes } } });

  it('stays quiet while the subscription is as it was made', async () => {
    const { watch, warnings } = await watching('http://example.com/hooks/ok', 'w-ok');
    expect(await watch.check()).toEqual({ state: 'ok' });
    await watch.stop();
    expect(warnings).toEqual([]);
  });

  it('says once that the subscription was moved elsewhere, leaves it there, and says when it is back', async () => {
    const url = 'http://example.com/hooks/mine';
    const { subscription, watch, warnings } = await watching(url, 'w-moved');
    expect((await patch(subscription.id, { url: 'http://example.com/hooks/theirs' })).status).toBe(200);

    expect(await watch.check()).toEqual({ state: 'moved', url: 'http://example.com/hooks/theirs' });
    expect(await watch.check()).toEqual({ state: 'moved', url: 'http://example.com/hooks/theirs' });
    expect((await client.getWebhook(subscription.id)).attributes.url).toBe('http://example.com/hooks/theirs');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('now posts to http://example.com/hooks/theirs, not to this worker');
    expect(warnings[0]).toContain('Stop the other one, then restart this one');

    await patch(subscription.id, { url });
    expect(await watch.check()).toEqual({ state: 'ok' });
    expect(warnings[1]).toContain('posts to this worker again');
    await watch.stop();
  });

  it('re-creates a deleted subscription and hands over its new secret', async () => {
    const url = 'http://example.com/hooks/deleted';
    const { subscription, watch, warnings, secrets } = await watching(url, 'w-deleted');
    await client.deleteWebhook(subscription.id);

    expect(await watch.check()).toEqual({ state: 'restored', reason: 'deleted' });
    const ours = (await client.listWebhooks()).filter((webhook) => webhook.attributes.url === url);
    expect(ours).toHaveLength(1);
    expect(ours[0]?.id).not.toBe(subscription.id);
    expect(secrets).toEqual([ours[0]?.attributes.secret]);
    expect(warnings).toEqual([expect.stringContaining('was deleted on the service; re-created it')]);
    expect(await watch.check()).toEqual({ state: 'ok' });
    await watch.stop();
  });

  it('switches a switched-off subscription back on', async () => {
    const url = 'http://example.com/hooks/off';
    const { subscription, watch, warnings } = await watching(url, 'w-off');
    await patch(subscription.id, { active: false });

    expect(await watch.check()).toEqual({ state: 'restored', reason: 'inactive' });
    expect((await client.getWebhook(subscription.id)).attributes.active).toBe(true);
    expect(warnings).toEqual([expect.stringContaining('switched off on the service; switched it back on')]);
    await watch.stop();
  });
});
