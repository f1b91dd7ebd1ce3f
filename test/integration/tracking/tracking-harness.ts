import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import type { Feature } from '../../../src/service/accounts/account-features.ts';
import { createService, type LocalService } from '../../../src/service/service.ts';

/** One hour of service time per pass of the sandbox carrier: a month plays in a few hundred passes. */
export const PLAY_INTERVAL_MS = 3_600_000;
export const JSON_API = 'application/vnd.api+json';

export interface TrackingHarness {
  readonly service: LocalService;
  readonly clock: ManualClock;
  readonly origin: string;
  readonly apiKey: string;
  api(
    path: string,
    init?: RequestInit & { key?: string; json?: unknown; contentType?: string },
  ): Promise<Response>;
  /** A second account with the features given. */
  account(name: string, features?: readonly Feature[]): Promise<string>;
  close(): Promise<void>;
}

/** The whole local service on loopback, its clock manual, with a fresh data dir. */
export async function startTracking(): Promise<TrackingHarness> {
  const dataDir = await mkdtemp(join(tmpdir(), 'stevedore-tracking-'));
  // Real time as the start: webhook signatures' timestamps are compared with the wall clock by receivers.
  const clock = new ManualClock(Date.now());
  const config = loadConfig({}, { dataDir, host: '127.0.0.1', port: 0, allowPrivateWebhooks: true });
  const service = await createService({
    config,
    clock,
    startProcessing: false,
    trackingPlayIntervalMs: PLAY_INTERVAL_MS,
  });
  const { url: origin } = await service.listen();
  return {
    service,
    clock,
    origin,
    apiKey: service.apiKey,
    api: (path, init = {}) => {
      const { key = service.apiKey, json, contentType = 'application/json', ...rest } = init;
      const headers = new Headers(rest.headers);
      headers.set('Authorization', `Token ${key}`);
      if (json !== undefined) headers.set('Content-Type', contentType);
      return fetch(`${origin}${path}`, {
        ...rest,
        headers,
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
    },
    account: async (name, features = []) => (await service.createAccount(name, features)).apiKey,
    close: async () => {
      await service.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const trackingRequestBody = (attributes: Record<string, unknown>) => ({
  data: { type: 'tracking_request', attributes },
});
