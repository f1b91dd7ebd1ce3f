import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectError, read } from './conformance-support.ts';
import { startTracking, type TrackingHarness } from './tracking-harness.ts';

/**
 * Round 6: every operation of the upstream's OpenAPI document (its `operationId`s, as the SDK's generated
 * `paths` name them), with the status the service answers a good call (the one the upstream documents:
 * 201 on a create, 202 on a document action, 204 on a delete but a webhook's, 200 otherwise), a call
 * without a key, a call with an id the account does not have and a call with an empty or non-JSON body.
 * The good call's status is checked against `GET /v2/openapi.json`, which must list it as the operation's
 * success; the others are sent. A method a path does not serve is a 405 naming the ones it does.
 */
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Row = readonly [operationId: string, method: Method, path: string, good: number];

const OPERATIONS: readonly Row[] = [
  ['get-shipments', 'GET', '/shipments', 200],
  ['get-shipment-id', 'GET', '/shipments/{id}', 200],
  ['patch-shipments-id', 'PATCH', '/shipments/{id}', 200],
  ['patch-shipments-id-stop-tracking', 'PATCH', '/shipments/{id}/stop_tracking', 200],
  ['patch-shipments-id-resume-tracking', 'PATCH', '/shipments/{id}/resume_tracking', 200],
  ['get-tracking-requests', 'GET', '/tracking_requests', 200],
  ['post-track', 'POST', '/tracking_requests', 201],
  ['post-infer-number', 'POST', '/tracking_requests/infer_number', 200],
  ['get-track-request-by-id', 'GET', '/tracking_requests/{id}', 200],
  ['patch-track-request-by-id', 'PATCH', '/tracking_requests/{id}', 200],
  [
    'get-tracking-requests-custom-fields',
    'GET',
    '/tracking_requests/{tracking_request_id}/custom_fields',
    200,
  ],
  [
    'post-tracking-requests-custom-fields',
    'POST',
    '/tracking_requests/{tracking_request_id}/custom_fields',
    201,
  ],
  [
    'patch-tracking-requests-custom-fields-api-slug',
    'PATCH',
    '/tracking_requests/{tracking_request_id}/custom_fields/{api_slug}',
    200,
  ],
  [
    'delete-tracking-requests-custom-fields-api-slug',
    'DELETE',
    '/tracking_requests/{tracking_request_id}/custom_fields/{api_slug}',
    204,
  ],
  ['get-webhooks', 'GET', '/webhooks', 200],
  ['post-webhooks', 'POST', '/webhooks', 201],
  ['get-webhooks-id', 'GET', '/webhooks/{id}', 200],
  ['patch-webhooks-id', 'PATCH', '/webhooks/{id}', 200],
  ['delete-webhooks-id', 'DELETE', '/webhooks/{id}', 200],
  ['get-webhooks-events', 'GET', '/webhooks/events', 200],
  ['get-webhooks-ips', 'GET', '/webhooks/ips', 200],
  ['post-webhooks-trigger', 'POST', '/webhooks/trigger', 200],
  ['get-webhook-notifications', 'GET', '/webhook_notifications', 200],
  ['get-webhook-notification-id', 'GET', '/webhook_notifications/{id}', 200],
  ['get-webhook-notifications-example', 'GET', '/webhook_notifications/examples', 200],
  ['get-containers', 'GET', '/containers', 200],
  ['patch-containers-id', 'PATCH', '/containers', 200],
  ['get-containers-id', 'GET', '/containers/{id}', 200],
  ['get-containers-id-raw_events', 'GET', '/containers/{id}/raw_events', 200],
  ['get-containers-id-transport_events', 'GET', '/containers/{id}/transport_events', 200],
  ['get-containers-id-map-geojson', 'GET', '/containers/{id}/map_geojson', 200],
  ['patch-containers-id-refresh', 'PATCH', '/containers/{id}/refresh', 200],
  ['get-shipping_lines', 'GET', '/shipping_lines', 200],
  ['get-shipping_lines-id', 'GET', '/shipping_lines/{id}', 200],
  ['get-metro-area-id', 'GET', '/metro_areas/{id}', 200],
  ['get-port-id', 'GET', '/ports/{id}', 200],
  ['get-vessels-id', 'GET', '/vessels/{id}', 200],
  ['get-vessels-imo', 'GET', '/vessels/{imo}', 200],
  ['get-vessels-id-future-positions', 'GET', '/vessels/{id}/future_positions', 200],
  [
    'get-vessels-id-future-positions-with-coordinates',
    'GET',
    '/vessels/{id}/future_positions_with_coordinates',
    200,
  ],
  ['get-terminal-id', 'GET', '/terminals/{id}', 200],
  ['list-parties', 'GET', '/parties', 200],
  ['post-party', 'POST', '/parties', 201],
  ['get-parties-id', 'GET', '/parties/{id}', 200],
  ['edit-party', 'PATCH', '/parties/{id}', 200],
  ['get-custom-field-definitions', 'GET', '/custom_field_definitions', 200],
  ['post-custom-field-definitions', 'POST', '/custom_field_definitions', 201],
  ['get-custom-field-definitions-id', 'GET', '/custom_field_definitions/{id}', 200],
  ['patch-custom-field-definitions-id', 'PATCH', '/custom_field_definitions/{id}', 200],
  ['delete-custom-field-definitions-id', 'DELETE', '/custom_field_definitions/{id}', 204],
  ['get-custom-field-options', 'GET', '/custom_field_definitions/{definition_id}/options', 200],
  ['post-custom-field-options', 'POST', '/custom_field_definitions/{definition_id}/options', 201],
  [
    'get-custom-field-options-id',
    'GET',
    '/custom_field_definitions/{definition_id}/options/{option_id}',
    200,
  ],
  [
    'patch-custom-field-options-id',
    'PATCH',
    '/custom_field_definitions/{definition_id}/options/{option_id}',
    200,
  ],
  [
    'delete-custom-field-options-id',
    'DELETE',
    '/custom_field_definitions/{definition_id}/options/{option_id}',
    204,
  ],
  ['get-custom-fields', 'GET', '/custom_fields', 200],
  ['post-custom-fields', 'POST', '/custom_fields', 201],
  ['get-custom-fields-id', 'GET', '/custom_fields/{id}', 200],
  ['patch-custom-fields-id', 'PATCH', '/custom_fields/{id}', 200],
  ['delete-custom-fields-id', 'DELETE', '/custom_fields/{id}', 204],
  ['get-shipments-custom-fields', 'GET', '/shipments/{shipment_id}/custom_fields', 200],
  ['post-shipments-custom-fields', 'POST', '/shipments/{shipment_id}/custom_fields', 201],
  [
    'patch-shipments-custom-fields-api-slug',
    'PATCH',
    '/shipments/{shipment_id}/custom_fields/{api_slug}',
    200,
  ],
  [
    'delete-shipments-custom-fields-api-slug',
    'DELETE',
    '/shipments/{shipment_id}/custom_fields/{api_slug}',
    204,
  ],
  ['get-shipments-party-roles', 'GET', '/shipments/{shipment_id}/party_roles', 200],
  ['post-shipments-party-roles', 'POST', '/shipments/{shipment_id}/party_roles', 201],
  ['delete-shipments-party-roles-id', 'DELETE', '/shipments/{shipment_id}/party_roles/{id}', 204],
  ['get-containers-custom-fields', 'GET', '/containers/{container_id}/custom_fields', 200],
  ['post-containers-custom-fields', 'POST', '/containers/{container_id}/custom_fields', 201],
  [
    'patch-containers-custom-fields-api-slug',
    'PATCH',
    '/containers/{container_id}/custom_fields/{api_slug}',
    200,
  ],
  [
    'delete-containers-custom-fields-api-slug',
    'DELETE',
    '/containers/{container_id}/custom_fields/{api_slug}',
    204,
  ],
  ['get-containers-party-roles', 'GET', '/containers/{container_id}/party_roles', 200],
  ['post-containers-party-roles', 'POST', '/containers/{container_id}/party_roles', 201],
  ['delete-containers-party-roles-id', 'DELETE', '/containers/{container_id}/party_roles/{id}', 204],
  ['get-documents', 'GET', '/documents', 200],
  ['post-documents', 'POST', '/documents', 201],
  ['get-documents-types', 'GET', '/documents/types', 200],
  ['get-documents-types-code', 'GET', '/documents/types/{code}', 200],
  ['get-documents-id', 'GET', '/documents/{id}', 200],
  ['patch-documents-id', 'PATCH', '/documents/{id}', 200],
  ['delete-documents-id', 'DELETE', '/documents/{id}', 204],
  ['get-documents-id-download_url', 'GET', '/documents/{id}/download_url', 200],
  ['post-documents-id-reextract', 'POST', '/documents/{id}/reextract', 202],
  ['post-documents-id-reclassify', 'POST', '/documents/{id}/reclassify', 202],
  ['post-documents-id-relink', 'POST', '/documents/{id}/relink', 202],
  ['post-documents-id-rotate', 'POST', '/documents/{id}/rotate', 202],
  ['get-email_submissions', 'GET', '/email_submissions', 200],
  ['get-email_submissions-id', 'GET', '/email_submissions/{id}', 200],
  ['get-document_schemas-id', 'GET', '/document_schemas/{id}', 200],
  ['searchAll', 'GET', '/search', 200],
];

