import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load-config.ts';
import { errorDocument } from '../../../src/contract/json-api.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { createService, type LocalService } from '../../../src/service/service.ts';
import { MAX_CUSTOM_FIELD_FILTERS } from '../../../src/service/tracking/list-annotation-filters.ts';
import { PLAY_INTERVAL_MS, trackingRequestBody } from '../tracking/tracking-harness.ts';

/**
 * The abuse probe, round 2: the list filters and sorts of /v2/containers and /v2/shipments, parties,
 * custom fields, metro areas, vessel positions, /v2/me, infer_number and the shipping line search, as an
 * unknown hostile client would use them.
 */

const PROBE_RATE_LIMIT = 100_000;
/** Tracking requests the probe's account holds, so that a scan has rows to read. */
const SHIPMENTS = 100;

let service: LocalService;
let dataDir = '';
let origin = '';
let apiKey = '';
let otherKey = '';
const clock = new ManualClock(Date.now());

const api = (path: string, init: RequestInit & { key?: string; json?: unknown } = {}) => {
  const { key = apiKey, json, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('Authorization', `Token ${key}`);
  if (json !== undefined) headers.set('Content-Type', 'application/json');
  return fetch(`${origin}${path}`, {
    ...rest,
    headers,
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
};

const expectError = async (response: Response, status: number, label: string) => {
  expect(response.status, label).toBe(status);
  const body = errorDocument.parse(await response.json());
  expect(body.errors[0]?.status, label).toBe(String(status));
  return body.errors[0];
};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'stevedore-probe-lists-'));
  const config = loadConfig(
    {},
    { dataDir, host: '127.0.0.1', port: 0, rateLimitPerMinute: PROBE_RATE_LIMIT },
  );
  service = await createService({
    config,
    clock,
    startProcessing: false,
    trackingPlayIntervalMs: PLAY_INTERVAL_MS,
  });
  origin = (await service.listen()).url;
  apiKey = service.apiKey;
  otherKey = (await service.createAccount('other tenant', [])).apiKey;
  for (let index = 0; index < SHIPMENTS; index += 1) {
    const created = await api('/v2/tracking_requests', {
      method: 'POST',
      json: trackingRequestBody({
        request_type: 'bill_of_lading',
        request_number: `MAEU${String(700_000_000 + index)}`,
        scac: 'MAEU',
      }),
    });
    expect(created.status).toBe(201);
  }
  clock.advance(PLAY_INTERVAL_MS);
  await new Promise((resolve) => setImmediate(resolve));
}, 120_000);

afterAll(async () => {
  await service?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const definition = async (attributes: Record<string, unknown>) =>
  api('/v2/custom_field_definitions', {
    method: 'POST',
    json: { data: { type: 'custom_field_definition', attributes } },
  });

describe('probe round 2: custom fields', () => {
  it(`more than MAX_CUSTOM_FIELD_FILTERS (${MAX_CUSTOM_FIELD_FILTERS}) filter[custom_fields] slugs are a 400, not seconds of scanning`, async () => {
    // `@not_exists` on unknown slugs passes every row, so each slug was looked up on every row scanned.
    const slugs = (count: number) =>
      Array.from({ length: count }, (_, i) => `filter[custom_fields][s${i}]=@not_exists`).join('&');
    const error = await expectError(await api(`/v2/containers?${slugs(300)}`), 400, '300 slugs');
    expect(error?.source).toEqual({ parameter: 'filter[custom_fields]' });
    expect(error?.detail).toContain(`at most ${MAX_CUSTOM_FIELD_FILTERS}`);
    const allowed = await api(`/v2/containers?${slugs(MAX_CUSTOM_FIELD_FILTERS)}&page[size]=1`);
    expect(allowed.status).toBe(200);
    expect(((await allowed.json()) as { meta: { total: number } }).meta.total).toBeGreaterThan(SHIPMENTS);
  });

  it('a validation pattern with nested quantifiers is refused: a value checked against it would block the service', async () => {
    const response = await definition({
      entity_type: 'Shipment',
      api_slug: 'redos',
      display_name: 'Catastrophic',
      data_type: 'short_text',
      validation: { pattern: '^(a+)+$' },
    });
    const error = await expectError(response, 422, 'nested quantifier');
    expect(error?.source).toEqual({ pointer: '/data/attributes/validation/pattern' });
  });
});

describe('probe round 2: lists', () => {
  it('measure', async () => {
    const listed = (await (await api('/v2/containers?page[size]=1')).json()) as { meta: { total: number } };
    console.log('containers', listed.meta.total);
    const slugs = Array.from(
      { length: 400 },
      (_, i) => `filter[custom_fields][${i.toString(36)}]=@not_exists`,
    ).join('&');
    console.log('len', slugs.length);
    let t = performance.now();
    const r = await api(`/v2/containers?${slugs}`);
    console.log('custom slugs', r.status, performance.now() - t);
    t = performance.now();
    const r2 = await api(
      `/v2/containers?sort=-pickup_lfd,pod_arrived_at,created_at&filter[pol_code]=@not_exists`,
    );
    console.log('sort', r2.status, performance.now() - t, (await r2.text()).slice(0, 200));
  });
});
