import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TrackingClient } from '../../../src/client/tracking-client.ts';
import { type McpHttpServer, startMcpHttpServer } from '../../../src/mcp/http-server.ts';
import {
  CONTAINER_ID,
  CONTAINER_NUMBER,
  FAKE_KEY,
  type FakeTrackingApi,
  SHIPMENT_ID,
  startFakeTrackingApi,
} from '../../support/fake-tracking-api.ts';

/**
 * The MCP server over streamable HTTP on loopback, driven by the SDK's own client. The tracking API
 * behind it is the stand-in of test/support/fake-tracking-api.ts until the local service serves the
 * tracking endpoints; pointing `clientFor` at the local service is the only change then.
 */

let api: FakeTrackingApi;
const servers: McpHttpServer[] = [];

beforeAll(async () => {
  api = await startFakeTrackingApi();
});
afterAll(() => api.close());
afterEach(async () => {
  api.reset();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const serve = async (
  options: {
    allowedHosts?: string[];
    allowedOrigins?: string[];
    defaultToken?: string;
    timeoutMs?: number;
  } = {},
) => {
  const server = await startMcpHttpServer({
    host: '127.0.0.1',
    port: 0,
    allowedHosts: options.allowedHosts ?? [],
    allowedOrigins: options.allowedOrigins ?? [],
    defaultToken: options.defaultToken,
    clientFor: (token) =>
      new TrackingClient({
        baseUrl: api.baseUrl,
        token,
        requestsPerMinute: 6_000,
        timeoutMs: options.timeoutMs ?? 5_000,
      }),
    version: '0.0.0-test',
  });
  servers.push(server);
  return server;
};

const connect = async (
  url: string,
  headers: Record<string, string> = { Authorization: `Bearer ${FAKE_KEY}` },
) => {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
};

/** A raw request through node:http, which (unlike fetch) lets a test send any Host header. */
const post = (url: string, headers: Record<string, string>, method = 'POST', raw?: string) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const rpc = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
      const body = raw ?? (method === 'POST' ? rpc : '');
      const req = request(
        url,
        {
          method,
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
            ...headers,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    },
  );

// biome-ignore lint/suspicious/noExplicitAny: the server checked these results against their output schemas; tests read them by path.
type Structured = Record<string, any>;
const call = async (client: Client, name: string, args: Record<string, unknown>) => {
  const result = await client.callTool({ name, arguments: args });
  return {
    isError: result.isError === true,
    data: result.structuredContent as Structured,
    text: (result.content as { text: string }[])[0]?.text ?? '',
  };
};

describe('MCP server over HTTP', () => {
  it('lists the ten tools with output schemas, the three prompts and the two resources', async () => {
    const client = await connect((await serve()).url);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'get_container',
        'get_container_route',
        'get_container_transport_events',
        'get_shipment_details',
        'get_supported_shipping_lines',
        'list_containers',
        'list_shipments',
        'list_tracking_requests',
        'search_container',
        'track_container',
      ].sort(),
    );
    for (const tool of tools) expect(tool.outputSchema?.type).toBe('object');
    expect(tools.find((t) => t.name === 'track_container')?.annotations?.readOnlyHint).toBe(false);
    const { prompts } = await client.listPrompts();
    expect(
      Object.fromEntries(
        prompts.map((p) => [p.name, p.arguments?.map((a) => `${a.name}${a.required ? '!' : ''}`)]),
      ),
    ).toEqual({
      'track-shipment': ['container_number!', 'carrier'],
      'check-demurrage': ['container_id!'],
      'analyze-delays': ['container_id!'],
    });
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual([
      'svc://docs/milestone-glossary',
    ]);
    expect((await client.listResourceTemplates()).resourceTemplates.map((r) => r.uriTemplate)).toEqual([
      'svc://container/{id}',
    ]);
    await client.close();
  });

  it('calls every tool and returns structured results', async () => {
    const client = await connect((await serve()).url);
    const search = await call(client, 'search_container', { query: CONTAINER_NUMBER });
    expect(search.data.containers).toEqual([
      {
        id: CONTAINER_ID,
        container_number: CONTAINER_NUMBER,
        status: 'not_available',
        shipping_line: 'MSCU',
        shipment_id: SHIPMENT_ID,
      },
    ]);
    expect(search.data.total_results).toBe(1);

    const container = await call(client, 'get_container', {
      id: CONTAINER_ID,
      include: ['transport_events'],
    });
    expect(container.isError).toBe(false);
    expect(container.data.container_number).toBe(CONTAINER_NUMBER);
    expect(container.data.demurrage.urgency).toBe('imminent');
    expect(container.data.demurrage.days_until_lfd).toBe(1);
    expect(container.data.demurrage.holds).toEqual([
      { name: 'customs', status: 'hold', description: 'CBP exam' },
    ]);
    expect(container.data.shipment.bill_of_lading).toBe('MEDUFK123456');
    expect(container.data.pod_terminal).toEqual({ id: expect.any(String), name: 'Pier 400' });
    expect(container.data.events).toHaveLength(4);
    expect(container.text).toContain('holds: customs');

    const shipment = await call(client, 'get_shipment_details', { id: SHIPMENT_ID });
    expect(shipment.data.status).toBe('arrived_at_pod');
    expect(shipment.data.containers).toEqual([
      expect.objectContaining({ id: CONTAINER_ID, container_number: CONTAINER_NUMBER }),
    ]);

    const events = await call(client, 'get_container_transport_events', { id: CONTAINER_ID });
    expect(events.data.total_events).toBe(4);
    expect(events.data.timeline[0]).toMatchObject({
      event: 'container.transport.vessel_loaded',
      location: 'Shanghai',
    });
    expect(events.data.milestones.vessel_discharged_at).toEqual(expect.any(String));
    expect(events.data.event_categories).toEqual({ 'container.transport': 4 });

    const lines = await call(client, 'get_supported_shipping_lines', {});
    expect(lines.data.shipping_lines.map((l: Structured) => l.scac)).toEqual(['HDMU', 'MAEU', 'MSCU']);
    const msc = await call(client, 'get_supported_shipping_lines', { search: 'mediterranean' });
    expect(msc.data.total_lines).toBe(1);

    const route = await call(client, 'get_container_route', { id: CONTAINER_ID });
    expect(route.data.route_locations.map((l: Structured) => l.port.locode)).toEqual(['CNSHA', 'USLAX']);
    expect(route.data.route_locations[1].inbound.vessel).toBe('MSC AURORA');
    expect(route.data.total_legs).toBe(1);

    const shipments = await call(client, 'list_shipments', { include_containers: true, page_size: 500 });
    expect(shipments.data.items).toEqual([
      expect.objectContaining({ id: SHIPMENT_ID, container_ids: [CONTAINER_ID] }),
    ]);
    expect(api.requests.at(-1)?.url).toContain('page[size]=100');

    const containers = await call(client, 'list_containers', { page: 1 });
    expect(containers.data.items).toEqual([
      expect.objectContaining({ id: CONTAINER_ID, shipment_id: SHIPMENT_ID }),
    ]);

    const requests = await call(client, 'list_tracking_requests', {
      status: 'created',
      request_type: 'container',
      filters: { 'filter[scac]': 'MSCU', 'page[size]': '3' },
    });
    expect(requests.data.items).toEqual([
      expect.objectContaining({ status: 'created', shipment_id: SHIPMENT_ID }),
    ]);
    expect(requests.data.dropped_filters).toEqual(['request_type']);
    expect(api.requests.at(-1)?.url).toContain('filter[scac]=MSCU');
    expect(api.requests.at(-1)?.url).not.toContain('page[size]=3');
    await client.close();
  });

  it('track_container returns a tracked container at once and creates a request for a new number', async () => {
    const client = await connect((await serve()).url);
    const known = await call(client, 'track_container', { number: ' mscu 1234565 ' });
    expect(known.data.tracking_request_created).toBe(false);
    expect(known.data.infer_result.source).toBe('search_match');
    expect(known.data.container.id).toBe(CONTAINER_ID);

    const fresh = await call(client, 'track_container', { number: 'MAEU7654321', refNumbers: ['PO-1'] });
    expect(fresh.data.tracking_request_created).toBe(true);
    expect(fresh.data.infer_result).toEqual({
      source: 'infer_number',
      number_type: 'container',
      scac: 'MAEU',
      decision: 'auto_select',
    });
    expect(fresh.data.tracking_request).toMatchObject({
      request_number: 'MAEU7654321',
      status: 'pending',
      shipment_id: null,
    });

    const again = await call(client, 'track_container', { number: 'MAEU7654321' });
    expect(again.data.tracking_request_created).toBe(false);
    expect(again.data.tracking_request).toMatchObject({
      request_number: 'MAEU7654321',
      status: 'pending',
      request_type: 'container',
    });

    const booking = await call(client, 'track_container', {
      number: 'BK998877',
      numberType: 'BOOKING',
      scac: 'maeu',
    });
    expect(booking.data.tracking_request.request_type).toBe('booking_number');
    expect(booking.data.infer_result.source).toBe('argument');
    await client.close();
  });

  it('reads the container resource and the glossary, and renders the prompts', async () => {
    const client = await connect((await serve()).url);
    const container = await client.readResource({ uri: `svc://container/${CONTAINER_ID}` });
    const text = (container.contents[0] as { text: string }).text;
    expect(text).toContain(`# Container ${CONTAINER_NUMBER}`);
    expect(text).toContain('customs (hold)');
    const glossary = await client.readResource({ uri: 'svc://docs/milestone-glossary' });
    expect((glossary.contents[0] as { text: string }).text).toContain('vessel_discharged');
    const prompt = await client.getPrompt({
      name: 'track-shipment',
      arguments: { container_number: CONTAINER_NUMBER, carrier: 'MSCU' },
    });
    expect(JSON.stringify(prompt.messages)).toContain(`${CONTAINER_NUMBER} with shipping line MSCU`);
    for (const name of ['check-demurrage', 'analyze-delays']) {
      const p = await client.getPrompt({ name, arguments: { container_id: CONTAINER_ID } });
      expect(JSON.stringify(p.messages)).toContain(CONTAINER_ID);
    }
    await client.close();
  });

  it('answers errors with stable codes: not_found, not_enabled, rate_limited with retry_after, invalid_input', async () => {
    const client = await connect((await serve()).url);
    const missing = await call(client, 'get_container', { id: '0c6f0b9a-7b8c-4d2e-8f10-999999999999' });
    expect(missing.isError).toBe(true);
    expect(missing.data.error.code).toBe('not_found');

    api.routingEnabled = false;
    const route = await call(client, 'get_container_route', { id: CONTAINER_ID });
    expect(route.data.error.code).toBe('not_enabled');

    api.fail('/tracking_requests', {
      status: 422,
      body: {
        errors: [
          {
            status: '422',
            source: { pointer: '/data/attributes/request_number' },
            title: 'Unprocessable Entity',
            detail: "Request number can't be blank",
          },
        ],
      },
    });
    const invalid = await call(client, 'list_tracking_requests', {});
    expect(invalid.data.error).toMatchObject({
      code: 'invalid_input',
      source: '/data/attributes/request_number',
    });

    const badArgs = await client.callTool({ name: 'get_container', arguments: { id: 'not-a-uuid' } });
    expect(badArgs.isError).toBe(true);

    api.fail('/shipments', {
      status: 429,
      body: { errors: [{ status: '429', title: 'Too Many Requests', detail: 'slow down' }] },
      headers: { 'Retry-After': '60' },
    });
    const limited = await call(client, 'list_shipments', {});
    expect(limited.data.error).toMatchObject({ code: 'rate_limited', retry_after: 60 });
    expect(JSON.parse(limited.text).error.code).toBe('rate_limited');
    await client.close();
  });

  it('bounds every call in time: a hung API is an upstream_error, not a hung agent', async () => {
    const client = await connect((await serve({ timeoutMs: 300 })).url);
    api.hang('/shipments');
    const result = await call(client, 'list_shipments', {});
    expect(result.data.error.code).toBe('upstream_error');
    await client.close();
  });

  it('serves POST /api/mcp too, and answers GET and DELETE with 405', async () => {
    const { url } = await serve();
    const client = await connect(url.replace('/mcp', '/api/mcp'));
    expect((await client.listTools()).tools).toHaveLength(10);
    await client.close();
    for (const method of ['GET', 'DELETE']) {
      const answer = await post(url, { Authorization: `Token ${FAKE_KEY}` }, method);
      expect(answer.status).toBe(405);
      expect(JSON.parse(answer.body).jsonrpc).toBe('2.0');
    }
  });

  it('refuses a body that is not JSON, or too large, before any MCP processing', async () => {
    const { url } = await serve();
    const auth = { Authorization: `Bearer ${FAKE_KEY}` };
    expect((await post(url, auth, 'POST', '{"jsonrpc":')).status).toBe(400);
    expect((await post(url, auth, 'POST', `"${'x'.repeat(1_100_000)}"`)).status).toBe(413);
  });
});