/** Operations that take a JSON body: the ones that create or change, but the document actions without one. */
const BODYLESS = new Set([
  'patch-shipments-id-stop-tracking',
  'patch-shipments-id-resume-tracking',
  'delete-webhooks-id',
  'patch-containers-id-refresh',
  'post-documents-id-reextract',
  'post-documents-id-reclassify',
  'post-documents-id-relink',
]);
const takesBody = ([operationId, method]: Row): boolean =>
  (method === 'POST' || method === 'PATCH') && !BODYLESS.has(operationId);

const UNKNOWN = '00000000-0000-4000-8000-00000000abcd';
/** The path as our document writes it: every parameter named by what it is in ours. */
const shape = (path: string): string => path.replace(/\{[a-z_]+\}/g, '{}');
const withUnknownIds = (path: string): string => `/v2${path.replace(/\{[a-z_]+\}/g, UNKNOWN)}`;

let h: TrackingHarness;
let calls = 0;
let key = '';
/** A new key every 50 calls, so the per-key limit of 100 a minute never answers for the route. */
async function nextKey(): Promise<string> {
  if (calls++ % 50 === 0) {
    key = await h.account(`operations-${calls}`, ['refresh', 'routing']);
  }
  return key;
}

beforeAll(async () => {
  h = await startTracking();
});
afterAll(async () => {
  await h.close();
});

