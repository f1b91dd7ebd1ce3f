import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load-config.ts';
import { hasControlCharacters } from '../../../src/contract/file-name.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { INFER_NUMBER_LIMIT_PER_MINUTE } from '../../../src/service/carriers/carrier-routes.ts';
import { createService, type LocalService } from '../../../src/service/service.ts';
import { REFRESHES_PER_MINUTE } from '../../../src/service/tracking/container-routes.ts';
import { rawExchange } from '../../support/raw-http.ts';
import { PLAY_INTERVAL_MS, trackingRequestBody } from '../tracking/tracking-harness.ts';
import { expectError, probeClient } from './probe-client.ts';

/**
 * The abuse probe of the tracking surface (tracking requests, shipments, containers, refresh, stop and
 * resume, ports, terminals, vessels, search, infer_number, shipping lines, the route map, app links) as an
 * unknown hostile client: malformed and huge bodies, controls in every text, odd ids and parameters,
 * other accounts' ids, bad keys, method confusion, rate-limit evasion and bursts.
 */

/** A default bucket wide enough for the probe's hundreds of requests; the evasion tests use the own buckets. */
const PROBE_RATE_LIMIT = 100_000;

let service: LocalService;
let dataDir = '';
let origin = '';
let apiKey = '';
let otherKey = '';
const clock = new ManualClock(Date.now());
let trackingRequestId = '';
let shipmentId = '';
let containerId = '';

