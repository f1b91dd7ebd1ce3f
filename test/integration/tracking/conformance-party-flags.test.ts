import { afterAll, beforeAll, expect, test } from 'vitest';
import { advance, type Resource, read } from './conformance-support.ts';
import { PLAY_INTERVAL_MS, startTracking, type TrackingHarness } from './tracking-harness.ts';

/**
 * The upstream's party_role schema (`role`, `roleable_type` `Shipment`/`Cargo`, `roleable_id`, times) and
 * the shipments' `flag[parties]=true` with `include=party_roles.party`, as its OpenAPI documents them.
 */
let h: TrackingHarness;
let shipment: Resource;
let container: Resource;
let partyId: string;

const post = (path: string, json: unknown) => h.api(path, { method: 'POST', json });

beforeAll(async () => {
  h = await startTracking();
  const party = await post('/v2/parties', {
    data: { type: 'party', attributes: { company_name: 'Acme Customs' } },
  });
  partyId = (await read(party)).data.id;
  await post('/v2/tracking_requests', {
    data: {
      type: 'tracking_request',
      attributes: { request_type: 'bill_of_lading', request_number: 'MAEU700000456', scac: 'MAEU' },
    },
  });
  await advance(h, PLAY_INTERVAL_MS);
  shipment = (await read(await h.api('/v2/shipments'))).data[0] as Resource;
  container = (await read(await h.api('/v2/containers'))).data[0] as Resource;
});
afterAll(async () => {
  await h.close();
});

const assign = (path: string, id: string, role: string) =>
  post(`/v2/${path}/${id}/party_roles`, {
    data: {
      type: 'party_role',
      attributes: { role },
      relationships: { party: { data: { id: partyId, type: 'party' } } },
    },
  });

test('a party role names its record as roleable_type and roleable_id, Cargo for a container', async () => {
  const onShipment = await assign('shipments', shipment.id, 'customs_broker');
  expect(onShipment.status).toBe(201);
  const role = (await read(onShipment)).data;
  expect(role.attributes).toMatchObject({
    role: 'customs_broker',
    roleable_type: 'Shipment',
    roleable_id: shipment.id,
  });
  expect(typeof role.attributes.updated_at).toBe('string');
  expect(role.relationships?.party?.data).toEqual({ id: partyId, type: 'party' });

  const onContainer = await assign('containers', container.id, 'pickup_dray_carrier');
  expect((await read(onContainer)).data.attributes).toMatchObject({
    roleable_type: 'Cargo',
    roleable_id: container.id,
  });
});

test('flag[parties]=true adds party_roles to each shipment; include=party_roles.party embeds roles and parties', async () => {
  const plain = await read(await h.api(`/v2/shipments/${shipment.id}`));
  expect(plain.data.relationships?.party_roles).toBeUndefined();

  const flagged = await read(await h.api('/v2/shipments?flag%5Bparties%5D=true'));
  const listed = flagged.data.find((item) => item.id === shipment.id);
  const linkage = listed?.relationships?.party_roles?.data;
  expect(Array.isArray(linkage) ? linkage.map((item) => item.type) : linkage).toEqual(['party_role']);
  expect(flagged.included ?? []).toEqual([]);

  const embedded = await h.api(
    `/v2/shipments/${shipment.id}?flag%5Bparties%5D=true&include=party_roles.party`,
  );
  expect(embedded.status).toBe(200);
  const document = await read(embedded);
  expect((document.included ?? []).map((item) => item.type).sort()).toEqual(['party', 'party_role']);
  expect(document.included?.find((item) => item.type === 'party')?.id).toBe(partyId);
});
