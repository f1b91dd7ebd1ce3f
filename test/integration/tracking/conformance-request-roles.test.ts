import { afterAll, beforeAll, expect, test } from 'vitest';
import { advance, expectError, read } from './conformance-support.ts';
import { PLAY_INTERVAL_MS, startTracking, type TrackingHarness } from './tracking-harness.ts';

/**
 * The OpenAPI's create body names a party per role (`relationships.shipper`, `consignee`, `notify_party`,
 * `customs_broker`, `freight_forwarder`, `pickup_dray_carrier`), copied to the shipment when it is
 * created; and `GET /tracking_requests/{id}` includes `tracked_object` by default.
 */
let h: TrackingHarness;
let brokerId: string;
let shipperId: string;

const post = (path: string, json: unknown) => h.api(path, { method: 'POST', json });
const party = async (name: string) =>
  (await read(await post('/v2/parties', { data: { type: 'party', attributes: { company_name: name } } })))
    .data.id;
const link = (id: string) => ({ data: { id, type: 'party' } });

beforeAll(async () => {
  h = await startTracking();
  brokerId = await party('Broker & Co');
  shipperId = await party('Shipper Ltd');
});
afterAll(async () => {
  await h.close();
});

test('roles named at creation wait on the request and are copied to its shipment', async () => {
  const created = await post('/v2/tracking_requests', {
    data: {
      type: 'tracking_request',
      attributes: { request_type: 'bill_of_lading', request_number: 'MAEU700000999', scac: 'MAEU' },
      relationships: { customs_broker: link(brokerId), shipper: link(shipperId) },
    },
  });
  expect(created.status).toBe(201);
  const requestId = (await read(created)).data.id;
  const onRequest = await read(await h.api(`/v2/tracking_requests/${requestId}/party_roles`));
  expect(onRequest.data.map((role) => role.attributes.role).sort()).toEqual(['customs_broker', 'shipper']);

  await advance(h, PLAY_INTERVAL_MS);
  const request = await read(await h.api(`/v2/tracking_requests/${requestId}`));
  const tracked = request.data.relationships?.tracked_object?.data;
  const shipmentId = Array.isArray(tracked) ? '' : (tracked?.id ?? '');
  // Included by default, as the OpenAPI's include parameter says.
  expect(request.included?.map((item) => `${item.type}:${item.id}`)).toEqual([`shipment:${shipmentId}`]);
  const onShipment = await read(await h.api(`/v2/shipments/${shipmentId}/party_roles`));
  expect(
    onShipment.data.map((role) => [role.attributes.role, role.relationships?.party?.data]).sort(),
  ).toEqual([
    ['customs_broker', { id: brokerId, type: 'party' }],
    ['shipper', { id: shipperId, type: 'party' }],
  ]);
  expect((onShipment.included ?? []).map((item) => item.id).sort()).toEqual([brokerId, shipperId].sort());
});

test('a role naming a party of no one (or of another account) is a 422 on its relationship', async () => {
  const response = await post('/v2/tracking_requests', {
    data: {
      type: 'tracking_request',
      attributes: { request_type: 'bill_of_lading', request_number: 'MAEU700000998', scac: 'MAEU' },
      relationships: { consignee: link('00000000-0000-4000-8000-000000000009') },
    },
  });
  await expectError(response, 422, { source: { pointer: '/data/relationships/consignee/data/id' } });
});

test('include=customer replaces the default include', async () => {
  const list = await read(await h.api('/v2/tracking_requests'));
  const id = list.data[0]?.id ?? '';
  const only = await read(await h.api(`/v2/tracking_requests/${id}?include=customer`));
  expect(only.included ?? []).toEqual([]);
});
