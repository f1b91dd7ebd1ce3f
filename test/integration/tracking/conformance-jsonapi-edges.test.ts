import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createRequest, type Document, expectError, type Resource, read } from './conformance-support.ts';
import { PLAY_INTERVAL_MS, startTracking, type TrackingHarness } from './tracking-harness.ts';

/**
 * Round 5: the JSON:API edges the upstream (a Rails app) answers: a path with a trailing slash is the
 * path without it (Rails drops the slash before routing), HEAD is GET without a body, an unknown include
 * is a 400 naming `include`, `page[size]` above 100, an unknown sort token, an
 * unknown filter key (ignored), `fields[...]` (not a parameter of the upstream: ignored, whole resources),
 * and an `Accept` the service does not produce (ignored: the answer is JSON, as upstream).
 */
let h: TrackingHarness;
let requestId = '';

const idsOf = (doc: Document): string[] => {
  const data: Resource | Resource[] = doc.data;
  return Array.isArray(data) ? data.map((resource) => resource.id) : [data.id];
};

beforeAll(async () => {
  h = await startTracking();
  const created = await createRequest(h, {
    request_type: 'container',
    request_number: 'MSCU1234566',
    scac: 'MSCU',
  });
  expect(created.status).toBe(201);
  requestId = (await read(created)).data.id;
});
afterAll(async () => {
  await h.close();
});

