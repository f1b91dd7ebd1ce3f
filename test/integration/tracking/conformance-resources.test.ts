import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Receiver, startReceiver } from '../service/webhook-harness.ts';
import {
  advance,
  createRequest,
  expectError,
  notifications,
  type Resource,
  read,
  relId,
  relIds,
  requestNow,
  subscribeRequests,
} from './conformance-support.ts';
import { PLAY_INTERVAL_MS, startTracking, type TrackingHarness } from './tracking-harness.ts';

/**
 * Shipments, containers, carriers, ports, terminals, vessels and infer_number against the attribute and
 * relationship names of the upstream's OpenAPI schemas and the SDK's fixtures.
 */
let h: TrackingHarness;
let receiver: Receiver;
let requestId = '';
let shipment: Resource;
let container: Resource;

beforeAll(async () => {
  h = await startTracking();
  receiver = await startReceiver();
  await subscribeRequests(h, receiver.url);
  const response = await createRequest(h, {
    request_type: 'bill_of_lading',
    request_number: 'CMDUAEV0123456',
    scac: 'CMDU',
  });
  requestId = (await read(response)).data.id;
  await advance(h, PLAY_INTERVAL_MS);
  const trackedId = relId(await requestNow(h, requestId), 'tracked_object');
  await advance(h, 25 * 24 * PLAY_INTERVAL_MS);
  shipment = (await read(await h.api(`/v2/shipments/${trackedId}`))).data;
  container = (await read(await h.api(`/v2/containers/${relIds(shipment, 'containers')[0]}`))).data;
});
afterAll(async () => {
  await h.close();
  await receiver.close();
});

const names = (resource: Resource | undefined): string[] => Object.keys(resource?.attributes ?? {});

describe('shipment', () => {
  test('the spec’s attributes and relationships', () => {
    expect(names(shipment)).toEqual(
      expect.arrayContaining([
        'bill_of_lading_number',
        'normalized_number',
        'ref_numbers',
        'tags',
        'created_at',
        'shipping_line_scac',
        'shipping_line_name',
        'shipping_line_short_name',
        'customer_name',
        'port_of_lading_locode',
        'port_of_lading_name',
        'port_of_discharge_locode',
        'port_of_discharge_name',
        'destination_locode',
        'destination_name',
        'pod_vessel_name',
        'pod_vessel_imo',
        'pod_voyage_number',
        'pol_etd_at',
        'pol_atd_at',
        'pol_timezone',
        'pod_eta_at',
        'pod_original_eta_at',
        'pod_ata_at',
        'pod_timezone',
        'destination_eta_at',
        'destination_ata_at',
        'destination_timezone',
        'line_tracking_last_attempted_at',
        'line_tracking_last_succeeded_at',
        'line_tracking_stopped_at',
        'line_tracking_stopped_reason',
      ]),
    );
    expect(shipment.attributes).toMatchObject({
      shipping_line_scac: 'CMDU',
      shipping_line_short_name: 'CMA CGM',
    });
    expect(Object.keys(shipment.relationships ?? {})).toEqual(
      expect.arrayContaining([
        'port_of_lading',
        'port_of_discharge',
        'destination',
        'pod_terminal',
        'destination_terminal',
        'containers',
      ]),
    );
    expect(shipment.links?.self).toBe(`/v2/shipments/${shipment.id}`);
  });

  test('stop_tracking: 200 {data: shipment}, the request turns tracking_stopped with its webhook; resume turns it back', async () => {
    const stopped = await h.api(`/v2/shipments/${shipment.id}/stop_tracking`, { method: 'PATCH' });
    expect(stopped.status).toBe(200);
    const body = await read(stopped);
    expect(body.data.type).toBe('shipment');
    expect(body.data.attributes).toMatchObject({ line_tracking_stopped_reason: 'cancelled_by_user' });
    expect(body.data.attributes.line_tracking_stopped_at).not.toBeNull();
    expect((await requestNow(h, requestId)).attributes.status).toBe('tracking_stopped');
    expect(await notifications(h)).toContainEqual({
      event: 'tracking_request.tracking_stopped',
      reference: { id: requestId, type: 'tracking_request' },
    });
    const stoppedList = await read(await h.api('/v2/shipments?filter[tracking_stopped]=true'));
    expect(stoppedList.data.map((resource) => resource.id)).toEqual([shipment.id]);

    const resumed = await h.api(`/v2/shipments/${shipment.id}/resume_tracking`, { method: 'PATCH' });
    expect(resumed.status).toBe(200);
    expect((await read(resumed)).data.attributes.line_tracking_stopped_at).toBeNull();
    expect((await requestNow(h, requestId)).attributes.status).toBe('created');
  });

  test('404 for an unknown shipment; 400 naming `include` for an unknown relationship', async () => {
    await expectError(await h.api('/v2/shipments/00000000-0000-4000-8000-000000000000'), 404, {
      title: 'Not Found',
    });
    await expectError(await h.api(`/v2/shipments/${shipment.id}?include=owner`), 400, {
      source: { parameter: 'include' },
      detail: 'owner is not specified as a relationship on V2::ShipmentSerializer',
    });
  });
});