describe('MCP server authentication', () => {
  it('forwards "Bearer <t>" and "Token <t>" as the API key', async () => {
    const { url } = await serve();
    for (const authorization of [`Bearer ${FAKE_KEY}`, `token ${FAKE_KEY}`]) {
      const client = await connect(url, { Authorization: authorization });
      await call(client, 'list_containers', {});
      expect(api.requests.at(-1)?.authorization).toBe(`Token ${FAKE_KEY}`);
      await client.close();
    }
  });

  it('uses SVC_API_TOKEN without a header, and answers 401 with neither', async () => {
    const withDefault = await serve({ defaultToken: FAKE_KEY });
    const client = await connect(withDefault.url, {});
    expect((await call(client, 'list_containers', {})).isError).toBe(false);
    await client.close();

    const without = await serve();
    const answer = await post(without.url, {});
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Bearer realm="mcp"');
    expect((await post(without.url, { Authorization: `Basic ${FAKE_KEY}` })).status).toBe(401);
  });

  it('answers 401 for a key the API refuses', async () => {
    const { url } = await serve();
    const answer = await post(url, { Authorization: 'Bearer not-the-key-123' });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it('answers 403 for a foreign Host or Origin before looking at the key', async () => {
    const { url } = await serve();
    const port = new URL(url).port;
    // No Authorization at all: the 403 proves the Host/Origin check ran first.
    expect((await post(url, { Host: `evil.example:${port}` })).status).toBe(403);
    expect((await post(url, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(url, { Origin: 'not a url' })).status).toBe(403);
    expect((await post(url, { Host: `localhost:${port}`, Origin: `http://localhost:${port}` })).status).toBe(
      401,
    );
    expect(api.requests).toHaveLength(0);
  });

  it('accepts exactly the configured hosts and origins', async () => {
    const { url } = await serve({
      allowedHosts: ['mcp.example.com'],
      allowedOrigins: ['https://app.example.com'],
    });
    const auth = { Authorization: `Bearer ${FAKE_KEY}` };
    expect((await post(url, { ...auth, Host: 'mcp.example.com' })).status).toBe(200);
    expect(
      (await post(url, { ...auth, Host: 'mcp.example.com', Origin: 'https://app.example.com' })).status,
    ).toBe(200);
    expect(
      (await post(url, { ...auth, Host: 'mcp.example.com', Origin: 'https://other.example.com' })).status,
    ).toBe(403);
    // Loopback is no longer implied once a list is configured.
    expect((await post(url, auth)).status).toBe(403);
  });
});
