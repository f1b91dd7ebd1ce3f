import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Document, expectError, read } from './conformance-support.ts';
import { PLAY_INTERVAL_MS, startTracking, type TrackingHarness } from './tracking-harness.ts';

/**
 * Every call the upstream CLI (`t49`, over the upstream SDK) makes, replayed with the bytes it sends:
 * openapi-fetch's query encoding (brackets left as they are, values percent-encoded), `search` through
 * URLSearchParams, `Authorization: Token <key>` (or `Bearer <key>` with `--auth-scheme bearer`, plus
 * `x-account-id` with `--account-id`), `Accept: application/json`, and `Content-Type: application/json` on
 * a request with a body only.
 */
let h: TrackingHarness;
let base = '';

interface CliCall {
  readonly scheme?: 'Token' | 'Bearer';
  readonly accountId?: string;
  readonly body?: unknown;
}

async function cli(method: string, path: string, call: CliCall = {}): Promise<Response> {
  const headers: Record<string, string> = {
    Authorization: `${call.scheme ?? 'Token'} ${h.apiKey}`,
    Accept: 'application/json',
  };
  if (call.accountId !== undefined) headers['x-account-id'] = call.accountId;
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${base}${path}`, {
    method,
    headers,
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });
}

async function ok(method: string, path: string, call?: CliCall): Promise<Document> {
  const response = await cli(method, path, call);
  if (response.status >= 300) {
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  }
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return read(response);
}

/** openapi-fetch's form: names as written, values through encodeURIComponent. */
const query = (params: Record<string, string | number | undefined>): string =>
  Object.entries(params)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');

const SHIPMENT_INCLUDES =
  'containers,pod_terminal,port_of_lading,port_of_discharge,destination,destination_terminal';

let requestId = '';
let shipmentId = '';
let containerId = '';
let containerNumber = '';
let billOfLading = '';

beforeAll(async () => {
  h = await startTracking();
  base = `${h.origin}/v2`;
  // t49 tracking-requests create bill_of_lading MAEU700000321 --scac MAEU --ref-numbers PO-1 --shipment-tags hot
  const created = await ok('POST', '/tracking_requests', {
    body: {
      data: {
        type: 'tracking_request',
        attributes: {
          request_type: 'bill_of_lading',
          request_number: 'MAEU700000321',
          scac: 'MAEU',
          ref_numbers: ['PO-1'],
          shipment_tags: ['hot'],
        },
      },
    },
  });
  requestId = created.data.id;
  h.clock.advance(PLAY_INTERVAL_MS);
  const shipments = await ok('GET', `/shipments?${query({ include: SHIPMENT_INCLUDES, 'page[size]': 2 })}`);
  shipmentId = shipments.data[0]?.id ?? '';
  billOfLading = String(shipments.data[0]?.attributes.bill_of_lading_number);
  const containers = await ok(
    'GET',
    `/containers?${query({ include: 'shipment,pod_terminal', 'page[size]': 2 })}`,
  );
  containerId = containers.data[0]?.id ?? '';
  containerNumber = String(containers.data[0]?.attributes.number);
});
afterAll(async () => {
  await h.close();
});

describe('t49 tracking-requests', () => {
  test('list with every flag, get with --include, update --payload', async () => {
    const day = new Date(h.clock.now() - 86_400_000).toISOString();
    const later = new Date(h.clock.now() + 86_400_000).toISOString();
    const listed = await ok(
      'GET',
      `/tracking_requests?${query({
        'filter[request_number]': 'MAEU700000321',
        'filter[status]': 'created',
        'filter[scac]': 'MAEU',
        'filter[created_at][start]': day,
        'filter[created_at][end]': later,
        'filter[updated_at][start]': day,
        'filter[updated_at][end]': later,
        include: 'tracked_object',
        'page[number]': 1,
        'page[size]': 2,
      })}`,
    );
    expect(listed.data.map((request) => request.id)).toEqual([requestId]);
    expect(listed.links).not.toHaveProperty('next');
    // The SDK's typed tracking request includes are `shipment` and `container`.
    const one = await ok(
      'GET',
      `/tracking_requests/${requestId}?${query({ include: 'shipment,container' })}`,
    );
    expect(one.data.type).toBe('tracking_request');
    expect(new Set(one.included?.map((resource) => resource.type))).toEqual(
      new Set(['shipment', 'container']),
    );
    const listedWith = await ok('GET', `/tracking_requests?${query({ include: 'shipment' })}`);
    expect(listedWith.included?.map((resource) => resource.type)).toContain('shipment');
    const updated = await ok('PATCH', `/tracking_requests/${requestId}`, {
      body: { data: { type: 'tracking_request', id: requestId, attributes: { ref_number: 'PO-2' } } },
    });
    expect(updated.data.attributes.ref_numbers).toEqual(['PO-1', 'PO-2']);
  });

  test('infer and create-from-infer: {number} unwrapped, then the create with the selected SCAC', async () => {
    const inferred = await ok('POST', '/tracking_requests/infer_number', { body: { number: 'MSCU1234566' } });
    const attributes = inferred.data.attributes as {
      number_type: string;
      shipping_line: { selected: { scac: string } | null; candidates: Array<{ scac: string }> };
    };
    expect(attributes.number_type).toBe('container');
    const scac = attributes.shipping_line.selected?.scac ?? attributes.shipping_line.candidates[0]?.scac;
    expect(scac).toBe('MSCU');
    const created = await cli('POST', '/tracking_requests', {
      body: {
        data: {
          type: 'tracking_request',
          attributes: { request_type: 'container', request_number: 'MSCU1234566', scac },
        },
      },
    });
    expect(created.status).toBe(201);
    // `t49 track` without a carrier the SDK can pick sends scac: '' (a 422 the CLI reports as usage).
    await expectError(
      await cli('POST', '/tracking_requests', {
        body: {
          data: {
            type: 'tracking_request',
            attributes: { request_type: 'container', request_number: 'TGHU7312040', scac: '' },
          },
        },
      }),
      422,
      { source: { pointer: '/data/attributes/scac' } },
    );
  });
});

describe('t49 shipments', () => {
  test('get (with and without containers), list --no-include-containers, update --attr, stop and resume', async () => {
    const one = await ok('GET', `/shipments/${shipmentId}?${query({ include: SHIPMENT_INCLUDES })}`);
    expect(one.included?.some((resource) => resource.type === 'container')).toBe(true);
    const bare = await ok(
      'GET',
      `/shipments/${shipmentId}?${query({ include: SHIPMENT_INCLUDES.replace('containers,', '') })}`,
    );
    expect(bare.included?.some((resource) => resource.type === 'container')).toBe(false);
    await ok(
      'GET',
      `/shipments?${query({ include: SHIPMENT_INCLUDES.replace('containers,', ''), 'page[number]': 1 })}`,
    );
    const byNumber = await ok(
      'GET',
      `/shipments?${query({ include: SHIPMENT_INCLUDES, number: 'MAEU700000321' })}`,
    );
    expect(byNumber.data.map((shipment) => shipment.id)).toEqual([shipmentId]);
    const updated = await ok('PATCH', `/shipments/${shipmentId}`, {
      body: { data: { type: 'shipment', id: shipmentId, attributes: { ref_numbers: ['PO-9'] } } },
    });
    expect(updated.data.attributes.ref_numbers).toEqual(['PO-9']);
    const stopped = await ok('PATCH', `/shipments/${shipmentId}/stop_tracking`, {
      body: { data: { type: 'shipment', id: shipmentId } },
    });
    expect(stopped.data.attributes.line_tracking_stopped_at).not.toBeNull();
    const resumed = await ok('PATCH', `/shipments/${shipmentId}/resume_tracking`, {
      body: { data: { type: 'shipment', id: shipmentId } },
    });
    expect(resumed.data.attributes.line_tracking_stopped_at).toBeNull();
  });
});

describe('t49 containers', () => {
  test('get, list --include, events, raw-events, refresh, demurrage, rail, route, map', async () => {
    const one = await ok('GET', `/containers/${containerId}?${query({ include: 'shipment,pod_terminal' })}`);
    expect(one.data.type).toBe('container');
    await ok(
      'GET',
      `/containers?${query({ include: 'shipment,pod_terminal,transport_events', 'page[number]': 1, 'page[size]': 10 })}`,
    );
    const events = await ok(
      'GET',
      `/containers/${containerId}/transport_events?${query({ include: 'location,terminal' })}`,
    );
    expect(events.data.every((event) => event.type === 'transport_event')).toBe(true);
    await ok('GET', `/containers/${containerId}/raw_events`);
    // refresh: a PATCH without a body, so without Content-Type.
    await ok('PATCH', `/containers/${containerId}/refresh`);
    // demurrage and rail read the container with one include each.
    const demurrage = await ok('GET', `/containers/${containerId}?${query({ include: 'pod_terminal' })}`);
    expect(demurrage.data.attributes).toHaveProperty('pickup_lfd');
    const rail = await ok('GET', `/containers/${containerId}?${query({ include: 'transport_events' })}`);
    expect(rail.data.attributes).toHaveProperty('pod_rail_carrier_scac');
    expect(rail.included?.every((resource) => resource.type === 'transport_event')).toBe(true);
    const route = await ok(
      'GET',
      `/containers/${containerId}/route?${query({ include: 'port,vessel,route_location' })}`,
    );
    expect(route.data.type).toBe('route');
    await ok('GET', `/containers/${containerId}/map_geojson`);
  });

  test('custom-fields and set-custom-field on containers and shipments', async () => {
    await ok('POST', '/custom_field_definitions', {
      body: {
        data: {
          type: 'custom_field_definition',
          attributes: {
            entity_type: 'Cargo',
            api_slug: 'dock_door',
            display_name: 'Dock door',
            data_type: 'short_text',
          },
        },
      },
    });
    const set = await ok('POST', `/containers/${containerId}/custom_fields`, {
      body: { data: { type: 'custom_field', attributes: { api_slug: 'dock_door', value: 'D4' } } },
    });
    const fields = await ok(
      'GET',
      `/containers/${containerId}/custom_fields?${query({ include: 'definition' })}`,
    );
    expect(fields.data[0]?.attributes).toMatchObject({
      api_slug: 'dock_door',
      value: 'D4',
      display_value: 'D4',
    });
    expect(fields.data[0]?.relationships?.definition?.data).toMatchObject({
      type: 'custom_field_definition',
    });
    expect(fields.included?.[0]?.attributes).toMatchObject({
      display_name: 'Dock door',
      data_type: 'short_text',
    });
    const patched = await ok('PATCH', `/custom_fields/${set.data.id}`, {
      body: { data: { type: 'custom_field', id: set.data.id, attributes: { value: 'D5' } } },
    });
    expect(patched.data.attributes.value).toBe('D5');
    await ok('GET', `/shipments/${shipmentId}/custom_fields?${query({ include: 'definition' })}`);
  });
});

describe('t49 search, shipping-lines, ports, terminals, vessels, metro-areas', () => {
  test('search by container number, B/L and request number (URLSearchParams)', async () => {
    for (const number of [containerNumber, billOfLading, 'MAEU700000321']) {
      const found = await ok('GET', `/search?${new URLSearchParams({ query: number }).toString()}`);
      expect(found.data.length).toBeGreaterThan(0);
    }
  });

  test('shipping-lines list --search, ports get, terminals get, vessels get / get-by-imo / future positions', async () => {
    const lines = await ok('GET', `/shipping_lines?${query({ search: 'HLCU' })}`);
    expect(lines.data.map((line) => line.attributes.scac)).toContain('HLCU');
    const shipment = await ok('GET', `/shipments/${shipmentId}?${query({ include: SHIPMENT_INCLUDES })}`);
    const attributes = shipment.data.attributes;
    const port = await ok('GET', `/ports/${String(attributes.port_of_lading_locode)}`);
    expect(port.data.type).toBe('port');
    const terminal = shipment.data.relationships?.pod_terminal?.data as { id: string } | null;
    if (terminal) expect((await ok('GET', `/terminals/${terminal.id}`)).data.type).toBe('terminal');
    const metro = shipment.data.relationships?.destination?.data as { id: string } | null;
    if (metro) await ok('GET', `/metro_areas/${metro.id}`);
    const imo = String(attributes.pod_vessel_imo);
    const byImo = await ok('GET', `/vessels/${imo}`);
    expect(byImo.data).toMatchObject({ type: 'vessel', attributes: { imo } });
    const byId = await ok('GET', `/vessels/${byImo.data.id}`);
    expect(byId.data.id).toBe(byImo.data.id);
    // future-positions sends no port: the upstream requires port_id (and previous_port_id), so a 400 on it.
    await expectError(await cli('GET', `/vessels/${byImo.data.id}/future_positions`), 400, {
      title: 'Bad Request',
      source: { parameter: 'port_id' },
    });
    await expectError(await cli('GET', `/vessels/${byImo.data.id}/future_positions_with_coordinates`), 400, {
      source: { parameter: 'port_id' },
    });
    const ports = { port_id: 'USLAX', previous_port_id: 'CNSHA' };
    await ok('GET', `/vessels/${byImo.data.id}/future_positions?${query(ports)}`);
    await ok(
      'GET',
      `/vessels/${byImo.data.id}/future_positions_with_coordinates?${query({ ...ports, latitude: 30, longitude: -140 })}`,
    );
  });
});

describe('t49 webhooks, webhook-notifications, parties, custom-field definitions and options', () => {
  test('webhooks list / create / get / update / delete / ips', async () => {
    await ok('GET', `/webhooks?${query({ 'page[number]': 1, 'page[size]': 2 })}`);
    const created = await ok('POST', '/webhooks', {
      body: {
        data: {
          type: 'webhook',
          attributes: {
            url: 'https://example.com/hooks/t49',
            active: true,
            events: ['tracking_request.succeeded'],
          },
        },
      },
    });
    const id = created.data.id;
    expect((await ok('GET', `/webhooks/${id}`)).data.type).toBe('webhook');
    const updated = await ok('PATCH', `/webhooks/${id}`, {
      body: { data: { type: 'webhook', id, attributes: { active: false } } },
    });
    expect(updated.data.attributes.active).toBe(false);
    expect((await cli('DELETE', `/webhooks/${id}`)).status).toBeLessThan(300);
    const ips = await cli('GET', '/webhooks/ips');
    expect(ips.status).toBe(200);
  });

  test('webhook-notifications list / get / examples', async () => {
    const listed = await ok('GET', `/webhook_notifications?${query({ 'page[number]': 1, 'page[size]': 2 })}`);
    const first = listed.data[0];
    if (first) expect((await ok('GET', `/webhook_notifications/${first.id}`)).data.id).toBe(first.id);
    // examples without an event: the upstream's 400 on event (its CLI's captured error fixture).
    await expectError(await cli('GET', '/webhook_notifications/examples'), 400, {
      title: 'Bad Request',
      source: { parameter: 'event' },
    });
    await ok(
      'GET',
      `/webhook_notifications/examples?${query({ event: 'container.transport.vessel_arrived' })}`,
    );
  });

  test('parties list / get; custom-field-definitions and custom-field-options CRUD; custom-fields list', async () => {
    const party = await ok('POST', '/parties', {
      body: { data: { type: 'party', attributes: { company_name: 'Sodor Steamworks' } } },
    });
    await ok('GET', `/parties?${query({ 'page[number]': 1, 'page[size]': 2 })}`);
    expect((await ok('GET', `/parties/${party.data.id}`)).data.type).toBe('party');
    const definition = await ok('POST', '/custom_field_definitions', {
      body: {
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
    const definitionId = definition.data.id;
    await ok('GET', `/custom_field_definitions?${query({ 'page[number]': 1, 'page[size]': 2 })}`);
    await ok('GET', `/custom_field_definitions/${definitionId}`);
    await ok('PATCH', `/custom_field_definitions/${definitionId}`, {
      body: {
        data: { type: 'custom_field_definition', id: definitionId, attributes: { display_name: 'Urgency' } },
      },
    });
    const option = await ok('POST', `/custom_field_definitions/${definitionId}/options`, {
      body: { data: { type: 'custom_field_option', attributes: { label: 'High', value: 'high' } } },
    });
    await ok(
      'GET',
      `/custom_field_definitions/${definitionId}/options?${query({ 'page[number]': 1, 'page[size]': 2 })}`,
    );
    await ok('GET', `/custom_field_definitions/${definitionId}/options/${option.data.id}`);
    await ok('PATCH', `/custom_field_definitions/${definitionId}/options/${option.data.id}`, {
      body: { data: { type: 'custom_field_option', id: option.data.id, attributes: { label: 'Highest' } } },
    });
    expect(
      (await cli('DELETE', `/custom_field_definitions/${definitionId}/options/${option.data.id}`)).status,
    ).toBe(204);
    await ok('GET', `/custom_fields?${query({ 'page[number]': 1, 'page[size]': 2 })}`);
    expect((await cli('DELETE', `/custom_field_definitions/${definitionId}`)).status).toBe(204);
  });
});

describe('t49 global flags', () => {
  test('--auth-scheme bearer and --account-id reach the same account', async () => {
    const bearer = await ok('GET', `/tracking_requests/${requestId}`, {
      scheme: 'Bearer',
      accountId: 'any-account',
    });
    expect(bearer.data.id).toBe(requestId);
  });

  test('a token pasted with its scheme is sent once (Token Token <key> is refused)', async () => {
    const doubled = await fetch(`${base}/shipments`, {
      headers: { Authorization: `Token Token ${h.apiKey}`, Accept: 'application/json' },
    });
    await expectError(doubled, 401, { title: 'Unauthorized' });
  });
});

describe('header forms a client of the upstream sends', () => {
  test('Accept and Content-Type in either JSON media type, with a charset; the Authorization forms the SDK can send', async () => {
    const body = JSON.stringify({ number: 'MSCU1234566' });
    for (const type of ['application/json', 'application/vnd.api+json', 'application/json; charset=utf-8']) {
      const response = await fetch(`${base}/tracking_requests/infer_number`, {
        method: 'POST',
        headers: { Authorization: `Token ${h.apiKey}`, Accept: type, 'Content-Type': type },
        body,
      });
      expect(response.status, type).toBe(200);
      expect(response.headers.get('content-type'), type).toMatch(/^application\/json/);
    }
    for (const authorization of [
      `Token ${h.apiKey}`,
      `token ${h.apiKey}`,
      `Bearer ${h.apiKey}`,
      `Token token="${h.apiKey}"`,
    ]) {
      const response = await fetch(`${base}/shipments`, {
        headers: { Authorization: authorization, Accept: '*/*' },
      });
      expect(response.status, authorization).toBe(200);
    }
  });
});