describe('container', () => {
  test('the spec’s attributes, including the rail and pickup-facility names', () => {
    expect(names(container)).toEqual(
      expect.arrayContaining([
        'number',
        'ref_numbers',
        'seal_number',
        'created_at',
        'equipment_type',
        'equipment_length',
        'equipment_height',
        'weight_in_lbs',
        'pickup_lfd',
        'pickup_appointment_at',
        'availability_known',
        'available_for_pickup',
        'pod_arrived_at',
        'pod_discharged_at',
        'pod_full_out_at',
        'terminal_checked_at',
        'pod_full_out_chassis_number',
        'location_at_pod_terminal',
        'final_destination_full_out_at',
        'empty_terminated_at',
        'holds_at_pod_terminal',
        'fees_at_pod_terminal',
        'pod_timezone',
        'final_destination_timezone',
        'empty_terminated_timezone',
        'pickup_rail_carrier_scac',
        'pod_last_tracking_request_at',
        'shipment_last_tracking_request_at',
        'pod_rail_loaded_at',
        'pod_rail_departed_at',
        'inland_destination_eta_at',
        'inland_destination_ata_at',
        'inland_destination_rail_unloaded_at',
        'pickup_facility_holds',
        'pickup_facility_fees',
        'pickup_facility_yard_location',
        'pickup_facility_lfd_on',
        'current_status',
      ]),
    );
    expect(Object.keys(container.relationships ?? {})).toEqual(
      expect.arrayContaining([
        'shipment',
        'pod_terminal',
        'pickup_facility',
        'transport_events',
        'raw_events',
      ]),
    );
  });

  test('raw_events: the relationship names the events the endpoint lists, and include=raw_events adds them', async () => {
    const listed = await read(await h.api(`/v2/containers/${container.id}/raw_events`));
    expect(listed.data.length).toBeGreaterThan(0);
    expect(listed.data[0]?.attributes).toMatchObject({ estimated: false });
    expect(Object.keys(listed.data[0]?.attributes ?? {})).toEqual(
      expect.arrayContaining([
        'event',
        'original_event',
        'timestamp',
        'estimated',
        'actual_at',
        'estimated_at',
        'index',
      ]),
    );
    expect(relIds(container, 'raw_events')).toEqual(listed.data.map((event) => event.id));
    const withEvents = await read(await h.api(`/v2/containers/${container.id}?include=raw_events`));
    expect(withEvents.included?.filter((resource) => resource.type === 'raw_event')).toHaveLength(
      listed.data.length,
    );
  });

  test('transport_event: the spec’s attributes and relationships', async () => {
    const events = await read(await h.api(`/v2/containers/${container.id}/transport_events`));
    const event = events.data[0];
    expect(names(event)).toEqual(
      expect.arrayContaining([
        'event',
        'voyage_number',
        'timestamp',
        'timezone',
        'location_locode',
        'created_at',
        'data_source',
      ]),
    );
    expect(Object.keys(event?.relationships ?? {})).toEqual(
      expect.arrayContaining(['shipment', 'container', 'vessel', 'location', 'terminal']),
    );
  });
});

