import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrackingClient } from '../../../src/client/tracking-client.ts';
import { loadConfig } from '../../../src/config/load-config.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { type McpHttpServer, startMcpHttpServer } from '../../../src/mcp/http-server.ts';
import { createService } from '../../../src/service/service.ts';
import {
  PLAY_INTERVAL_MS,
  startTracking,
  type TrackingHarness,
  trackingRequestBody,
} from '../tracking/tracking-harness.ts';

/**
 * The MCP server in front of the real local service: a tracked bill of lading played by the sandbox
 * carrier for three weeks, every tool, prompt and resource called through the SDK's own client.
 */

let h: TrackingHarness;
let mcp: McpHttpServer;
let shipmentId = '';
let containerId = '';
let containerNumber = '';
let billOfLading = '';

/** `clock`: the service's, so that days until the last free day count in the sandbox's time. */
const serveMcp = (baseUrl: string, clock?: ManualClock) =>
  startMcpHttpServer({
    ...(clock === undefined ? {} : { clock }),
    host: '127.0.0.1',
    port: 0,
    allowedHosts: [],
    allowedOrigins: [],
    clientFor: (token) => new TrackingClient({ baseUrl, token, requestsPerMinute: 6_000, timeoutMs: 10_000 }),
    version: '0.0.0-test',
  });