describe('a trailing slash is the same route', () => {
  test('GET of a list and of one resource, with or without the query', async () => {
    for (const path of [
      '/v2/tracking_requests/',
      `/v2/tracking_requests/${requestId}/`,
      '/v2/shipments/?page[size]=5',
      '/v2/containers/',
      '/v2/shipping_lines/',
      '/v2/webhooks/',
    ]) {
      const slashed = await h.api(path);
      expect(slashed.status, path).toBe(200);
      expect(slashed.headers.get('content-type'), path).toMatch(/^application\/json/);
      const plain = await h.api(path.replace(/\/(\?|$)/, '$1'));
      expect(idsOf(await read(slashed)), path).toEqual(idsOf(await read(plain)));
    }
  });

  test('POST, PATCH and DELETE too; an unknown id with a slash is still a 404', async () => {
    const created = await h.api('/v2/webhooks/', {
      method: 'POST',
      json: {
        data: {
          type: 'webhook',
          attributes: { url: 'https://example.com/hook', active: true, events: ['container.updated'] },
        },
      },
    });
    expect(created.status).toBe(201);
    const id = (await read(created)).data.id;
    const patched = await h.api(`/v2/webhooks/${id}/`, {
      method: 'PATCH',
      json: { data: { type: 'webhook', id, attributes: { active: false } } },
    });
    expect(patched.status).toBe(200);
    expect((await read(patched)).data.attributes.active).toBe(false);
    // The upstream answers a webhook's DELETE with 200.
    expect((await h.api(`/v2/webhooks/${id}/`, { method: 'DELETE' })).status).toBe(200);
    await expectError(await h.api(`/v2/webhooks/${id}/`), 404, { title: 'Not Found', code: 'not_found' });
  });

  test('a method the path does not serve is still a 405 with Allow', async () => {
    const response = await h.api('/v2/shipments/', { method: 'DELETE' });
    await expectError(response, 405, { title: 'Method Not Allowed', code: 'method_not_allowed' });
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('HEAD', () => {
  test('answers as GET would, headers and status, without a body', async () => {
    for (const path of ['/v2/tracking_requests', `/v2/tracking_requests/${requestId}`, '/v2/shipments']) {
      const get = await h.api(path);
      const head = await h.api(path, { method: 'HEAD' });
      expect(head.status, path).toBe(get.status);
      expect(head.headers.get('content-type'), path).toBe(get.headers.get('content-type'));
      expect(head.headers.get('x-ratelimit-limit'), path).toBe('100');
      expect(await head.text(), path).toBe('');
    }
  });

  test('an unknown id is a 404 and no key a 401, without a body', async () => {
    const missing = await h.api('/v2/tracking_requests/00000000-0000-4000-8000-000000000000', {
      method: 'HEAD',
    });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('');
    const anonymous = await fetch(`${h.origin}/v2/shipments`, { method: 'HEAD' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Token /);
  });
});

describe('query parameters', () => {
  test('an unknown include is a 400 with source.parameter include, on lists and single resources', async () => {
    for (const path of [
      '/v2/shipments?include=bogus',
      '/v2/containers?include=shipment,bogus',
      '/v2/tracking_requests?include=bogus',
      `/v2/tracking_requests/${requestId}?include=bogus`,
    ]) {
      const error = await expectError(await h.api(path), 400, {
        title: 'Bad Request',
        source: { parameter: 'include' },
      });
      expect(error.detail, path).toMatch(/^bogus is not specified as a relationship on V2::\w+Serializer$/);
    }
  });

  test('raw events, custom fields and custom field definitions: an unknown include is a 400 too; the relationships they have are included', async () => {
    await createRequest(h, { request_type: 'bill_of_lading', request_number: 'MAEU700000789', scac: 'MAEU' });
    h.clock.advance(PLAY_INTERVAL_MS);
    await new Promise((resolve) => setImmediate(resolve));
    const containerId = (await read(await h.api('/v2/containers'))).data[0]?.id;
    expect(containerId).toBeDefined();
    for (const [path, serializer] of [
      [`/v2/containers/${containerId}/raw_events?include=bogus`, 'RawEventSerializer'],
      ['/v2/custom_fields?include=bogus', 'CustomFieldSerializer'],
      ['/v2/custom_field_definitions?include=bogus', 'CustomFieldDefinitionSerializer'],
    ] as const) {
      await expectError(await h.api(path), 400, {
        source: { parameter: 'include' },
        detail: `bogus is not specified as a relationship on V2::${serializer}`,
      });
    }
    const raw = await read(await h.api(`/v2/containers/${containerId}/raw_events?include=location,vessel`));
    const types = new Set((raw.included ?? []).map((resource) => resource.type));
    expect([...types].sort()).toEqual(['port', 'vessel']);
    for (const event of raw.data) {
      const location = event.relationships?.location?.data;
      if (location === null || location === undefined || Array.isArray(location)) continue;
      expect(raw.included?.some((r) => r.type === 'port' && r.id === location.id)).toBe(true);
    }
    const definition = await h.api('/v2/custom_field_definitions', {
      method: 'POST',
      json: {
        data: {
          type: 'custom_field_definition',
          attributes: {
            entity_type: 'Shipment',
            api_slug: 'priority',
            display_name: 'Priority',
            data_type: 'enum',
          },
        },
      },
    });
    expect(definition.status).toBe(201);
    const definitionId = (await read(definition)).data.id;
    const option = await h.api(`/v2/custom_field_definitions/${definitionId}/options`, {
      method: 'POST',
      json: { data: { type: 'custom_field_option', attributes: { label: 'High', value: 'high' } } },
    });
    expect(option.status).toBe(201);
    const optionId = (await read(option)).data.id;
    for (const path of [
      '/v2/custom_field_definitions?include=options',
      `/v2/custom_field_definitions/${definitionId}?include=options`,
    ]) {
      const withOptions = await read(await h.api(path));
      expect(
        (withOptions.included ?? []).map((resource) => `${resource.type}/${resource.id}`),
        path,
      ).toEqual([`custom_field_option/${optionId}`]);
    }
    expect((await h.api('/v2/custom_fields?include=definition,entity,user')).status).toBe(200);
  });

  test('page[size] and page[number]: above 100 is cut to 100 (out of range below: conformance-round6)', async () => {
    const big = await read(await h.api('/v2/tracking_requests?page[size]=1000'));
    // meta.size counts the records on the page (round 6); the cut itself: test/unit/service/pagination.
    expect(big.meta?.size).toBe(big.data.length);
    expect(big.data.length).toBeLessThanOrEqual(100);
    // A page past the last is an empty page, not an error.
    const beyond = await read(await h.api('/v2/tracking_requests?page[number]=99'));
    expect(beyond.data).toEqual([]);
  });

  test('an unknown sort token is a 400 with source.parameter sort on the lists that sort', async () => {
    for (const path of ['/v2/shipments?sort=bogus', '/v2/containers?sort=-bogus']) {
      await expectError(await h.api(path), 400, { title: 'Bad Request', source: { parameter: 'sort' } });
    }
    // The upstream names no sort for tracking requests (newest first): `sort` there is ignored.
    expect((await h.api('/v2/tracking_requests?sort=bogus')).status).toBe(200);
  });

  test('an unknown filter key is ignored, as upstream', async () => {
    const plain = await read(await h.api('/v2/tracking_requests'));
    const filtered = await read(await h.api('/v2/tracking_requests?filter[no_such_thing]=1'));
    expect(filtered.data.map((r) => r.id)).toEqual(plain.data.map((r) => r.id));
  });

  test('fields[...] is not an upstream parameter: ignored, every attribute is sent', async () => {
    const sparse = await read(
      await h.api(`/v2/tracking_requests/${requestId}?fields[tracking_request]=status`),
    );
    expect(sparse.data.attributes).toHaveProperty('request_number', 'MSCU1234566');
    expect(sparse.data.attributes).toHaveProperty('status');
  });
});

describe('media types', () => {
  test('an Accept the service does not produce is ignored: the answer is JSON, as upstream', async () => {
    for (const accept of ['application/xml', 'text/html', 'application/vnd.api+json', '*/*']) {
      const response = await h.api('/v2/tracking_requests', { headers: { Accept: accept } });
      expect(response.status, accept).toBe(200);
      expect(response.headers.get('content-type'), accept).toMatch(/^application\/json/);
    }
  });

  test('a body of another type than JSON is a 415', async () => {
    const response = await h.api('/v2/tracking_requests', {
      method: 'POST',
      body: '<tracking_request/>',
      headers: { 'Content-Type': 'application/xml' },
    });
    await expectError(response, 415, { title: 'Unsupported Media Type' });
  });
});
