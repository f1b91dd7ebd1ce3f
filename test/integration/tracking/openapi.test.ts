import { afterAll, beforeAll, expect, test } from 'vitest';
import { APP_PAGE_PATHS } from '../../../src/service/app/app-routes.ts';
import { startTracking, type TrackingHarness } from './tracking-harness.ts';

let h: TrackingHarness;
beforeAll(async () => {
  h = await startTracking();
});
afterAll(async () => {
  await h.close();
});

interface OpenApi {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
}

/** Hono's `:id` and optional `:name?` segments in OpenAPI's `{id}` form. */
const openApiPath = (path: string): string => path.replace(/:(\w+)\??/g, '{$1}');

test('GET /v2/openapi.json names every route the service registers', async () => {
  const response = await h.api('/v2/openapi.json');
  expect(response.status).toBe(200);
  const document = (await response.json()) as OpenApi;
  expect(document.openapi).toMatch(/^3\./);
  const registered = h.service.app.routes
    .filter((route) => route.method !== 'ALL' && route.path !== '/health')
    // The web app's pages are HTML for browsers, not API endpoints.
    .filter((route) => !APP_PAGE_PATHS.some((page) => page === route.path))
    .map((route) => `${route.method.toLowerCase()} ${openApiPath(route.path)}`);
  expect(registered.length).toBeGreaterThan(40);
  const documented = new Set(
    Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    ),
  );
  expect(registered.filter((route) => !documented.has(route))).toEqual([]);
});

test('request bodies come from the contract schemas, in both JSON media types', async () => {
  const document = (await (await h.api('/v2/openapi.json')).json()) as OpenApi;
  const create = document.paths['/v2/tracking_requests']?.post?.requestBody?.content;
  expect(Object.keys(create ?? {})).toEqual(['application/json', 'application/vnd.api+json']);
  expect(JSON.stringify(create?.['application/json']?.schema)).toContain('bill_of_lading');
  expect(document.paths['/v2/shipments/{id}']?.patch?.requestBody).toBeDefined();
});

interface Operation {
  responses: Record<string, { headers?: Record<string, unknown> }>;
}

test('every operation documents the error statuses it answers: 400, 401, 403, 404, 409, 422, 429', async () => {
  const document = (await (await h.api('/v2/openapi.json')).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  const statuses = (path: string, method: string) =>
    Object.keys(document.paths[path]?.[method]?.responses ?? {}).sort();
  expect(statuses('/v2/shipments/{id}', 'patch')).toEqual(['200', '400', '401', '404', '422', '429']);
  expect(statuses('/v2/shipments', 'get')).toEqual(['200', '400', '401', '429']);
  expect(statuses('/v2/containers/{id}/route', 'get')).toEqual(['200', '400', '401', '403', '404', '429']);
  expect(statuses('/v2/documents', 'post')).toEqual(['201', '400', '401', '409', '422', '429']);
  // A turn that would give the document another document's bytes is a 409 duplicate_document.
  expect(statuses('/v2/documents/{id}/rotate', 'post')).toEqual([
    '202',
    '400',
    '401',
    '404',
    '409',
    '422',
    '429',
  ]);
  const limited = document.paths['/v2/tracking_requests']?.post?.responses['429']?.headers ?? {};
  expect(Object.keys(limited).sort()).toEqual([
    'Retry-After',
    'X-RateLimit-Limit',
    'X-RateLimit-Remaining',
    'X-RateLimit-Reset',
  ]);
});

test('GET /v2/openapi.json answers without a key, like health: an integrator reads it before having one', async () => {
  const response = await fetch(`${h.origin}/v2/openapi.json`);
  expect(response.status).toBe(200);
  expect(((await response.json()) as OpenApi).openapi).toMatch(/^3\./);
  // Every other /v2 route still wants the key.
  expect((await fetch(`${h.origin}/v2/shipments`)).status).toBe(401);
});
