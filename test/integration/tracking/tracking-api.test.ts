import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { portId } from '../../../src/domain/ports/port-catalog.ts';
import { isValidImo } from '../../../src/domain/tracking/imo.ts';
import {
  type ApiResource,
  JSON_API,
  PLAY_INTERVAL_MS,
  startTracking,
  type TrackingHarness,
  trackingRequestBody,
} from './tracking-harness.ts';

interface Document {
  data: ApiResource & ApiResource[];
  included?: ApiResource[];
  links?: Record<string, string | null>;
  meta?: Record<string, unknown>;
  errors?: Array<{
    status: string;
    title: string;
    detail?: string;
    code?: string;
    source?: Record<string, string>;
  }>;
}

let h: TrackingHarness;

const relId = (resource: ApiResource, name: string): string => {
  const data = resource.relationships?.[name]?.data;
  if (data === null || data === undefined || Array.isArray(data)) throw new Error(`no ${name} relationship`);
  return data.id;
};
const relIds = (resource: ApiResource, name: string): string[] => {
  const data = resource.relationships?.[name]?.data;
  if (!Array.isArray(data)) throw new Error(`no ${name} list`);
  return data.map((identifier) => identifier.id);
};
const json = async (response: Response): Promise<Document> => (await response.json()) as Document;

const create = (attributes: Record<string, unknown>, key?: string) =>
  h.api('/v2/tracking_requests', {
    method: 'POST',
    json: trackingRequestBody(attributes),
    ...(key === undefined ? {} : { key }),
  });

let shipmentId = '';
let containerId = '';

beforeAll(async () => {
  h = await startTracking();
  const created = await create({
    request_type: 'bill_of_lading',
    request_number: 'MAEU 123456789',
    scac: 'maeu',
    ref_numbers: ['PO-1', 'REF-2'],
  });
  expect(created.status).toBe(201);
  // The sandbox carrier answers, and three weeks pass: some milestones are behind the journey.
  h.clock.advance(PLAY_INTERVAL_MS);
  const listed = await json(await h.api('/v2/tracking_requests'));
  const tracked = listed.data[0]?.relationships?.tracked_object?.data as { id: string };
  shipmentId = tracked.id;
  const shipment = await json(await h.api(`/v2/shipments/${shipmentId}`));
  containerId = relIds(shipment.data, 'containers')[0] ?? '';
  h.clock.advance(21 * 24 * PLAY_INTERVAL_MS);
});
afterAll(async () => {
  await h.close();
});

describe('POST /tracking_requests', () => {
  test('201: pending, no tracked object yet, self link, number normalized, SCAC upper case', async () => {
    const response = await create({
      request_type: 'container',
      request_number: 'hlxu 123456-1',
      scac: 'HLCU',
    });
    const body = await json(response);
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body.data).toMatchObject({
      type: 'tracking_request',
      attributes: {
        request_type: 'container',
        request_number: 'HLXU1234561',
        scac: 'HLCU',
        status: 'pending',
        failed_reason: null,
        ref_numbers: [],
      },
      relationships: { tracked_object: { data: null } },
      links: { self: `/v2/tracking_requests/${body.data.id}` },
    });
  });

  const rejects: Array<[string, Record<string, unknown>, { pointer: string; code: string; detail: string }]> =
    [
      [
        'a blank SCAC (the SDK sends "")',
        { request_type: 'container', request_number: 'MSCU1234566', scac: '' },
        { pointer: '/data/attributes/scac', code: 'blank', detail: "Scac can't be blank" },
      ],
      [
        'no SCAC',
        { request_type: 'container', request_number: 'MSCU1234566' },
        { pointer: '/data/attributes/scac', code: 'blank', detail: "Scac can't be blank" },
      ],
      [
        'an unknown SCAC',
        { request_type: 'container', request_number: 'MSCU1234566', scac: 'XXXX' },
        { pointer: '/data/attributes/scac', code: 'invalid', detail: "Scac 'XXXX' is not recognized" },
      ],
      [
        'a blank number',
        { request_type: 'container', request_number: ' ', scac: 'MSCU' },
        {
          pointer: '/data/attributes/request_number',
          code: 'blank',
          detail: "Request number can't be blank",
        },
      ],
      [
        'a container number failing its check digit',
        { request_type: 'container', request_number: 'MSCU1234567', scac: 'MSCU' },
        {
          pointer: '/data/attributes/request_number',
          code: 'invalid',
          detail: "Request number 'MSCU1234567' is not a valid container number: check digit is 6, not 7",
        },
      ],
      [
        'an unknown request type',
        { request_type: 'parcel', request_number: 'MSCU1234566', scac: 'MSCU' },
        {
          pointer: '/data/attributes/request_type',
          code: 'invalid',
          detail: 'Request type must be container, bill_of_lading or booking_number',
        },
      ],
    ];
  test.each(rejects)('422 for %s', async (_, attributes, expected) => {
    const response = await create(attributes);
    const body = await json(response);
    expect(response.status).toBe(422);
    const [error] = body.errors ?? [];
    expect(error).toMatchObject({
      status: '422',
      title: 'Unprocessable Entity',
      code: expected.code,
      source: { pointer: expected.pointer },
    });
    expect(error?.detail?.startsWith(expected.detail.split(':')[0] ?? '')).toBe(true);
  });

  test('422 duplicate while a request for the number and carrier is pending or created', async () => {
    const first = await create({ request_type: 'booking_number', request_number: 'BK778899', scac: 'CMDU' });
    expect(first.status).toBe(201);
    const again = await create({ request_type: 'booking_number', request_number: 'bk-778899', scac: 'CMDU' });
    expect(again.status).toBe(422);
    expect((await json(again)).errors?.[0]).toMatchObject({
      code: 'duplicate',
      source: { pointer: '/data/attributes/request_number' },
      detail:
        "Request number 'BK778899' with scac 'CMDU' already exists in a tracking_request with a pending or created status",
    });
    // Another account may track the same number.
    const other = await h.account('other');
    expect(
      (await create({ request_type: 'booking_number', request_number: 'BK778899', scac: 'CMDU' }, other))
        .status,
    ).toBe(201);
  });
});

