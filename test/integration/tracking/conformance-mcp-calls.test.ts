import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Document, read, relId } from './conformance-support.ts';
import { PLAY_INTERVAL_MS, startTracking, type TrackingHarness } from './tracking-harness.ts';

/**
 * The calls the upstream MCP package's tools make through its SDK (search_container, track_container,
 * get_container, get_shipment_details, get_container_transport_events, get_container_route,
 * get_supported_shipping_lines, list_shipments, list_containers, list_tracking_requests, list_parties,
 * whoami), replayed as raw requests: the tools' default includes, their `filter[actively_tracked]=true`
 * default, their page size of 25, and the next page they read back from `links.next`.
 */
let h: TrackingHarness;
let base = '';

async function get(path: string): Promise<Document> {
  const response = await fetch(`${base}${path}`, {
    headers: { Authorization: `Token ${h.apiKey}`, Accept: 'application/json' },
  });
  if (response.status !== 200)
    throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return read(response);
}

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Token ${h.apiKey}`,
      Accept: 'application/json',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}

const query = (params: Record<string, string | number>): string =>
  Object.entries(params)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');

/** How the MCP tools read the next page: `page[number]` of `links.next`, resolved against the API origin. */
const nextPage = (document: Document): number | undefined => {
  const next = document.links?.next;
  if (typeof next !== 'string') return undefined;
  const value = new URL(next, 'https://api.terminal49.com').searchParams.get('page[number]');
  return value === null ? undefined : Number(value);
};

const SHIPMENT_INCLUDES = 'pod_terminal,port_of_lading,port_of_discharge,destination,destination_terminal';

beforeAll(async () => {
  h = await startTracking();
  base = `${h.origin}/v2`;
  for (const number of ['MAEU700000411', 'MAEU700000412']) {
    const created = await post('/tracking_requests', {
      data: {
        type: 'tracking_request',
        attributes: { request_type: 'bill_of_lading', request_number: number, scac: 'MAEU' },
      },
    });
    expect(created.status).toBe(201);
  }
  h.clock.advance(PLAY_INTERVAL_MS);
});
afterAll(async () => {
  await h.close();
});

describe('the MCP tools on shipments and containers', () => {
  test('list_shipments and list_containers: the active-tracking default, filters, sort, 25 a page, next page', async () => {
    const shipments = await get(
      `/shipments?${query({
        include: SHIPMENT_INCLUDES,
        'filter[actively_tracked]': 'true',
        sort: '-created_at',
        'page[number]': 1,
        'page[size]': 1,
      })}`,
    );
    expect(shipments.data).toHaveLength(1);
    expect(nextPage(shipments)).toBe(2);
    const containers = await get(
      `/containers?${query({
        include: 'shipment,pod_terminal',
        'filter[actively_tracked]': 'true',
        'filter[has_holds]': 'false',
        sort: 'pickup_lfd',
        'page[size]': 25,
      })}`,
    );
    expect(containers.data.length).toBeGreaterThan(0);
    expect(nextPage(containers)).toBeUndefined();
    // Stopping a shipment takes it and its boxes out of the default lists.
    const stopped = shipments.data[0]?.id ?? '';
    const stop = await fetch(`${base}/shipments/${stopped}/stop_tracking`, {
      method: 'PATCH',
      headers: { Authorization: `Token ${h.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { type: 'shipment', id: stopped } }),
    });
    expect(stop.status).toBe(200);
    const active = await get(
      `/containers?${query({ 'filter[actively_tracked]': 'true', 'page[size]': 25 })}`,
    );
    const inactive = await get(
      `/containers?${query({ 'filter[actively_tracked]': 'false', 'page[size]': 25 })}`,
    );
    const shipmentOf = (resource: Document['data'][number]) => relId(resource, 'shipment');
    expect(active.data.every((box) => shipmentOf(box) !== stopped)).toBe(true);
    expect(inactive.data.length).toBeGreaterThan(0);
    expect(inactive.data.every((box) => shipmentOf(box) === stopped)).toBe(true);
  });

  test('get_container, get_shipment_details, transport events, route, custom fields', async () => {
    const containers = await get(
      `/containers?${query({ include: 'shipment,pod_terminal', 'page[size]': 25 })}`,
    );
    const box = containers.data[0];
    const container = await get(
      `/containers/${box?.id}?${query({ include: 'shipment,pod_terminal,transport_events' })}`,
    );
    expect(container.included?.map((resource) => resource.type)).toContain('shipment');
    const shipmentId = relId(box, 'shipment');
    const shipment = await get(
      `/shipments/${shipmentId}?${query({ include: `containers,${SHIPMENT_INCLUDES}` })}`,
    );
    expect(shipment.data.id).toBe(shipmentId);
    await get(`/containers/${box?.id}/transport_events?${query({ include: 'location,terminal' })}`);
    const route = await get(
      `/containers/${box?.id}/route?${query({ include: 'port,vessel,route_location' })}`,
    );
    expect(route.data.type).toBe('route');
    await get(`/containers/${box?.id}/custom_fields?${query({ include: 'definition' })}`);
    await get(`/shipments/${shipmentId}/custom_fields?${query({ include: 'definition' })}`);
  });
});