const api = probeClient(() => ({ origin, apiKey }));

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'stevedore-probe-tracking-'));
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
  otherKey = (await service.createAccount('other tenant', ['refresh', 'routing'])).apiKey;
  const created = await api('/v2/tracking_requests', {
    method: 'POST',
    json: trackingRequestBody({
      request_type: 'bill_of_lading',
      request_number: 'MAEU 864213579',
      scac: 'MAEU',
    }),
  });
  expect(created.status).toBe(201);
  trackingRequestId = ((await created.json()) as { data: { id: string } }).data.id;
  clock.advance(PLAY_INTERVAL_MS);
  const shipments = (await (await api('/v2/shipments')).json()) as {
    data: { id: string; relationships: { containers: { data: { id: string }[] } } }[];
  };
  shipmentId = shipments.data[0]?.id ?? '';
  containerId = shipments.data[0]?.relationships.containers.data[0]?.id ?? '';
  expect(containerId).not.toBe('');
});
afterAll(async () => {
  await service?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('tenant isolation', () => {
  it("another account's ids are 404 on every read and write, and its lists and search are empty", async () => {
    const reads = [
      `/v2/tracking_requests/${trackingRequestId}`,
      `/v2/shipments/${shipmentId}`,
      `/v2/containers/${containerId}`,
      `/v2/containers/${containerId}/transport_events`,
      `/v2/containers/${containerId}/raw_events`,
      `/v2/containers/${containerId}/map_geojson`,
      `/v2/containers/${containerId}/route`,
    ];
    for (const path of reads) await expectError(await api(path, { key: otherKey }), 404, path);
    const writes: [string, unknown][] = [
      [`/v2/tracking_requests/${trackingRequestId}`, { data: { attributes: { ref_number: 'stolen' } } }],
      [`/v2/shipments/${shipmentId}`, { data: { attributes: { tags: ['stolen'] } } }],
      [`/v2/containers/${containerId}`, { data: { attributes: { ref_numbers: ['stolen'] } } }],
      [`/v2/containers/${containerId}/refresh`, {}],
      [`/v2/shipments/${shipmentId}/stop_tracking`, {}],
      [`/v2/shipments/${shipmentId}/resume_tracking`, {}],
    ];
    for (const [path, json] of writes) {
      await expectError(await api(path, { method: 'PATCH', key: otherKey, json }), 404, path);
    }
    for (const path of [
      '/v2/tracking_requests',
      '/v2/shipments',
      '/v2/containers',
      '/v2/search?query=MAEU',
    ]) {
      const body = (await (await api(path, { key: otherKey })).json()) as { data: unknown[] };
      expect(body.data, path).toEqual([]);
    }
    // Nothing the other account tried reached the owner's records.
    const shipment = (await (await api(`/v2/shipments/${shipmentId}`)).json()) as {
      data: { attributes: { tags: string[] } };
    };
    expect(shipment.data.attributes.tags).not.toContain('stolen');
  });
});

describe('bodies', () => {
  const writes = (): [string, string][] => [
    ['POST', '/v2/tracking_requests'],
    ['PATCH', `/v2/tracking_requests/${trackingRequestId}`],
    ['PATCH', `/v2/shipments/${shipmentId}`],
    ['PATCH', `/v2/containers/${containerId}`],
    ['POST', '/v2/tracking_requests/infer_number'],
    ['POST', '/v2/app_links'],
  ];

  it('malformed JSON is 400, a wrong content type 415, a non-object or deeply nested body 422, over 1 MiB 413', async () => {
    for (const [method, path] of writes()) {
      const label = `${method} ${path}`;
      const send = (body: string, type = 'application/json') =>
        api(path, { method, body, headers: { 'content-type': type } });
      await expectError(await send('{"data":'), 400, label);
      await expectError(await send('{}', 'text/plain'), 415, label);
      await expectError(await send('{}', 'application/x-www-form-urlencoded'), 415, label);
      for (const body of ['[]', '"x"', '12', 'null', `${'['.repeat(50_000)}${']'.repeat(50_000)}`]) {
        await expectError(await send(body), 422, `${label} ${body.slice(0, 10)}`);
      }
      await expectError(await send(JSON.stringify({ pad: 'x'.repeat(1_100_000) })), 413, label);
      const proto = await send('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}');
      expect(proto.status, label).toBe(422);
    }
  });

  it('giant strings in every field are 422 naming the member, without echoing the value whole', async () => {
    const giant = 'A'.repeat(200_000);
    const cases: [string, string, unknown, string][] = [
      [
        'POST',
        '/v2/tracking_requests',
        trackingRequestBody({ request_type: 'container', request_number: giant, scac: 'MAEU' }),
        '/data/attributes/request_number',
      ],
      [
        'POST',
        '/v2/tracking_requests',
        trackingRequestBody({ request_type: 'container', request_number: 'MSCU1234566', scac: giant }),
        '/data/attributes/scac',
      ],
      [
        'POST',
        '/v2/tracking_requests',
        trackingRequestBody({ request_type: giant, request_number: 'MSCU1234566', scac: 'MSCU' }),
        '/data/attributes/request_type',
      ],
      [
        'POST',
        '/v2/tracking_requests',
        trackingRequestBody({
          request_type: 'container',
          request_number: 'MSCU1234566',
          scac: 'MSCU',
          ref_numbers: [giant],
        }),
        '/data/attributes/ref_numbers/0',
      ],
      [
        'POST',
        '/v2/tracking_requests',
        trackingRequestBody({
          request_type: 'container',
          request_number: 'MSCU1234566',
          scac: 'MSCU',
          shipment_tags: Array(1_000).fill('t'),
        }),
        '/data/attributes/shipment_tags',
      ],
      [
        'PATCH',
        `/v2/tracking_requests/${trackingRequestId}`,
        { data: { attributes: { ref_number: giant } } },
        '/data/attributes/ref_number',
      ],
      [
        'PATCH',
        `/v2/shipments/${shipmentId}`,
        { data: { attributes: { tags: [giant] } } },
        '/data/attributes/tags/0',
      ],
      [
        'PATCH',
        `/v2/shipments/${shipmentId}`,
        { data: { attributes: { ref_numbers: Array(101).fill('r') } } },
        '/data/attributes/ref_numbers',
      ],
      [
        'PATCH',
        `/v2/containers/${containerId}`,
        { data: { attributes: { ref_numbers: [giant] } } },
        '/data/attributes/ref_numbers/0',
      ],
      ['POST', '/v2/app_links', { path: `/${giant}` }, '/path'],
    ];
    for (const [method, path, json, pointer] of cases) {
      const response = await api(path, { method, json });
      const text = await response.clone().text();
      const error = await expectError(response, 422, `${method} ${path} ${pointer}`);
      expect(error?.source, pointer).toEqual({ pointer });
      expect(text.length, pointer).toBeLessThan(2_000);
    }
    const infer = await api('/v2/tracking_requests/infer_number', {
      method: 'POST',
      json: { number: giant },
    });
    expect(infer.status).toBe(422);
    expect((await infer.text()).length).toBeLessThan(2_000);
  });

  it('controls, NUL and bidi overrides in reference numbers and tags are 422, and not echoed back', async () => {
    const bad = ['PO\u0000-1', 'PO\u202e1-OP', 'line\r\nbreak', '\u001b[31mred', 'sep\u2028x'];
    for (const value of bad) {
      const cases: [string, string, unknown, string][] = [
        [
          'POST',
          '/v2/tracking_requests',
          trackingRequestBody({
            request_type: 'container',
            request_number: 'MSCU1234566',
            scac: 'MSCU',
            ref_numbers: [value],
          }),
          '/data/attributes/ref_numbers/0',
        ],
        [
          'POST',
          '/v2/tracking_requests',
          trackingRequestBody({
            request_type: 'container',
            request_number: 'MSCU1234566',
            scac: 'MSCU',
            shipment_tags: ['ok', value],
          }),
          '/data/attributes/shipment_tags/1',
        ],
        [
          'PATCH',
          `/v2/tracking_requests/${trackingRequestId}`,
          { data: { attributes: { ref_number: value } } },
          '/data/attributes/ref_number',
        ],
        [
          'PATCH',
          `/v2/shipments/${shipmentId}`,
          { data: { attributes: { ref_numbers: [value] } } },
          '/data/attributes/ref_numbers/0',
        ],
        [
          'PATCH',
          `/v2/shipments/${shipmentId}`,
          { data: { attributes: { tags: [value] } } },
          '/data/attributes/tags/0',
        ],
        [
          'PATCH',
          `/v2/containers/${containerId}`,
          { data: { attributes: { ref_numbers: [value] } } },
          '/data/attributes/ref_numbers/0',
        ],
      ];
      for (const [method, path, json, pointer] of cases) {
        const error = await expectError(
          await api(path, { method, json }),
          422,
          `${JSON.stringify(value)} ${pointer}`,
        );
        expect(error?.source).toEqual({ pointer });
        expect(error?.detail).toContain('must not contain control or bidi characters');
        expect(error?.detail).not.toContain(value);
      }
    }
    const container = (await (await api(`/v2/containers/${containerId}`)).json()) as {
      data: { attributes: { ref_numbers: string[] } };
    };
    expect(hasControlCharacters(container.data.attributes.ref_numbers.join(''))).toBe(false);
    // Plain unicode is a reference number like any other.
    const accepted = await api(`/v2/containers/${containerId}`, {
      method: 'PATCH',
      json: { data: { attributes: { ref_numbers: ['Bestellung Nr. 42 – München', '注文番号-7'] } } },
    });
    expect(accepted.status).toBe(200);
  });
});

describe('ids, parameters and keys', () => {
  it('ids that are not UUIDs, or are hostile, are JSON:API 404s on every resource', async () => {
    const ids = [
      'not-a-uuid',
      '%00',
      'x'.repeat(4_000),
      '..%2F..%2Fetc%2Fpasswd',
      "1'%20OR%20'1'='1",
      '%E2%80%AE',
      '%F0%9F%9A%A2',
    ];
    const bases = [
      'tracking_requests',
      'shipments',
      'containers',
      'ports',
      'terminals',
      'vessels',
      'shipping_lines',
    ];
    for (const id of ids) {
      for (const base of bases)
        await expectError(await api(`/v2/${base}/${id}`), 404, `${base}/${id.slice(0, 20)}`);
      await expectError(await api(`/v2/containers/${id}/transport_events`), 404, id);
      await expectError(await api(`/v2/containers/${id}/refresh`, { method: 'PATCH', json: {} }), 404, id);
    }
  });

  it('page extremes, negatives, repeats and unknown parameters are 400 or ignored, never 5xx', async () => {
    const lists = [
      '/v2/tracking_requests',
      '/v2/shipments',
      '/v2/containers',
      '/v2/shipping_lines',
      `/v2/containers/${containerId}/transport_events`,
    ];
    const bad = [
      'page[size]=-1',
      'page[size]=0',
      'page[number]=-5',
      'page[number]=0',
      'page[number]=1e308',
      'page[number]=0x10',
      'page[number]=99999999999999999999',
      'page[size]=1.5',
    ];
    const ignored = [
      'page[size]=99999999999',
      'page[size]=1&page[size]=2',
      'filter[nope]=%00',
      'bogus=1&bogus=2',
      'sort=-nope',
      'q=%FF%FE',
      `junk=${'j'.repeat(4_000)}`,
    ];
    for (const path of lists) {
      for (const query of bad) {
        const response = await api(`${path}?${query}`);
        expect([200, 400], `${path}?${query}`).toContain(response.status);
        await response.arrayBuffer();
      }
      for (const query of ignored) {
        const response = await api(`${path}?${query}`);
        expect(response.status, `${path}?${query}`).toBeLessThan(500);
        await response.arrayBuffer();
      }
    }
    for (const query of [
      '',
      'query=',
      `query=${'%00'.repeat(10)}`,
      `query=${'%25'.repeat(2_000)}`,
      'query=a&query=b',
      `query=${'Z'.repeat(5_000)}`,
    ]) {
      const response = await api(`/v2/search?${query}`);
      expect(response.status, query.slice(0, 30)).toBeLessThan(500);
      await response.arrayBuffer();
    }
    const huge = await api(`/v2/search?query=${'A'.repeat(100_000)}`);
    await expectError(huge, 431, 'a query past the head limit');
  });

  it('missing, malformed, oversized, unknown and other-scheme keys are 401 with WWW-Authenticate', async () => {
    const headers = [
      undefined,
      '',
      'Token',
      `Token ${apiKey} extra`,
      `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`,
      `Token ${'k'.repeat(10_000)}`,
      'Token stv_unknown',
      `Token ${apiKey}\u0000`,
      `Token ${apiKey.toUpperCase()}`,
    ];
    for (const header of headers) {
      const init: RequestInit = header === undefined ? {} : { headers: { authorization: header } };
      let response: Response;
      try {
        response = await api('/v2/shipments', { key: null, ...init });
      } catch {
        // fetch itself refuses a header holding NUL; nothing reached the server.
        continue;
      }
      await expectError(response, 401, String(header).slice(0, 30));
      expect(response.headers.get('www-authenticate')).toContain('Token');
    }
  });

  it('methods a route does not serve are 405 with Allow; HEAD and path variants do not reach a handler', async () => {
    for (const [method, path] of [
      ['DELETE', '/v2/shipments'],
      ['PUT', `/v2/containers/${containerId}`],
      ['POST', `/v2/containers/${containerId}/refresh`],
      ['GET', `/v2/containers/${containerId}/refresh`],
      ['OPTIONS', '/v2/tracking_requests'],
      ['PROPFIND', '/v2/search'],
    ] as const) {
      const response = await api(path, { method });
      await expectError(response, 405, `${method} ${path}`);
      expect(response.headers.get('allow'), `${method} ${path}`).toBeTruthy();
    }
    const head = await api('/v2/shipments', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const path of ['/V2/shipments', '/v2/Shipments', '/v2//shipments']) {
      await expectError(await api(path), 404, path);
    }
    // A trailing slash is the path without it, as upstream (Rails drops it before routing).
    expect((await api('/v2/shipments/')).status).toBe(200);
  });

  it('a header flood is a 431, a smuggling attempt a 400, and the service keeps answering', async () => {
    const port = new URL(origin).port;
    const flood = await rawExchange(
      origin,
      `GET /v2/shipments HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Token ${apiKey}\r\n${Array.from({ length: 400 }, (_, i) => `X-Flood-${i}: ${'y'.repeat(100)}`).join('\r\n')}\r\n\r\n`,
    );
    expect(flood.status).toBe(431);
    // Content-Length and chunked together is how requests are smuggled past a proxy: refused outright.
    const smuggled = await rawExchange(
      origin,
      `POST /v2/tracking_requests/infer_number HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Token ${apiKey}\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /v2/shipments HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(smuggled.status).toBe(400);
    expect(smuggled.text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect((await api('/v2/shipments')).status).toBe(200);
  });
});

describe('rate-limit evasion', () => {
  // The probes above spent some of every bucket; each test starts with a fresh window.
  beforeEach(() => {
    clock.advance(60_001);
  });

  it('refresh: the per-key bucket holds against case variants and percent-encoded paths', async () => {
    const refresh = (path = `/v2/containers/${containerId}/refresh`) =>
      api(path, { method: 'PATCH', json: {} });
    for (let attempt = 0; attempt < REFRESHES_PER_MINUTE; attempt += 1) {
      expect((await refresh()).status).toBe(200);
    }
    const limited = await refresh();
    await expectError(limited, 429, 'refresh over the limit');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectError(await refresh(`/v2/containers/${containerId}/%72efresh`), 429, 'percent-encoded');
    await expectError(
      await refresh(`/v2/containers/${containerId.toUpperCase()}/refresh`),
      429,
      'upper-case id',
    );
    await expectError(await refresh(`/v2/containers/${containerId}/Refresh`), 404, 'case variant');
    // Another account has its own bucket: one account's limit is not another's.
    const other = await api(`/v2/containers/${containerId}/refresh`, {
      method: 'PATCH',
      json: {},
      key: otherKey,
    });
    expect(other.status).toBe(404);
    clock.advance(60_000);
    expect((await refresh()).status).toBe(200);
  });

  it('infer_number: the bucket holds against a percent-encoded path and another key spelling', async () => {
    const infer = (path = '/v2/tracking_requests/infer_number', key = apiKey, scheme = 'Token') =>
      fetch(`${origin}${path}`, {
        method: 'POST',
        headers: { authorization: `${scheme} ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ number: 'MSCU1234566' }),
      });
    for (let attempt = 0; attempt < INFER_NUMBER_LIMIT_PER_MINUTE; attempt += 1) {
      const response = await infer();
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    await expectError(await infer(), 429, 'over the limit');
    await expectError(await infer('/v2/tracking_requests/infer%5Fnumber'), 429, 'percent-encoded');
    await expectError(await infer(undefined, apiKey, 'Bearer'), 429, 'Bearer spelling of the same key');
    await expectError(await infer(undefined, `token="${apiKey}"`, 'Token'), 429, 'token="" spelling');
    clock.advance(60_000);
    expect((await infer()).status).toBe(200);
  });

  it('a burst of concurrent requests is answered, each 200 or 429, and the service keeps answering', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        api(index % 2 === 0 ? '/v2/shipments' : `/v2/search?query=MAEU${index}`),
      ),
    );
    for (const answer of answers) {
      expect([200, 429]).toContain(answer.status);
      await answer.arrayBuffer();
    }
    expect((await api('/health', { key: null })).status).toBe(200);
  });
});
