import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { advance, createRequest, expectError, read } from './conformance-support.ts';
import { PLAY_INTERVAL_MS, startTracking, type TrackingHarness } from './tracking-harness.ts';

/**
 * Metro areas (`GET /metro_areas/{id}`, by UN/LOCODE or id), the paid vessel forecasts
 * (`/vessels/{id}/future_positions[_with_coordinates]`) and what an unknown route answers.
 */
let h: TrackingHarness;
let routingKey: string;
let vesselId: string;

beforeAll(async () => {
  h = await startTracking();
  routingKey = await h.account('routed', ['routing']);
  const { VESSELS } = await import('../../../src/domain/tracking/sandbox-fleet.ts');
  vesselId = (VESSELS[0] as { id: string }).id;
});
afterAll(async () => {
  await h.close();
});

describe('GET /metro_areas/{id}', () => {
  test('by UN/LOCODE or id: type metro_area with the spec attributes, numbers for coordinates', async () => {
    const byCode = await h.api('/v2/metro_areas/USDET');
    expect(byCode.status).toBe(200);
    const area = (await read(byCode)).data;
    expect(area.type).toBe('metro_area');
    expect(area.attributes).toMatchObject({ code: 'USDET', country_code: 'US' });
    expect(Object.keys(area.attributes)).toEqual(
      expect.arrayContaining([
        'name',
        'code',
        'state_abbr',
        'country_code',
        'time_zone',
        'latitude',
        'longitude',
      ]),
    );
    expect(typeof area.attributes.latitude).toBe('number');
    const byId = await read(await h.api(`/v2/metro_areas/${area.id}`));
    expect(byId.data.attributes.code).toBe('USDET');
  });

  test('404 JSON:API error for an unknown one', async () => {
    await expectError(await h.api('/v2/metro_areas/ZZZZZ'), 404, { title: 'Not Found' });
  });
});

describe('GET /vessels/{id}/future_positions', () => {
  const path = (query: string) => `/v2/vessels/${vesselId}/future_positions?${query}`;

  test('403 Forbidden without the routing feature, as the map', async () => {
    const plain = await h.account('plain');
    await expectError(await h.api(path('port_id=USLAX&previous_port_id=CNSHA'), { key: plain }), 403, {
      title: 'Forbidden',
      detail: 'Routing data feature is not enabled for this account',
    });
  });

  test('the vessel with positions[] one minute apart, from the previous port to the port', async () => {
    const shanghai = (await read(await h.api('/v2/ports/CNSHA'))).data;
    const losAngeles = (await read(await h.api('/v2/ports/USLAX'))).data;
    const response = await h.api(path(`port_id=${losAngeles.id}&previous_port_id=${shanghai.id}`), {
      key: routingKey,
    });
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      data: { id: string; type: string; attributes: Record<string, unknown> };
      links: { self: string };
    };
    expect(document.data).toMatchObject({ id: vesselId, type: 'vessel' });
    const positions = document.data.attributes.positions as Array<{
      latitude: number;
      longitude: number;
      timestamp: string;
      estimated: boolean;
      heading: number | null;
    }>;
    expect(positions.length).toBeGreaterThan(10_000);
    const [first, second] = positions;
    expect(Date.parse(second?.timestamp ?? '') - Date.parse(first?.timestamp ?? '')).toBe(60_000);
    expect(first?.estimated).toBe(true);
    expect(first?.latitude).toBeCloseTo(Number(shanghai.attributes.latitude), 0);
    const last = positions.at(-1);
    expect(last?.latitude).toBeCloseTo(Number(losAngeles.attributes.latitude), 0);
    expect(positions.every((p) => p.longitude >= -180 && p.longitude <= 180)).toBe(true);
  });

  test('with coordinates: the forecast starts there; a missing parameter is a 400 naming it', async () => {
    const response = await h.api(
      `/v2/vessels/${vesselId}/future_positions_with_coordinates?port_id=USLAX&previous_port_id=CNSHA&latitude=30&longitude=-140`,
      { key: routingKey },
    );
    expect(response.status).toBe(200);
    const data = (await read(response)).data;
    const positions = data.attributes.positions as Array<{ latitude: number; longitude: number }>;
    expect(positions[0]?.latitude).toBeCloseTo(30, 0);
    expect(data.attributes.latitude).toBe(30);
    await expectError(await h.api(path('port_id=USLAX'), { key: routingKey }), 400, {
      source: { parameter: 'previous_port_id' },
    });
    await expectError(
      await h.api(`/v2/vessels/nope/future_positions?port_id=USLAX&previous_port_id=CNSHA`, {
        key: routingKey,
      }),
      404,
      {
        title: 'Not Found',
      },
    );
  });
});

test('an unknown route is a JSON:API 404, which the SDK maps to NotFoundError like the upstream HTML page', async () => {
  const response = await h.api('/v2/no_such_things/1');
  await expectError(response, 404, { title: 'Not Found' });
});

test('GET /me: the credential (kind api_key), its account included, and the features as the SDK maps them', async () => {
  const plain = await h.account('plain credential');
  for (const [key, routing] of [
    [routingKey, 'available'],
    [plain, 'not_enabled'],
  ] as const) {
    const response = await h.api('/v2/me', { key });
    expect(response.status).toBe(200);
    const document = await read(response);
    expect(document.data).toMatchObject({
      type: 'credential',
      attributes: { kind: 'api_key', channel: 'api', features: { routing_data: { status: routing } } },
    });
    const account = document.included?.[0];
    expect(account?.type).toBe('account');
    expect(document.data.relationships?.account?.data).toEqual({ id: account?.id, type: 'account' });
    expect(document.data.relationships?.user?.data).toBeNull();
  }
  const again = await read(await h.api('/v2/me', { key: plain }));
  expect(again.data.id).toBe((await read(await h.api('/v2/me', { key: plain }))).data.id);
});

test("GET /vessels/{id}: the position where one of the account's journeys sails it now, with routing only", async () => {
  const created = await createRequest(
    h,
    { request_type: 'bill_of_lading', request_number: 'HLCU700000321', scac: 'HLCU' },
    routingKey,
  );
  expect(created.status).toBe(201);
  await advance(h, PLAY_INTERVAL_MS);
  const containerId = (await read(await h.api('/v2/containers', { key: routingKey }))).data[0]?.id;
  type Feature = { geometry: { coordinates: number[] }; properties: Record<string, unknown> };
  let atSea: Feature | undefined;
  for (let day = 0; day < 60 && atSea === undefined; day += 1) {
    const map = (await (
      await h.api(`/v2/containers/${containerId}/map_geojson`, { key: routingKey })
    ).json()) as {
      features: Feature[];
    };
    atSea = map.features.find((feature) => feature.properties.feature_type === 'current_vessel');
    if (atSea === undefined) h.clock.advance(86_400_000);
  }
  expect(atSea).toBeDefined();
  const vessel = String(atSea?.properties.vessel_id);
  const seen = (await read(await h.api(`/v2/vessels/${vessel}`, { key: routingKey }))).data.attributes;
  expect(seen.latitude).toBeCloseTo(atSea?.geometry.coordinates[1] ?? 0, 3);
  expect(seen.longitude).toBeCloseTo(atSea?.geometry.coordinates[0] ?? 0, 3);
  expect(typeof seen.nautical_speed_knots).toBe('number');
  expect(seen.position_timestamp).toBe(new Date(h.clock.now()).toISOString());
  const plain = await h.account('no routing');
  const unseen = (await read(await h.api(`/v2/vessels/${vessel}`, { key: plain }))).data.attributes;
  expect(unseen.latitude).toBeNull();
});