describe('the MCP tools on requests, lines, parties and the caller', () => {
  test('list_tracking_requests maps status and request_type to filter[status] and filter[request_type]', async () => {
    const created = await post('/tracking_requests', {
      data: {
        type: 'tracking_request',
        attributes: { request_type: 'container', request_number: 'MSCU1234566', scac: 'MSCU' },
      },
    });
    expect(created.status).toBe(201);
    const containers = await get(
      `/tracking_requests?${query({ 'filter[request_type]': 'container', 'page[size]': 25 })}`,
    );
    expect(containers.data.map((request) => request.attributes.request_type)).toEqual(['container']);
    const bills = await get(`/tracking_requests?${query({ 'filter[request_type]': 'bill_of_lading' })}`);
    expect(bills.data).toHaveLength(2);
    const pending = await get(
      `/tracking_requests?${query({ 'filter[status]': 'pending', 'filter[request_type]': 'container' })}`,
    );
    expect(pending.data).toHaveLength(1);
    const none = await get(`/tracking_requests?${query({ 'filter[request_type]': 'booking_number' })}`);
    expect(none.data).toEqual([]);
  });

  test('list_parties searches company names from the start of a word, case ignored; meta.total counts matches', async () => {
    for (const name of ['Ray Dray LLC', 'Acme Imports', 'Tray Holdings']) {
      const created = await post('/parties', { data: { type: 'party', attributes: { company_name: name } } });
      expect(created.status).toBe(201);
    }
    const ray = await get(`/parties?${query({ query: 'ray', 'page[size]': 25 })}`);
    expect(ray.data.map((party) => party.attributes.company_name)).toEqual(['Ray Dray LLC']);
    expect(ray.meta?.total).toBe(1);
    const words = await get(`/parties?${query({ query: 'ray dray', 'page[size]': 25 })}`);
    expect(words.data.map((party) => party.attributes.company_name)).toEqual(['Ray Dray LLC']);
    const imports = await get(`/parties?${query({ query: 'IMPORT', 'page[size]': 1 })}`);
    expect(imports.data.map((party) => party.attributes.company_name)).toEqual(['Acme Imports']);
    expect((await get(`/parties?${query({ 'page[size]': 25 })}`)).meta?.total).toBe(3);
    // The OpenAPI document's default page size for parties is 25 (30 elsewhere; the unit test of readPage
    // and openapi.json's page[size] default say which); meta.size counts the records on the page.
    const unsized = await get('/parties');
    expect(unsized.meta?.size).toBe(3);
    expect(unsized.data).toHaveLength(3);
    // `self` is the URL as requested, as upstream.
    expect(new URL(unsized.links?.self ?? '').search).toBe('');
  });

  test('get_supported_shipping_lines, search_container, track_container and whoami', async () => {
    const lines = await get('/shipping_lines');
    expect(lines.data.length).toBeGreaterThan(10);
    const found = await get(`/search?${new URLSearchParams({ query: 'MAEU700000411' }).toString()}`);
    expect(found.data.length).toBeGreaterThan(0);
    const inferred = await post('/tracking_requests/infer_number', { number: 'HLXU1234565' });
    expect(inferred.status).toBe(200);
    const me = await get('/me');
    expect(me.data.type).toBeDefined();
  });
});