describe('GET /tracking_requests', () => {
  test('newest first, tracked_object included by default, links and meta with pagination', async () => {
    const response = await h.api('/v2/tracking_requests?filter[scac]=MAEU');
    const body = await json(response);
    expect(response.status).toBe(200);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]?.attributes).toMatchObject({
      status: 'created',
      request_number: 'MAEU123456789',
      ref_numbers: ['PO-1', 'REF-2'],
    });
    expect(body.included?.map((resource) => `${resource.type}:${resource.id}`)).toEqual([
      `shipment:${shipmentId}`,
    ]);
    expect(body.meta).toMatchObject({ total: 1, pagination: { current: 1, records: 1 } });
    expect(body.links).toMatchObject({ self: expect.any(String) });
    expect(body.links).not.toHaveProperty('next');
  });

  test('one by id, with include=tracked_object; 404 for an unknown id', async () => {
    const list = await json(await h.api('/v2/tracking_requests?filter[request_number]=MAEU123456789'));
    const id = list.data[0]?.id ?? '';
    const one = await json(await h.api(`/v2/tracking_requests/${id}?include=tracked_object`));
    expect(one.data.id).toBe(id);
    expect(one.included?.[0]?.type).toBe('shipment');
    const missing = await h.api('/v2/tracking_requests/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect((await json(missing)).errors?.[0]).toMatchObject({ status: '404', title: 'Not Found' });
  });
});