describe('shipping lines', () => {
  test('every attribute the fixture has: tracking_url, contact_url, provided_data, alternative_scacs, support flags', async () => {
    const response = await h.api('/v2/shipping_lines');
    expect(response.status).toBe(200);
    const body = await read(response);
    expect(body.links?.self).toBeDefined();
    for (const line of body.data) {
      expect(line.type).toBe('shipping_line');
      expect(names(line)).toEqual(
        expect.arrayContaining([
          'scac',
          'name',
          'short_name',
          'alternative_scacs',
          'bill_of_lading_tracking_support',
          'booking_number_tracking_support',
          'container_number_tracking_support',
          'tracking_url',
          'contact_url',
          'provided_data',
          'bol_prefix',
        ]),
      );
    }
    const scacs = body.data.map((line) => String(line.attributes.scac));
    expect(scacs).toEqual([...scacs].sort());
    expect(body.data.find((line) => line.attributes.scac === 'TEST')?.attributes).toMatchObject({
      name: 'T49 Test Carrier',
      short_name: 'T49 line',
    });
    const one = await read(await h.api('/v2/shipping_lines/TEST'));
    expect(one.data.attributes.scac).toBe('TEST');
  });
});

describe('ports, terminals, vessels', () => {
  test('a port by UN/LOCODE with the spec’s attributes and its terminals', async () => {
    const locode = String(shipment.attributes.port_of_discharge_locode);
    const port = await read(await h.api(`/v2/ports/${locode.toLowerCase()}`));
    expect(port.data.type).toBe('port');
    expect(names(port.data)).toEqual(
      expect.arrayContaining([
        'name',
        'code',
        'state_abbr',
        'city',
        'country_code',
        'time_zone',
        'latitude',
        'longitude',
      ]),
    );
    expect(port.data.relationships?.terminals?.data).toEqual(expect.any(Array));
  });

  test('a terminal with the spec’s attributes and its port', async () => {
    const id = relId(shipment, 'pod_terminal');
    const terminal = await read(await h.api(`/v2/terminals/${id}`));
    expect(names(terminal.data)).toEqual(
      expect.arrayContaining([
        'name',
        'nickname',
        'firms_code',
        'smdg_code',
        'bic_facility_code',
        'city',
        'country',
      ]),
    );
    expect(terminal.data.relationships?.port?.data).toMatchObject({ type: 'port' });
  });

  test('a vessel by id or by IMO (`/vessels/{imo}`), with the spec’s position attributes', async () => {
    const imo = String(shipment.attributes.pod_vessel_imo);
    const byImo = await h.api(`/v2/vessels/${imo}`);
    expect(byImo.status).toBe(200);
    const vessel = (await read(byImo)).data;
    expect(vessel.attributes.imo).toBe(imo);
    expect(names(vessel)).toEqual(
      expect.arrayContaining([
        'name',
        'imo',
        'mmsi',
        'latitude',
        'longitude',
        'nautical_speed_knots',
        'navigational_heading_degrees',
        'position_timestamp',
      ]),
    );
    expect((await read(await h.api(`/v2/vessels/${vessel.id}`))).data.id).toBe(vessel.id);
    await expectError(await h.api('/v2/vessels/0000000'), 404, { title: 'Not Found' });
  });
});

