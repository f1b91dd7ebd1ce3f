import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ENDPOINTS } from '../../../src/contract/api-catalogue.ts';
import { expectError, read } from './conformance-support.ts';
import { startTracking, type TrackingHarness } from './tracking-harness.ts';

/**
 * The error responses of every `/v2` operation, as the upstream's OpenAPI document and guides give them:
 * a JSON:API `errors` array whose objects carry `status` as a string, `title`, `detail`, the `code` of a
 * coded error and `source.pointer` (a body member) or `source.parameter` (a query parameter); 401 without
 * a key, 404 for an id the account does not have, 400 for a body that is not JSON, 422 for a body that
 * breaks a rule, and 429 with `Retry-After` and the rate-limit headers.
 */
let h: TrackingHarness;
const UNKNOWN = '00000000-0000-4000-8000-00000000abcd';
/** Served outside the API key: the blob and disk URLs are signed, health and the document are public. */
const PUBLIC = new Set([
  '/health',
  '/openapi.json',
  '/rails/active_storage/disk/{token}',
  '/rails/active_storage/blobs/{token}/{filename}',
]);
const API = ENDPOINTS.filter((endpoint) => endpoint.root !== true && !PUBLIC.has(endpoint.path));
/** Paths whose parameters name no account resource (a catalogue code, a port, a vessel), kept as written. */
const withUnknownIds = (path: string): string => `/v2${path.replace(/\{[a-z_]+\}/g, UNKNOWN)}`;

/** A new key per batch of calls, so the per-key limit of 100 a minute never answers for the route. */
async function freshKey(): Promise<string> {
  return h.account(`errors-${Math.random().toString(36).slice(2)}`, ['refresh', 'routing']);
}

beforeAll(async () => {
  h = await startTracking();
});
afterAll(async () => {
  await h.close();
});

describe('every /v2 operation', () => {
  test('401 without a key: status "401", title Unauthorized, a detail, WWW-Authenticate', async () => {
    for (const endpoint of API) {
      const response = await fetch(`${h.origin}${withUnknownIds(endpoint.path)}`, {
        method: endpoint.method.toUpperCase(),
      });
      const label = `${endpoint.method} ${endpoint.path}`;
      expect(response.status, label).toBe(401);
      expect(response.headers.get('www-authenticate'), label).toMatch(/^Token /);
      const error = (await read(response)).errors?.[0];
      expect(error, label).toMatchObject({ status: '401', title: 'Unauthorized' });
      expect(typeof error?.detail, label).toBe('string');
    }
  });

  test('404 for an id the account does not have: status "404", title Not Found, a detail, code not_found', async () => {
    let key = await freshKey();
    let calls = 0;
    const routes = API.filter((candidate) => candidate.path.includes('{'));
    for (const endpoint of routes) {
      if (calls++ % 50 === 49) key = await freshKey();
      const label = `${endpoint.method} ${endpoint.path}`;
      const body = endpoint.request === undefined ? undefined : { data: { type: 'any', attributes: {} } };
      const response = await h.api(withUnknownIds(endpoint.path), {
        method: endpoint.method.toUpperCase(),
        key,
        ...(body === undefined ? {} : { json: body }),
      });
      expect(response.status, label).toBe(404);
      const error = (await read(response)).errors?.[0];
      expect(error, label).toMatchObject({ status: '404', title: 'Not Found', code: 'not_found' });
      expect(error?.detail, label).toMatch(/^Couldn't find /);
    }
  });

  test('400 malformed_json for a body that is not JSON, on every operation that takes a body', async () => {
    let key = await freshKey();
    let calls = 0;
    for (const endpoint of API.filter(
      (candidate) => candidate.request !== undefined && !candidate.path.includes('{'),
    )) {
      if (calls++ % 50 === 49) key = await freshKey();
      const response = await h.api(`/v2${endpoint.path}`, {
        method: endpoint.method.toUpperCase(),
        key,
        body: '{"data":',
        headers: { 'Content-Type': 'application/json' },
      });
      await expectError(response, 400, { title: 'Bad Request', code: 'malformed_json' });
    }
  });

  test('422 with source.pointer for a JSON body without data, on every collection operation that takes one', async () => {
    const key = await freshKey();
    for (const endpoint of API.filter(
      (candidate) => candidate.request !== undefined && !candidate.path.includes('{'),
    )) {
      const response = await h.api(`/v2${endpoint.path}`, {
        method: endpoint.method.toUpperCase(),
        key,
        json: {},
      });
      const error = await expectError(response, 422, { title: 'Unprocessable Entity' });
      expect(error.source?.pointer, `${endpoint.method} ${endpoint.path}`).toMatch(/^\//);
    }
  });
});

describe('the errors routes answer in particular', () => {
  test('PATCH of a tracking request, container or document the account does not have is a 404 whatever the body', async () => {
    for (const path of [
      `/v2/tracking_requests/${UNKNOWN}`,
      `/v2/containers/${UNKNOWN}`,
      `/v2/documents/${UNKNOWN}`,
    ]) {
      await expectError(await h.api(path, { method: 'PATCH', json: {} }), 404, { title: 'Not Found' });
    }
  });

  test('GET /search without a query: the upstream detail, with source.parameter query', async () => {
    await expectError(await h.api('/v2/search'), 400, {
      title: 'Bad Request',
      detail: 'Query parameter is required',
      source: { parameter: 'query' },
    });
  });

  test('403 for a paid route without the feature: the upstream titles and details', async () => {
    const plain = await h.account('plain');
    await expectError(
      await h.api(`/v2/containers/${UNKNOWN}/refresh`, { method: 'PATCH', key: plain }),
      403,
      {
        title: 'API access not enabled',
      },
    );
    await expectError(await h.api(`/v2/containers/${UNKNOWN}/route`, { key: plain }), 403, {
      title: 'Forbidden',
      detail: 'Routing data feature is not enabled for this account',
    });
  });
});

describe('rate limits', () => {
  test('every counted answer carries X-RateLimit-Limit, -Remaining and -Reset; the 429 adds Retry-After', async () => {
    const key = await freshKey();
    const first = await h.api('/v2/shipments', { key });
    expect(first.headers.get('x-ratelimit-limit')).toBe('100');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('99');
    const reset = Number(first.headers.get('x-ratelimit-reset'));
    const now = Math.floor(h.clock.now() / 1000);
    expect(reset).toBeGreaterThan(now);
    expect(reset).toBeLessThanOrEqual(now + 61);
    for (let sent = 1; sent < 100; sent += 1) await h.api('/v2/shipments', { key });
    const refused = await h.api('/v2/shipments', { key });
    await expectError(refused, 429, { title: 'Too Many Requests', code: 'rate_limited' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('100');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('x-ratelimit-reset'))).toBe(
      Math.ceil(h.clock.now() / 1000) + retryAfter,
    );
  });
});