describe('shipments', () => {
  test('GET /shipments/{id} with every include: ports, terminal and containers, ref numbers copied from the request', async () => {
    const response = await h.api(
      `/v2/shipments/${shipmentId}?include=containers,pod_terminal,port_of_lading,port_of_discharge,destination,destination_terminal`,
    );
    const body = await json(response);
    expect(response.status).toBe(200);
    expect(body.data.attributes).toMatchObject({
      bill_of_lading_number: 'MAEU123456789',
      ref_numbers: ['PO-1', 'REF-2'],
      shipping_line_scac: 'MAEU',
    });
    const types = new Set(body.included?.map((resource) => resource.type));
    expect(types).toEqual(new Set(['container', 'port', 'terminal']));
    const pol = body.included?.find((resource) => resource.id === relId(body.data, 'port_of_lading'));
    expect(pol?.attributes.code).toBe(body.data.attributes.port_of_lading_locode);
    for (const container of body.included?.filter((resource) => resource.type === 'container') ?? []) {
      expect(container.attributes.ref_numbers).toEqual(['PO-1', 'REF-2']);
    }
    expect(Date.parse(String(body.data.attributes.pol_etd_at))).toBeLessThan(
      Date.parse(String(body.data.attributes.pod_eta_at)),
    );
    expect(isValidImo(String(body.data.attributes.pod_vessel_imo))).toBe(true);
  });

  test('GET /shipments lists newest first and filters by number; an unknown include is a 400', async () => {
    const list = await json(await h.api('/v2/shipments?number=MAEU123456789'));
    expect(list.data.map((shipment) => shipment.id)).toEqual([shipmentId]);
    expect(list.meta).toMatchObject({ total: 1 });
    const bad = await h.api(`/v2/shipments/${shipmentId}?include=cargo`);
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors?.[0]).toMatchObject({
      source: { parameter: 'include' },
      detail: 'cargo is not specified as a relationship on V2::ShipmentSerializer',
    });
  });

  test('PATCH /shipments/{id} with application/vnd.api+json sets ref_numbers and tags', async () => {
    const response = await h.api(`/v2/shipments/${shipmentId}`, {
      method: 'PATCH',
      contentType: JSON_API,
      json: {
        data: {
          type: 'shipment',
          id: shipmentId,
          attributes: { ref_numbers: ['PO-9'], tags: ['hot', 'hot'] },
        },
      },
    });
    expect(response.status).toBe(200);
    expect((await json(response)).data.attributes).toMatchObject({ ref_numbers: ['PO-9'], tags: ['hot'] });
  });
});

