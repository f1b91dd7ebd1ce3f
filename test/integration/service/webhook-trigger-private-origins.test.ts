import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load-config.ts';
import { createService, type LocalService } from '../../../src/service/service.ts';
import { PrivateOrigins } from '../../../src/service/webhooks/target-guard.ts';
import { TRIGGER_BODY_PREVIEW_BYTES } from '../../../src/service/webhooks/trigger-route.ts';
import { type Receiver, startReceiver } from './webhook-harness.ts';

/**
 * The finding: `stevedore up` allowed private webhooks for everything, so with the API key
 * `POST /webhooks/trigger` read any loopback service and returned its body and headers.
 */
describe('trigger under stevedore up: only the receiver origin is private-allowed', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const start = async (origins: PrivateOrigins): Promise<{ service: LocalService; origin: string }> => {
    const dataDir = await mkdtemp(join(tmpdir(), 'stevedore-trigger-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const config = loadConfig({}, { dataDir, host: '127.0.0.1', port: 0 });
    const service = await createService({ config, startProcessing: false, privateWebhookOrigins: origins });
    cleanups.push(() => service.close());
    const { url } = await service.listen();
    return { service, origin: url };
  };
  const receiver = async (reply: Receiver['reply']): Promise<Receiver> => {
    const r = await startReceiver(reply);
    cleanups.push(() => r.close());
    return r;
  };
  const trigger = async (at: { service: LocalService; origin: string }, url: string) => {
    const response = await fetch(`${at.origin}/v2/webhooks/trigger`, {
      method: 'POST',
      headers: { Authorization: `Token ${at.service.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url, event: 'document.extracted' }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };

  it('refuses another loopback service and shows the receiver only a capped body, no headers', async () => {
    const secretBody = `${'s'.repeat(TRIGGER_BODY_PREVIEW_BYTES)}TAIL-NOT-SHOWN`;
    const own = await receiver(() => ({
      status: 202,
      headers: { 'x-internal': 'token-1' },
      body: secretBody,
    }));
    const other = await receiver(() => ({
      status: 200,
      headers: { 'x-internal': 'token-2' },
      body: 'private',
    }));
    const origins = new PrivateOrigins();
    origins.add(own.url);
    const at = await start(origins);

    const refused = await trigger(at, other.url);
    expect(refused).toMatchObject({ succeeded: false, status_code: null, response_body: null });
    expect(refused.error).toMatch(/target refused/);
    expect(other.connections).toBe(0);

    const delivered = await trigger(at, own.url);
    expect(delivered).toMatchObject({ succeeded: true, status_code: 202 });
    expect(delivered).not.toHaveProperty('response_headers');
    expect(delivered.response_body).toBe('s'.repeat(TRIGGER_BODY_PREVIEW_BYTES));
    expect(JSON.stringify(delivered)).not.toContain('token-1');
  });

  it('allows no private target before the receiver is known', async () => {
    const own = await receiver(() => ({ status: 200 }));
    const at = await start(new PrivateOrigins());
    expect((await trigger(at, own.url)).error).toMatch(/target refused/);
    expect(own.connections).toBe(0);
  });
});