describe("every filter the MCP package's list tools can send", () => {
  /** A value of the kind each filter takes (its generated schema's own examples). */
  const sample = (name: string): string => {
    if (/(_at|_on|arrival|pickup_lfd)$/.test(name)) return '>=2026-01-01';
    if (/^(has_|requires_|actively_|tracking_|arriving_|tags_and|eta_changed)/.test(name)) return 'true';
    if (name === 'current_status') return 'on_ship';
    if (name === 'voyage_status') return 'arrived';
    if (/_code$|^(pol|pod|destination)$/.test(name)) return 'USLAX';
    return 'ABC';
  };
  // A new minute every 40 calls keeps the per-key limit of 100 from answering for the filters.
  let calls = 0;
  const paced = (path: string): Promise<Document> => {
    calls += 1;
    if (calls % 40 === 0) h.clock.advance(61_000);
    return get(path);
  };
  const containerKeys = [
    'number',
    'pol',
    'pod',
    'destination',
    'pol_code',
    'pod_code',
    'destination_code',
    'shipping_line_scac',
    'customer_id',
    'customer_name',
    'vessel_name',
    'pod_terminal_id',
    'current_status',
    'has_fees',
    'has_demurrage_fees',
    'has_fees_or_holds',
    'requires_attention',
    'eta_changed_in_last_24h',
    'eta_changed_in_past_3_days',
    'has_holds',
    'actively_tracked',
    'search_by_ids',
    'search_by_number',
    'search_by_shipment_number',
    'search_by_shipment_ref_numbers',
    'search_by_ref_numbers',
    'search_by_owner_id',
    'delivered_at',
    'pod_discharged_at',
    'pod_arrived_at',
    'pol_etd_at',
    'pol_atd_at',
    'empty_out_at',
    'pol_full_in_at',
    'pol_vessel_loaded_at',
    'pol_vessel_departed_at',
    'arrival',
    'picked_up_at',
    'empty_returned_at',
    'created_at',
    'updated_at',
    'inland_destination_rail_unloaded_at',
    'final_destination_full_out_at',
    'inland_destination_eta_at',
    'inland_destination_ata_at',
    'pod_rail_departed_at',
    'pickup_lfd',
    'pickup_lfd_rail_on',
    'pickup_lfd_terminal_on',
    'pickup_lfd_line_on',
    'pickup_lfd_terminal_effective_on',
    'pickup_lfd_line_effective_on',
    'tags',
  ];
  const shipmentKeys = [
    'number',
    'created_at',
    'actively_tracked',
    'tracking_stopped',
    'voyage_status',
    'arriving_today',
    'pod_ata_at',
    'pod_arrival',
    'pod_code',
    'pod_terminal_id',
    'pol_code',
    'owner_id',
    'creator_id',
    'customer_id',
    'product',
    'party_id',
    'tags',
    'tag',
  ];

  test('each container filter is answered 200, scalar and array', async () => {
    for (const name of containerKeys) {
      const value = encodeURIComponent(sample(name));
      await paced(`/containers?filter[${name}]=${value}&page[size]=25`);
      await paced(`/containers?filter[${name}][]=${value}&page[size]=25`);
    }
  });

  test('each shipment filter is answered 200; q, tags_and, party_id with an operator, parties and custom fields too', async () => {
    for (const name of shipmentKeys) {
      // A shipment's created_at takes instants only, as its schema says.
      const value = name === 'created_at' ? '>=2026-01-01T00:00:00Z' : sample(name);
      await paced(`/shipments?filter[${name}]=${encodeURIComponent(value)}&page[size]=25`);
    }
    await paced('/shipments?filter[q]=MAEU&page[size]=25');
    await paced('/shipments?filter[tags][]=hot&filter[tags_and]=true');
    await paced('/shipments?filter[party_id][value]=ABC&filter[party_id][operator]=all');
    await paced('/containers?filter[parties][customer]=@exists&filter[custom_fields][po]=@not_exists');
  });
});