describe('containers', () => {
  test('GET /containers/{id} with shipment, pod_terminal and transport_events', async () => {
    const response = await h.api(
      `/v2/containers/${containerId}?include=shipment,pod_terminal,transport_events`,
    );
    const body = await json(response);
    expect(response.status).toBe(200);
    const attributes = body.data.attributes;
    expect(attributes).toMatchObject({ ref_numbers: ['PO-1', 'REF-2'], equipment_type: expect.any(String) });
    expect([
      'new',
      'grounded',
      'on_ship',
      'not_available',
      'available',
      'picked_up',
      'empty_returned',
    ]).toContain(attributes.current_status);
    // The names for the number, holds and fees, beside the upstream's.
    expect(attributes.container_number).toBe(attributes.number);
    expect(attributes.holds).toEqual(attributes.holds_at_pod_terminal);
    expect(attributes.fees).toEqual(attributes.fees_at_pod_terminal);
    for (const name of [
      'number',
      'container_number',
      'holds',
      'fees',
      'available_for_pickup',
      'pickup_lfd',
      'holds_at_pod_terminal',
      'fees_at_pod_terminal',
      'pod_arrived_at',
      'terminal_checked_at',
    ]) {
      expect(attributes, name).toHaveProperty(name);
    }
    const events = body.included?.filter((resource) => resource.type === 'transport_event') ?? [];
    expect(events.length).toBeGreaterThan(0);
    const times = events.map((event) => Date.parse(String(event.attributes.timestamp)));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(body.included?.some((resource) => resource.type === 'terminal')).toBe(true);
  });

  test('GET /containers/{id}/transport_events?include=location,terminal, as the SDK asks', async () => {
    const body = await json(
      await h.api(`/v2/containers/${containerId}/transport_events?include=location,terminal`),
    );
    expect(body.data[0]?.attributes).toMatchObject({
      event: 'container.transport.empty_out',
      data_source: 'shipping_line',
    });
    expect(body.included?.every((resource) => resource.type === 'port' || resource.type === 'terminal')).toBe(
      true,
    );
    expect(body.meta).toMatchObject({ total: body.data.length });
  });

  test('GET /containers lists, filter[number] finds one; PATCH sets its ref_numbers', async () => {
    const list = await json(await h.api('/v2/containers?include=shipment'));
    expect(list.data.map((container) => container.id)).toContain(containerId);
    const number = list.data.find((container) => container.id === containerId)?.attributes.number;
    const found = await json(await h.api(`/v2/containers?filter[number]=${String(number)}`));
    expect(found.data.map((container) => container.id)).toEqual([containerId]);
    const patched = await h.api(`/v2/containers/${containerId}`, {
      method: 'PATCH',
      contentType: JSON_API,
      json: { data: { type: 'container', id: containerId, attributes: { ref_numbers: ['BOX-1'] } } },
    });
    expect(patched.status).toBe(200);
    expect((await json(patched)).data.attributes.ref_numbers).toEqual(['BOX-1']);
    expect((await h.api('/v2/containers/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  test('PATCH /containers/{id}/refresh: 200 {message}, 10 a minute then 429 with Retry-After; 403 without the feature', async () => {
    const first = await h.api(`/v2/containers/${containerId}/refresh`, { method: 'PATCH' });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ message: 'Started refresh for Shipping line, Terminal, Rail' });
    for (let i = 1; i < 10; i += 1)
      expect((await h.api(`/v2/containers/${containerId}/refresh`, { method: 'PATCH' })).status).toBe(200);
    const limited = await h.api(`/v2/containers/${containerId}/refresh`, { method: 'PATCH' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json(limited)).errors?.[0]).toMatchObject({
      title: 'Too Many Requests',
      detail: "You've hit the refresh limit. Please try again in a minute.",
    });

    const unpaid = await h.account('unpaid');
    const forbidden = await h.api(`/v2/containers/${containerId}/refresh`, { method: 'PATCH', key: unpaid });
    expect(forbidden.status).toBe(403);
    expect((await json(forbidden)).errors?.[0]).toMatchObject({
      status: '403',
      title: 'API access not enabled',
      detail: 'This API endpoint is not enabled for your account. Please contact support@terminal49.com',
    });
    // Another account's container is not found, even with the feature.
    const paid = await h.account('paid', ['refresh']);
    expect(
      (await h.api(`/v2/containers/${containerId}/refresh`, { method: 'PATCH', key: paid })).status,
    ).toBe(404);
  });
});

describe('ports, terminals, vessels, search', () => {
  test('GET /ports/{id} by UN/LOCODE in any case or by id; strings for coordinates; 404 otherwise', async () => {
    const byCode = await json(await h.api('/v2/ports/uslax'));
    expect(byCode.data).toMatchObject({
      id: portId('USLAX'),
      type: 'port',
      attributes: {
        code: 'USLAX',
        country_code: 'US',
        state_abbr: 'CA',
        time_zone: 'America/Los_Angeles',
        latitude: expect.any(String),
        longitude: expect.any(String),
      },
    });
    const byId = await json(await h.api(`/v2/ports/${portId('USLAX')}`));
    expect(byId.data.attributes.code).toBe('USLAX');
    // Any port of the UN/LOCODE data, not only those the sandbox sails to.
    expect((await h.api('/v2/ports/AEAJM')).status).toBe(200);
    const missing = await h.api('/v2/ports/ZZZZZ');
    expect(missing.status).toBe(404);
  });

  test('the terminal and vessels a shipment names are readable', async () => {
    const shipment = await json(await h.api(`/v2/shipments/${shipmentId}`));
    const terminalId = relId(shipment.data, 'pod_terminal');
    const terminal = await json(await h.api(`/v2/terminals/${terminalId}`));
    expect(terminal.data.attributes).toMatchObject({
      name: expect.any(String),
      smdg_code: expect.any(String),
    });
    expect(relId(terminal.data, 'port')).toBe(relId(shipment.data, 'port_of_discharge'));
    const events = await json(await h.api(`/v2/containers/${containerId}/transport_events`));
    const vesselId = events.data
      .map((event) => event.relationships?.vessel?.data as { id: string } | null)
      .find((vessel) => vessel !== null)?.id;
    const vessel = await json(await h.api(`/v2/vessels/${vesselId}`));
    expect(isValidImo(String(vessel.data.attributes.imo))).toBe(true);
    expect((await h.api('/v2/terminals/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  test('GET /search ranks shipments, then containers, then requests; a query is required', async () => {
    const byRef = await json(await h.api('/v2/search?query=po-9'));
    expect(byRef.data.map((result) => [result.type, result.attributes.entity_type])).toEqual([
      ['search_result', 'shipment'],
    ]);
    const byNumber = await json(await h.api('/v2/search?query=MAEU'));
    const kinds = byNumber.data.map((result) => result.attributes.entity_type);
    expect(kinds[0]).toBe('shipment');
    expect(kinds.lastIndexOf('shipment')).toBeLessThan(kinds.indexOf('cargo'));
    // The MAEU request's shipment is listed, so the request itself is not.
    expect(byNumber.data.filter((result) => result.attributes.entity_type === 'tracking_request')).toEqual(
      [],
    );
    const missing = await h.api('/v2/search');
    expect(missing.status).toBe(400);
    expect((await json(missing)).errors?.[0]?.detail).toBe('Query parameter is required');
  });

  test('no key, no tracking: 401', async () => {
    const response = await fetch(`${h.origin}/v2/shipments`);
    expect(response.status).toBe(401);
  });
});