describe('infer_number', () => {
  test('200 infer_number_results with validation and shipping_line decision; 422 for an unreadable number', async () => {
    const response = await h.api('/v2/tracking_requests/infer_number', {
      method: 'POST',
      json: { number: 'MSCU1234566' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      data: { id: string; type: string; attributes: Record<string, unknown> };
    };
    expect(body.data.type).toBe('infer_number_results');
    expect(body.data.id).toMatch(/^req_/);
    expect(body.data.attributes).toMatchObject({
      number_type: 'container',
      validation: { is_valid: true, type: 'container' },
      shipping_line: { decision: 'auto_select', selected: { scac: 'MSCU' } },
    });
    const bad = await h.api('/v2/tracking_requests/infer_number', { method: 'POST', json: { number: '??' } });
    expect(bad.status).toBe(422);
    expect(
      ((await bad.json()) as { errors: Array<{ status: string; detail: string }> }).errors[0],
    ).toMatchObject({
      status: '422',
      detail: 'This reference number is not valid.',
    });
  });
});

describe('search', () => {
  /** The attributes every live `search_result` carries, whatever its entity (SDK CLI fixtures). */
  const SEARCH_ATTRIBUTES = [
    'entity_type',
    'number',
    'shipment_id',
    'scac',
    'port_of_lading_name',
    'port_of_discharge_name',
    'containers_count',
    'tracking_stopped',
    'tracking_stopped_reason',
    'status',
    'failed_reason',
    'ref_numbers',
    'created_at',
    'updated_at',
  ];

  test('search_result resources with the live attribute set, and links self/current', async () => {
    const response = await h.api('/v2/search?query=CMDU');
    expect(response.status).toBe(200);
    const body = await read(response);
    expect(body.data.length).toBeGreaterThan(0);
    for (const result of body.data) {
      expect(result.type).toBe('search_result');
      expect(Object.keys(result.attributes).sort()).toEqual([...SEARCH_ATTRIBUTES].sort());
    }
    const cargo = body.data.find((result) => result.attributes.entity_type === 'cargo');
    expect(cargo?.attributes.shipment_id).toBe(shipment.id);
    expect(
      body.data.find((result) => result.attributes.entity_type === 'shipment')?.attributes,
    ).toMatchObject({
      containers_count: expect.any(Number),
      tracking_stopped: false,
    });
    expect(body.links?.self).toContain('query=CMDU');
    expect(new URL(body.links?.current ?? '').searchParams.get('page[number]')).toBe('1');
  });

  test('no query: 400 with the upstream’s detail', async () => {
    const missing = await h.api('/v2/search');
    expect(missing.status).toBe(400);
    expect((await read(missing)).errors?.[0]?.detail).toBe('Query parameter is required');
  });
});

describe('webhook_notifications', () => {
  test('the list carries meta.pagination like the live service', async () => {
    const body = await read(await h.api('/v2/webhook_notifications?page[size]=1'));
    const total = body.meta?.total ?? 0;
    expect(total).toBeGreaterThan(0);
    expect(body.meta).toMatchObject({ size: 1, pagination: { current: 1, last: total, records: total } });
    expect(body.links).toHaveProperty('next');
  });
});

describe('PATCH /containers (the OpenAPI document’s path)', () => {
  test('sets ref_numbers of the container named by data.id, as PATCH /containers/{id} does; 422 without an id', async () => {
    const response = await h.api('/v2/containers', {
      method: 'PATCH',
      json: { data: { id: container.id, type: 'container', attributes: { ref_numbers: ['BOX-REF'] } } },
    });
    expect(response.status).toBe(200);
    expect((await read(response)).data.attributes.ref_numbers).toEqual(['BOX-REF']);
    await expectError(
      await h.api('/v2/containers', {
        method: 'PATCH',
        json: { data: { type: 'container', attributes: { ref_numbers: [] } } },
      }),
      422,
      { code: 'blank', source: { pointer: '/data/id' } },
    );
    await expectError(
      await h.api('/v2/containers', {
        method: 'PATCH',
        json: { data: { id: '00000000-0000-4000-8000-000000000000', attributes: { ref_numbers: [] } } },
      }),
      404,
      { title: 'Not Found' },
    );
  });
});
