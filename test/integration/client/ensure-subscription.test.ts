import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDocumentSubscription, WORKER_HEADER } from '../../../src/client/ensure-subscription.ts';
import type { ServiceClient } from '../../../src/client/service-client.ts';
import { clientOf, type Harness, startService } from '../service/service-harness.ts';

describe('ensureDocumentSubscription against the local service', () => {
  let harness: Harness;
  let client: ServiceClient;

  beforeAll(async () => {
    harness = await startService({ startProcessing: false });
    client = clientOf(harness);
  });
  afterAll(async () => harness.close());

  const ours = async (workerId: string) =>
    (await client.listWebhooks()).filter((webhook) =>
      (webhook.attributes.headers ?? []).some((header) => header.value === workerId),
    );

  it('creates one subscription to both document events, marked with the worker id', async () => {
    const created = await ensureDocumentSubscription(client, 'http://example.com/hooks/a', 'worker-1');
    expect(created.attributes).toMatchObject({
      url: 'http://example.com/hooks/a',
      active: true,
      events: ['document.extracted', 'document.extraction_failed'],
      headers: [{ name: WORKER_HEADER, value: 'worker-1' }],
    });
    expect(created.attributes.secret).toMatch(/^whsec_/);
    const again = await ensureDocumentSubscription(client, 'http://example.com/hooks/a', 'worker-1');
    expect(again.id).toBe(created.id);
    expect(await ours('worker-1')).toHaveLength(1);
  });

  it('moves the subscription when the receiver moved, instead of adding a second', async () => {
    const before = await ensureDocumentSubscription(client, 'http://example.com/hooks/b', 'worker-2');
    const moved = await ensureDocumentSubscription(client, 'http://example.com/hooks/b-moved', 'worker-2');
    expect(moved.id).toBe(before.id);
    expect(moved.attributes.url).toBe('http://example.com/hooks/b-moved');
    expect(moved.attributes.secret).toBe(before.attributes.secret);
    expect(await ours('worker-2')).toHaveLength(1);
  });

  it('switches a deactivated subscription back on and removes extra copies', async () => {
    const kept = await ensureDocumentSubscription(client, 'http://example.com/hooks/c', 'worker-3');
    await client.updateWebhook(kept.id, { active: false });
    await client.createWebhook({
      url: 'http://example.com/hooks/c',
      active: true,
      events: ['document.extracted'],
    });
    const restored = await ensureDocumentSubscription(client, 'http://example.com/hooks/c', 'worker-3');
    expect(restored).toMatchObject({ id: kept.id, attributes: { active: true } });
    const atUrl = (await client.listWebhooks()).filter(
      (w) => w.attributes.url === 'http://example.com/hooks/c',
    );
    expect(atUrl.map((webhook) => webhook.id)).toEqual([kept.id]);
  });

  it('leaves other workers’ subscriptions alone', async () => {
    await ensureDocumentSubscription(client, 'http://example.com/hooks/d1', 'worker-4');
    await ensureDocumentSubscription(client, 'http://example.com/hooks/d2', 'worker-5');
    expect(await ours('worker-4')).toHaveLength(1);
    expect(await ours('worker-5')).toHaveLength(1);
  });
});
