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

/**
 * Asks the sandbox carrier (MAEU unless `attributes` names another) to track a bill of lading and plays
 * its answer, then `days` of the journey.
 */
export async function trackBillOfLading(
  h: TrackingHarness,
  attributes: Record<string, unknown>,
  days = 0,
): Promise<void> {
  const created = await h.api('/v2/tracking_requests', {
    method: 'POST',
    json: trackingRequestBody({ request_type: 'bill_of_lading', scac: 'MAEU', ...attributes }),
  });
  if (created.status !== 201) throw new Error(`POST /v2/tracking_requests answered ${created.status}`);
  h.clock.advance(PLAY_INTERVAL_MS);
  if (days > 0) h.clock.advance(days * 24 * PLAY_INTERVAL_MS);
}

/** A JSON:API resource of the service, as the tests read it. */
export interface ApiResource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<
    string,
    { data: { id: string; type: string } | Array<{ id: string; type: string }> | null }
  >;
  links?: Record<string, string>;
}

/** The newest shipment's id, and the ids and numbers of its containers in its order. */
export async function newestShipment(
  h: TrackingHarness,
): Promise<{ id: string; containerIds: string[]; containerNumbers: string[] }> {
  // The service's own JSON:API documents; the fields read here are checked by the API tests.
  const listed = (await (await h.api('/v2/shipments')).json()) as { data: ApiResource[] };
  const related = listed.data[0]?.relationships?.containers?.data;
  const containerIds = Array.isArray(related) ? related.map((item) => item.id) : [];
  const containerNumbers: string[] = [];
  for (const id of containerIds) {
    const container = (await (await h.api(`/v2/containers/${id}`)).json()) as { data: ApiResource };
    containerNumbers.push(String(container.data.attributes.number));
  }
  return { id: listed.data[0]?.id ?? '', containerIds, containerNumbers };
}