const connect = async (url: string, key: string) => {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${key}` } },
    }),
  );
  return client;
};

// biome-ignore lint/suspicious/noExplicitAny: the server checked these results against their output schemas; tests read them by path.
type Structured = Record<string, any>;
const call = async (client: Client, name: string, args: Record<string, unknown>) => {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as { text: string }[])[0]?.text ?? '';
  return { isError: result.isError === true, data: result.structuredContent as Structured, text };
};

beforeAll(async () => {
  h = await startTracking();
  const created = await h.api('/v2/tracking_requests', {
    method: 'POST',
    json: trackingRequestBody({
      request_type: 'bill_of_lading',
      request_number: 'MAEU123456789',
      scac: 'MAEU',
      ref_numbers: ['PO-7'],
    }),
  });
  expect(created.status).toBe(201);
  h.clock.advance(PLAY_INTERVAL_MS);
  const listed = (await (await h.api('/v2/tracking_requests')).json()) as Structured;
  shipmentId = listed.data[0].relationships.tracked_object.data.id;
  const shipment = (await (await h.api(`/v2/shipments/${shipmentId}`)).json()) as Structured;
  billOfLading = shipment.data.attributes.bill_of_lading_number;
  containerId = shipment.data.relationships.containers.data[0].id;
  const container = (await (await h.api(`/v2/containers/${containerId}`)).json()) as Structured;
  containerNumber = container.data.attributes.number;
  // Five and a half weeks of the journey: loaded, transhipped, arrived, discharged, a last free day known.
  h.clock.advance(38 * 24 * PLAY_INTERVAL_MS);
  mcp = await serveMcp(`${h.origin}/v2`, h.clock);
});
afterAll(async () => {
  await mcp?.close();
  await h?.close();
});

describe('MCP server in front of the real local service', () => {
  it('lists the ten tools, three prompts and two resources', async () => {
    const client = await connect(mcp.url, h.apiKey);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
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
    ]);
    for (const tool of tools) expect(tool.outputSchema?.type, tool.name).toBe('object');
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

  it('search_container finds the container by number, spaced or not, and the shipment by B/L and reference', async () => {
    const client = await connect(mcp.url, h.apiKey);
    const spaced = `${containerNumber.slice(0, 4)} ${containerNumber.slice(4)}`.toLowerCase();
    for (const query of [containerNumber, spaced]) {
      const search = await call(client, 'search_container', { query });
      expect(search.isError, search.text).toBe(false);
      expect(search.data.containers).toEqual([
        expect.objectContaining({
          id: containerId,
          container_number: containerNumber,
          shipping_line: 'MAEU',
          status: expect.any(String),
          port_of_lading: expect.any(String),
          port_of_discharge: expect.any(String),
        }),
      ]);
    }
    const byBl = await call(client, 'search_container', { query: billOfLading });
    expect(byBl.data.shipments).toEqual([
      expect.objectContaining({ id: shipmentId, number: billOfLading, shipping_line: 'MAEU' }),
    ]);
    const byRef = await call(client, 'search_container', { query: 'PO-7' });
    expect(byRef.data.shipments.map((s: Structured) => s.id)).toEqual([shipmentId]);
    const none = await call(client, 'search_container', { query: 'NOTHING-LIKE-THIS' });
    expect(none.data.total_results).toBe(0);
    await client.close();
  });

  it('get_container, get_shipment_details and get_container_transport_events read the played journey', async () => {
    const client = await connect(mcp.url, h.apiKey);
    const container = await call(client, 'get_container', {
      id: containerId,
      include: ['transport_events'],
    });
    expect(container.isError, container.text).toBe(false);
    expect(container.data.container_number).toBe(containerNumber);
    expect(container.data.shipment.id).toBe(shipmentId);
    expect(container.data.shipment.bill_of_lading).toBe(billOfLading);
    expect(container.data.pod_terminal).toEqual({ id: expect.any(String), name: expect.any(String) });
    expect(container.data.location.pod_discharged_at).toEqual(expect.any(String));
    const lfd = Date.parse(container.data.demurrage.pickup_lfd);
    expect(container.data.demurrage.days_until_lfd).toBe(Math.floor((lfd - h.clock.now()) / 86_400_000));
    expect(container.data.demurrage.urgency).toEqual(expect.any(String));
    expect(container.data.events.length).toBeGreaterThan(0);
    expect(container.data.events[0].event).toMatch(/^container\.transport\./);

    const shipment = await call(client, 'get_shipment_details', { id: shipmentId });
    expect(shipment.isError, shipment.text).toBe(false);
    expect(shipment.data.id).toBe(shipmentId);
    expect(shipment.data.bill_of_lading).toBe(billOfLading);
    expect(shipment.data.containers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: containerId, container_number: containerNumber }),
      ]),
    );

    const events = await call(client, 'get_container_transport_events', { id: containerId });
    expect(events.isError, events.text).toBe(false);
    expect(events.data.total_events).toBe(container.data.events.length);
    expect(events.data.timeline[0].event).toBe('container.transport.empty_out');
    expect(events.data.timeline[0].location).toEqual(expect.any(String));
    expect(events.data.milestones.vessel_loaded_at).toEqual(expect.any(String));
    expect(events.data.milestones.vessel_discharged_at).toBe(container.data.location.pod_discharged_at);
    await client.close();
  });

  it('list_shipments, list_containers and list_tracking_requests page through the account', async () => {
    const client = await connect(mcp.url, h.apiKey);
    const shipments = await call(client, 'list_shipments', { include_containers: true });
    expect(shipments.isError, shipments.text).toBe(false);
    expect(shipments.data.items).toEqual([
      expect.objectContaining({ id: shipmentId, container_ids: expect.arrayContaining([containerId]) }),
    ]);
    const byNumber = await call(client, 'list_shipments', { number: billOfLading.toLowerCase() });
    expect(byNumber.data.items.map((s: Structured) => s.id)).toEqual([shipmentId]);
    const stopped = await call(client, 'list_shipments', { tracking_stopped: true });
    expect(stopped.data.items).toEqual([]);
    const paged = await call(client, 'list_shipments', { page: 2, page_size: 500 });
    expect(paged.data.items).toEqual([]);
    // meta.size is the records on the page, as the live upstream counts it: none past the end.
    expect(paged.data.meta).toMatchObject({ size: 0, total: 1 });
    const containers = await call(client, 'list_containers', { page: 1, page_size: 100 });
    expect(containers.isError, containers.text).toBe(false);
    expect(containers.data.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: containerId, shipment_id: shipmentId })]),
    );
    const requests = await call(client, 'list_tracking_requests', { status: 'created' });
    expect(requests.isError, requests.text).toBe(false);
    expect(requests.data.items).toEqual([
      expect.objectContaining({
        request_number: 'MAEU123456789',
        status: 'created',
        shipment_id: shipmentId,
      }),
    ]);
    const pending = await call(client, 'list_tracking_requests', { status: 'pending' });
    expect(pending.data.items).toEqual([]);
    const filtered = await call(client, 'list_tracking_requests', {
      filters: { 'filter[scac]': 'maeu', 'filter[request_number]': 'MAEU123456789', 'page[size]': '1' },
      request_type: 'bill_of_lading',
    });
    expect(filtered.data.items.map((r: Structured) => r.request_number)).toEqual(['MAEU123456789']);
    expect(filtered.data.dropped_filters).toEqual(['request_type']);
    const otherLine = await call(client, 'list_tracking_requests', { filters: { 'filter[scac]': 'MSCU' } });
    expect(otherLine.data.items).toEqual([]);
    const withShipments = await call(client, 'list_containers', { include: 'shipment' });
    expect(withShipments.isError, withShipments.text).toBe(false);
    expect(withShipments.data.items.length).toBeGreaterThan(0);
    await client.close();
  });

  it('get_supported_shipping_lines lists the lines the service tracks, searchable by name', async () => {
    const client = await connect(mcp.url, h.apiKey);
    const lines = await call(client, 'get_supported_shipping_lines', {});
    expect(lines.isError, lines.text).toBe(false);
    expect(lines.data.shipping_lines.map((l: Structured) => l.scac)).toEqual(
      expect.arrayContaining(['MAEU', 'MSCU']),
    );
    const maersk = await call(client, 'get_supported_shipping_lines', { search: 'maersk' });
    expect(maersk.data.shipping_lines.map((l: Structured) => l.scac)).toContain('MAEU');
    // Other names a line goes by, as the service's `?search=` matches them: neither is in the SCAC,
    // name or short name (`Hamburg Sud`, `Yangming Marine Transport`).
    for (const [search, scac] of [
      ['Hamburg Süd', 'SUDU'],
      ['yang ming', 'YMLU'],
      ['Seago', 'SEJJ'],
    ] as const) {
      const found = await call(client, 'get_supported_shipping_lines', { search });
      expect(
        found.data.shipping_lines.map((l: Structured) => l.scac),
        search,
      ).toEqual([scac]);
      expect(found.data.total_lines, search).toBe(1);
    }
    await client.close();
  });

  it('get_container_route draws the container journey for an account with routing', async () => {
    const client = await connect(mcp.url, h.apiKey);
    const route = await call(client, 'get_container_route', { id: containerId });
    expect(route.isError, route.text).toBe(false);
    expect(route.data.route_locations.length).toBeGreaterThanOrEqual(2);
    expect(route.data.total_legs).toBe(route.data.route_locations.length - 1);
    await client.close();
  });

  it('track_container returns a tracked container at once and requests a new number', async () => {
    const client = await connect(mcp.url, h.apiKey);
    const known = await call(client, 'track_container', { number: containerNumber.toLowerCase() });
    expect(known.isError, known.text).toBe(false);
    expect(known.data.tracking_request_created).toBe(false);
    expect(known.data.container.id).toBe(containerId);

    const fresh = await call(client, 'track_container', { number: 'MSCU1234566', refNumbers: ['PO-9'] });
    expect(fresh.isError, fresh.text).toBe(false);
    expect(fresh.data.tracking_request_created).toBe(true);
    expect(fresh.data.infer_result).toMatchObject({
      source: 'infer_number',
      number_type: 'container',
      scac: 'MSCU',
    });
    expect(fresh.data.tracking_request).toMatchObject({
      request_number: 'MSCU1234566',
      request_type: 'container',
      scac: 'MSCU',
      status: 'pending',
      shipment_id: null,
    });
    const again = await call(client, 'track_container', { number: 'MSCU1234566' });
    expect(again.isError, again.text).toBe(false);
    expect(again.data.tracking_request_created).toBe(false);
    expect(again.data.tracking_request).toMatchObject({ request_number: 'MSCU1234566', status: 'pending' });
    await client.close();
  });

  it('track_container reads a number pasted with its label and tracks the number alone', async () => {
    const client = await connect(mcp.url, h.apiKey);
    const pasted = await call(client, 'track_container', { number: 'Container no.: CMAU 765432 7' });
    expect(pasted.isError, pasted.text).toBe(false);
    expect(pasted.data.tracking_request_created).toBe(true);
    expect(pasted.data.tracking_request).toMatchObject({
      request_number: 'CMAU7654327',
      request_type: 'container',
      scac: 'CMDU',
    });
    // The same number pasted again is found as already requested, not requested twice.
    const again = await call(client, 'track_container', { number: 'CMAU7654327.' });
    expect(again.isError, again.text).toBe(false);
    expect(again.data.tracking_request_created).toBe(false);
    expect(again.data.tracking_request).toMatchObject({ request_number: 'CMAU7654327' });
    await client.close();
  });

  it('track_container tracks the number infer_number reads out of a plain one: a misread letter, a code typed twice', async () => {
    const client = await connect(mcp.url, h.apiKey);
    // `Z` typed for the `2` of MSKU6787218 (its check digit passes only with the 2).
    const misread = await call(client, 'track_container', { number: 'MSKU6787Z18' });
    expect(misread.isError, misread.text).toBe(false);
    expect(misread.data.tracking_request).toMatchObject({
      request_number: 'MSKU6787218',
      request_type: 'container',
      scac: 'MAEU',
    });
    const twice = await call(client, 'track_container', { number: 'MAEUMAEU240612345' });
    expect(twice.isError, twice.text).toBe(false);
    expect(twice.data.tracking_request).toMatchObject({
      request_number: 'MAEU240612345',
      request_type: 'bill_of_lading',
      scac: 'MAEU',
    });
    await client.close();
  });

  it('search_container, list_shipments and list_tracking_requests read pasted numbers as track_container does', async () => {
    const client = await connect(mcp.url, h.apiKey);
    for (const query of [`Container# ${containerNumber.toLowerCase()}`, `"${containerNumber}"`]) {
      const search = await call(client, 'search_container', { query });
      expect(search.isError, search.text).toBe(false);
      expect(
        search.data.containers.map((c: Structured) => c.id),
        query,
      ).toEqual([containerId]);
    }
    const byBl = await call(client, 'search_container', { query: `MBL: ${billOfLading}.` });
    expect(byBl.data.shipments.map((s: Structured) => s.id)).toEqual([shipmentId]);
    // A customer's reference that infer_number cannot read is searched as typed.
    const byRef = await call(client, 'search_container', { query: 'PO-7' });
    expect(byRef.data.shipments.map((s: Structured) => s.id)).toEqual([shipmentId]);
    for (const number of [
      `B/L No.: ${billOfLading}`,
      `'${billOfLading.toLowerCase()}'`,
      `MBL:\u00a0${billOfLading}`,
    ]) {
      const listed = await call(client, 'list_shipments', { number });
      expect(listed.isError, listed.text).toBe(false);
      expect(
        listed.data.items.map((s: Structured) => s.id),
        number,
      ).toEqual([shipmentId]);
    }
    const requests = await call(client, 'list_tracking_requests', {
      filters: { 'filter[request_number]': 'BL: maeu 123456789' },
    });
    expect(requests.data.items.map((r: Structured) => r.request_number)).toEqual(['MAEU123456789']);
    await client.close();
  });

  it('reads the container resource and the glossary, and renders the three prompts', async () => {
    const client = await connect(mcp.url, h.apiKey);
    const container = await client.readResource({ uri: `svc://container/${containerId}` });
    expect((container.contents[0] as { text: string }).text).toContain(`# Container ${containerNumber}`);
    const glossary = await client.readResource({ uri: 'svc://docs/milestone-glossary' });
    expect((glossary.contents[0] as { text: string }).text).toContain('vessel_discharged');
    const track = await client.getPrompt({
      name: 'track-shipment',
      arguments: { container_number: containerNumber, carrier: 'MAEU' },
    });
    expect(JSON.stringify(track.messages)).toContain(containerNumber);
    for (const name of ['check-demurrage', 'analyze-delays']) {
      const prompt = await client.getPrompt({ name, arguments: { container_id: containerId } });
      expect(JSON.stringify(prompt.messages)).toContain(containerId);
    }
    await client.close();
  });

  it('unknown ids are not_found, bad input is invalid_input', async () => {
    const client = await connect(mcp.url, h.apiKey);
    const unknown = '0c6f0b9a-7b8c-4d2e-8f10-999999999999';
    for (const [tool, args] of [
      ['get_container', { id: unknown }],
      ['get_shipment_details', { id: unknown }],
      ['get_container_transport_events', { id: unknown }],
      ['get_container_route', { id: unknown }],
    ] as const) {
      const answer = await call(client, tool, args);
      expect(answer.isError, tool).toBe(true);
      expect(answer.data.error.code, tool).toBe('not_found');
    }
    const invalid = await call(client, 'track_container', {
      number: 'XXXX123456789',
      numberType: 'bill_of_lading',
      scac: 'XXXX',
    });
    expect(invalid.data.error).toMatchObject({ code: 'invalid_input', source: '/data/attributes/scac' });
    const badArgs = await client.callTool({ name: 'get_container', arguments: { id: 'not-a-uuid' } });
    expect(badArgs.isError).toBe(true);
    const resource = await client.readResource({ uri: `svc://container/${unknown}` });
    expect((resource.contents[0] as { text: string }).text).toContain('Error not_found');
    await client.close();
  });

  it('an account without routing gets not_enabled from get_container_route', async () => {
    const plainKey = await h.account('no-routing');
    const plain = await connect(mcp.url, plainKey);
    // Another account's container is not found, whatever the features.
    expect((await call(plain, 'get_container', { id: containerId })).data.error.code).toBe('not_found');
    const own = await call(plain, 'track_container', { number: 'HLXU1234561', scac: 'HLCU' });
    expect(own.data.tracking_request_created, own.text).toBe(true);
    h.clock.advance(PLAY_INTERVAL_MS);
    const found = await call(plain, 'search_container', { query: 'HLXU1234561' });
    const ownContainer = found.data.containers[0]?.id;
    expect(ownContainer).toEqual(expect.any(String));
    const route = await call(plain, 'get_container_route', { id: ownContainer });
    expect(route.isError).toBe(true);
    expect(route.data.error.code, route.text).toBe('not_enabled');
    await plain.close();
  });
});

describe('MCP server and the real service’s limits', () => {
  it('a 429 from the service is rate_limited with retry_after; a key the service refuses is a 401', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'stevedore-mcp-limit-'));
    const config = loadConfig({}, { dataDir, host: '127.0.0.1', port: 0, rateLimitPerMinute: 3 });
    const service = await createService({
      config,
      clock: new ManualClock(Date.now()),
      startProcessing: false,
    });
    const { url } = await service.listen();
    const server = await serveMcp(`${url}/v2`);
    try {
      const refused = await fetch(server.url, {
        method: 'POST',
        headers: {
          Authorization: 'Bearer not-a-key',
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
      expect(refused.status).toBe(401);

      const client = await connect(server.url, service.apiKey);
      let limited: Structured | undefined;
      for (let attempt = 0; attempt < 5 && limited === undefined; attempt += 1) {
        const answer = await call(client, 'list_shipments', {});
        if (answer.isError) limited = answer.data.error;
      }
      expect(limited).toMatchObject({ code: 'rate_limited', retry_after: expect.any(Number) });
      expect(limited?.retry_after).toBeGreaterThan(0);
      await client.close();
    } finally {
      await server.close();
      await service.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