describe('every upstream operationId', () => {
  test('is in GET /v2/openapi.json with the documented success status and its error responses', async () => {
    const document = (await (await h.api('/v2/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const byShape = new Map<string, Record<string, { responses: Record<string, unknown> }>>();
    for (const [path, operations] of Object.entries(document.paths)) byShape.set(shape(path), operations);
    const problems: string[] = [];
    for (const row of OPERATIONS) {
      const [operationId, method, path, good] = row;
      const operation = byShape.get(shape(`/v2${path}`))?.[method.toLowerCase()];
      if (operation === undefined) {
        problems.push(`${operationId}: ${method} ${path} not served`);
        continue;
      }
      const statuses = Object.keys(operation.responses);
      const expected = [
        String(good),
        '401',
        '429',
        ...(path.includes('{') ? ['404'] : []),
        ...(takesBody(row) ? ['422'] : []),
      ];
      for (const status of expected) {
        if (!statuses.includes(status))
          problems.push(`${operationId}: no ${status} in ${statuses.join(',')}`);
      }
      const success = statuses.filter((status) => status.startsWith('2'));
      if (success.join() !== String(good)) problems.push(`${operationId}: success ${success.join()}`);
    }
    expect(problems).toEqual([]);
  });

  test('the document names the query parameters: page[number] and page[size] on paged lists, include on JSON:API reads', async () => {
    const document = (await (await h.api('/v2/openapi.json')).json()) as {
      paths: Record<string, Record<string, { parameters: { name: string; in: string; schema: object }[] }>>;
    };
    const query = (path: string) =>
      Object.fromEntries(
        (document.paths[path]?.get?.parameters ?? [])
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => [parameter.name, parameter.schema]),
      );
    for (const path of ['/v2/shipments', '/v2/containers', '/v2/tracking_requests', '/v2/webhooks']) {
      expect(query(path), path).toMatchObject({
        include: { type: 'string' },
        'page[number]': { type: 'integer', default: 1 },
        'page[size]': { type: 'integer', default: 30, maximum: 100 },
      });
    }
    expect(query('/v2/parties')['page[size]']).toMatchObject({ default: 25 });
    expect(Object.keys(query('/v2/shipments/{id}'))).toEqual(['include']);
    expect(Object.keys(query('/v2/webhooks/ips'))).toEqual([]);
  });

  test('401 without a key, as a JSON:API error with application/json', async () => {
    for (const [operationId, method, path] of OPERATIONS) {
      const response = await fetch(`${h.origin}${withUnknownIds(path)}`, { method });
      expect(response.status, operationId).toBe(401);
      expect(response.headers.get('content-type'), operationId).toMatch(/^application\/json/);
      expect((await read(response)).errors?.[0], operationId).toMatchObject({
        status: '401',
        title: 'Unauthorized',
      });
    }
  });

  test('404 for an id the account does not have, on every operation with an id', async () => {
    for (const row of OPERATIONS.filter(([, , path]) => path.includes('{'))) {
      const [operationId, method, path] = row;
      const response = await h.api(withUnknownIds(path), {
        method,
        key: await nextKey(),
        ...(takesBody(row) ? { json: { data: { type: 'any', attributes: {} } } } : {}),
      });
      expect(response.status, operationId).toBe(404);
      expect((await read(response)).errors?.[0], operationId).toMatchObject({
        status: '404',
        title: 'Not Found',
      });
    }
  });

  test('an empty body is a body without data: 422; a body that is not JSON is a 415', async () => {
    for (const row of OPERATIONS.filter((candidate) => takesBody(candidate) && !candidate[2].includes('{'))) {
      const [operationId, method, path] = row;
      for (const contentType of ['application/json', 'application/vnd.api+json', undefined]) {
        const response = await h.api(`/v2${path}`, {
          method,
          key: await nextKey(),
          body: '',
          headers: contentType === undefined ? {} : { 'Content-Type': contentType },
        });
        const label = `${operationId} ${contentType ?? 'no type'}`;
        expect(response.status, label).toBe(422);
        const error = (await read(response)).errors?.[0];
        expect(error, label).toMatchObject({ status: '422', title: 'Unprocessable Entity' });
      }
      const form = await h.api(`/v2${path}`, {
        method,
        key: await nextKey(),
        body: 'data=1',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      await expectError(form, 415, { title: 'Unsupported Media Type' });
    }
  });

  test('a method the path does not serve is a 405 whose Allow names the methods it does', async () => {
    const served = new Map<string, Set<string>>();
    for (const [, method, path] of OPERATIONS) {
      const methods = served.get(shape(path)) ?? new Set<string>();
      methods.add(method);
      served.set(shape(path), methods);
    }
    // A literal segment another route takes as its id (GET /tracking_requests/infer_number is a show of
    // the id "infer_number", a 404 upstream as here) is not a method the path lacks.
    const segments = (path: string): string[] => path.split('/');
    const takenBySibling = (path: string, method: string): boolean =>
      OPERATIONS.some(([, other, pattern]) => {
        if (other !== method || shape(pattern) === path) return false;
        const [a, b] = [segments(shape(pattern)), segments(path)];
        return a.length === b.length && a.every((part, index) => part === '{}' || part === b[index]);
      });
    for (const [path, methods] of served) {
      const other = ['GET', 'POST', 'PATCH', 'DELETE', 'PUT'].find(
        (method) => !methods.has(method) && !takenBySibling(path, method),
      );
      if (other === undefined) continue;
      const response = await h.api(withUnknownIds(path), { method: other, key: await nextKey() });
      expect(response.status, `${other} ${path}`).toBe(405);
      const allow = (response.headers.get('allow') ?? '').split(', ');
      for (const method of methods) expect(allow, `${other} ${path}`).toContain(method);
    }
  });
});
