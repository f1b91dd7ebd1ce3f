import { afterAll, beforeAll, expect, test } from 'vitest';
import { PLAY_INTERVAL_MS, startTracking, type TrackingHarness } from './tracking-harness.ts';

/**
 * The upstream TypeScript SDK's tracking calls, as raw requests with the exact method, path, query, body and
 * headers it sends (Authorization `Token …`, Accept and Content-Type `application/json`, a PATCH without a
 * body for refresh), so an integrator's SDK code works against the local service unchanged.
 */
let h: TrackingHarness;
let base = '';

interface Doc {
  data: {
    id: string;
    type: string;
    attributes: Record<string, unknown>;
    relationships: Record<string, { data: unknown }>;
  } & Array<{
    id: string;
    type: string;
    attributes: Record<string, unknown>;
  }>;
  included?: Array<{ id: string; type: string }>;
}

const sdk = async (method: string, path: string, body?: unknown): Promise<{ status: number; doc: Doc }> => {
  const headers: Record<string, string> = { Authorization: `Token ${h.apiKey}`, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, doc: (await response.json()) as Doc };
};

beforeAll(async () => {
  h = await startTracking();
  base = `${h.origin}/v2`;
});
afterAll(async () => {
  await h.close();
});

test('trackingRequests.create / list / get / update, shipments, containers, ports and search, as the SDK calls them', async () => {
  // trackingRequests.create({requestType, requestNumber, scac, refNumbers}); shipment_tags undefined is dropped by JSON.
  const created = await sdk('POST', '/tracking_requests', {
    data: {
      type: 'tracking_request',
      attributes: {
        request_type: 'container',
        request_number: 'MSCU1234566',
        scac: 'MSCU',
        ref_numbers: ['PO-5'],
      },
    },
  });
  expect(created.status).toBe(201);
  // Without a SCAC the SDK sends scac: '': a 422 the SDK maps to its validation error.
  const blank = await sdk('POST', '/tracking_requests', {
    data: {
      type: 'tracking_request',
      attributes: { request_type: 'container', request_number: 'MSCU1234566', scac: '' },
    },
  });
  expect(blank.status).toBe(422);

  h.clock.advance(PLAY_INTERVAL_MS);
  const list = await sdk(
    'GET',
    '/tracking_requests?filter%5Bstatus%5D=created&page%5Bnumber%5D=1&page%5Bsize%5D=25',
  );
  expect(list.doc.data.map((request) => request.id)).toEqual([created.doc.data.id]);
  const one = await sdk('GET', `/tracking_requests/${created.doc.data.id}?include=tracked_object`);
  const tracked = one.doc.data.relationships.tracked_object?.data as { id: string };
  const shipmentId = tracked.id;
  const updatedRequest = await sdk('PATCH', `/tracking_requests/${created.doc.data.id}`, {
    data: { type: 'tracking_request', id: created.doc.data.id, attributes: { ref_number: 'PO-6' } },
  });
  expect(updatedRequest.doc.data.attributes.ref_numbers).toEqual(['PO-5', 'PO-6']);

  // shipments.list() and shipments.get(id) with their default includes; shipments.update(id, attrs).
  const defaults =
    'containers,pod_terminal,port_of_lading,port_of_discharge,destination,destination_terminal';
  expect((await sdk('GET', `/shipments?include=${defaults}&page%5Bsize%5D=25`)).status).toBe(200);
  const shipment = await sdk('GET', `/shipments/${shipmentId}?include=${defaults}`);
  expect(shipment.status).toBe(200);
  const patched = await sdk('PATCH', `/shipments/${shipmentId}`, {
    data: { type: 'shipment', id: shipmentId, attributes: { ref_numbers: ['PO-7'] } },
  });
  expect(patched.doc.data.attributes.ref_numbers).toEqual(['PO-7']);

  // containers.list(), get(id), events(id), refresh(id).
  const containers = await sdk('GET', '/containers?include=shipment%2Cpod_terminal&page%5Bsize%5D=25');
  const containerId = containers.doc.data[0]?.id ?? '';
  expect(
    (await sdk('GET', `/containers/${containerId}?include=shipment,pod_terminal,pickup_facility`)).status,
  ).toBe(200);
  const events = await sdk('GET', `/containers/${containerId}/transport_events?include=location%2Cterminal`);
  expect(events.status).toBe(200);
  expect(events.doc.data.length).toBeGreaterThan(0);
  // getContainerRawEvents(id): past milestones and the journey's estimates.
  const raw = await sdk('GET', `/containers/${containerId}/raw_events`);
  expect(raw.doc.data.some((event) => event.attributes.estimated === true)).toBe(true);
  expect(raw.doc.data.some((event) => event.attributes.estimated === false)).toBe(true);
  const refreshed = await fetch(`${base}/containers/${containerId}/refresh`, {
    method: 'PATCH',
    headers: { Authorization: `Token ${h.apiKey}`, Accept: 'application/json' },
  });
  expect(refreshed.status).toBe(200);

  // ports.get(locode) and search(query).
  const port = await sdk('GET', `/ports/${String(shipment.doc.data.attributes.port_of_discharge_locode)}`);
  expect(port.doc.data.type).toBe('port');
  const search = await sdk('GET', '/search?query=MSCU1234566');
  expect(search.doc.data.map((result) => result.attributes.entity_type)).toContain('cargo');
});

test('shipments.stopTracking / resumeTracking and filter[tracking_stopped]', async () => {
  const created = await sdk('POST', '/tracking_requests', {
    data: {
      type: 'tracking_request',
      attributes: { request_type: 'booking_number', request_number: 'BKSTOP123', scac: 'HLCU' },
    },
  });
  expect(created.status).toBe(201);
  h.clock.advance(PLAY_INTERVAL_MS);
  const one = await sdk('GET', `/tracking_requests/${created.doc.data.id}`);
  const tracked = one.doc.data.relationships.tracked_object?.data as { id: string };
  const stopped = await sdk('PATCH', `/shipments/${tracked.id}/stop_tracking`, {
    data: { type: 'shipment', id: tracked.id },
  });
  expect(stopped.status).toBe(200);
  expect(stopped.doc.data.attributes).toMatchObject({ line_tracking_stopped_reason: 'cancelled_by_user' });
  const listed = await sdk('GET', '/shipments?filter%5Btracking_stopped%5D=true');
  expect(listed.doc.data.map((shipment) => shipment.id)).toEqual([tracked.id]);
  const resumed = await sdk('PATCH', `/shipments/${tracked.id}/resume_tracking`, {
    data: { type: 'shipment', id: tracked.id },
  });
  expect(resumed.doc.data.attributes.line_tracking_stopped_at).toBeNull();
});
