import { afterAll, beforeAll, expect, test } from 'vitest';
import { advance, createRequest, expectError, read } from './conformance-support.ts';
import { PLAY_INTERVAL_MS, startTracking, type TrackingHarness } from './tracking-harness.ts';

/**
 * `GET /vessels/{id}` (and `/vessels/{imo}`) with `show_positions[from_timestamp]` /
 * `show_positions[to_timestamp]`, as the upstream's OpenAPI documents them: `attributes.positions`
 * (latitude, longitude, heading, timestamp, estimated) over the window, seven days to now by default,
 * for an account with `routing` only.
 */
let h: TrackingHarness;
let routingKey: string;
let vesselId: string;
let vesselImo: string;

interface Point {
  latitude: number;
  longitude: number;
  heading: number | null;
  timestamp: string;
  estimated: boolean;
}

beforeAll(async () => {
  h = await startTracking();
  routingKey = await h.account('routed', ['routing']);
  const created = await createRequest(
    h,
    { request_type: 'bill_of_lading', request_number: 'HLCU700000654', scac: 'HLCU' },
    routingKey,
  );
  expect(created.status).toBe(201);
  await advance(h, PLAY_INTERVAL_MS);
  const containerId = (await read(await h.api('/v2/containers', { key: routingKey }))).data[0]?.id;
  type Feature = { properties: Record<string, unknown> };
  let vessel: Feature | undefined;
  for (let day = 0; day < 60 && vessel === undefined; day += 1) {
    const map = (await (
      await h.api(`/v2/containers/${containerId}/map_geojson`, { key: routingKey })
    ).json()) as { features: Feature[] };
    vessel = map.features.find((feature) => feature.properties.feature_type === 'current_vessel');
    if (vessel === undefined) h.clock.advance(86_400_000);
  }
  // Two days under way, so the default seven-day window holds a stretch of the voyage.
  h.clock.advance(2 * 86_400_000);
  vesselId = String(vessel?.properties.vessel_id);
  const found = await read(await h.api(`/v2/vessels/${vesselId}`, { key: routingKey }));
  vesselImo = String(found.data.attributes.imo);
});
afterAll(async () => {
  await h.close();
});

test('show_positions=true: hourly points of the last seven days, in order, none estimated', async () => {
  const response = await h.api(`/v2/vessels/${vesselImo}?show_positions=true`, { key: routingKey });
  expect(response.status).toBe(200);
  const positions = (await read(response)).data.attributes.positions as Point[];
  expect(positions.length).toBeGreaterThan(24);
  const times = positions.map((point) => Date.parse(point.timestamp));
  expect(times).toEqual([...times].sort((a, b) => a - b));
  expect(times[0]).toBeGreaterThanOrEqual(h.clock.now() - 7 * 86_400_000);
  expect(times.at(-1)).toBeLessThanOrEqual(h.clock.now());
  for (const point of positions) {
    expect(Math.abs(point.latitude)).toBeLessThanOrEqual(90);
    expect(Math.abs(point.longitude)).toBeLessThanOrEqual(180);
    expect(point.estimated).toBe(false);
  }
});

test('a window into the future marks its points estimated; a window with no voyage is empty', async () => {
  const now = h.clock.now();
  const from = new Date(now - 3_600_000).toISOString();
  const to = new Date(now + 6 * 3_600_000).toISOString();
  const ahead = await h.api(
    `/v2/vessels/${vesselId}?show_positions%5Bfrom_timestamp%5D=${from}&show_positions%5Bto_timestamp%5D=${to}`,
    { key: routingKey },
  );
  const points = (await read(ahead)).data.attributes.positions as Point[];
  expect(points.some((point) => point.estimated)).toBe(true);
  expect(points.some((point) => !point.estimated)).toBe(true);
  const old = await h.api(
    `/v2/vessels/${vesselId}?show_positions%5Bfrom_timestamp%5D=2001-01-01T00:00:00Z&show_positions%5Bto_timestamp%5D=2001-01-02T00:00:00Z`,
    { key: routingKey },
  );
  expect((await read(old)).data.attributes.positions).toEqual([]);
});

test('without show_positions there is no positions attribute; bad windows are 400s; no routing is 403', async () => {
  const plain = (await read(await h.api(`/v2/vessels/${vesselId}`, { key: routingKey }))).data.attributes;
  expect(plain).not.toHaveProperty('positions');
  await expectError(
    await h.api(`/v2/vessels/${vesselId}?show_positions%5Bfrom_timestamp%5D=yesterday`, { key: routingKey }),
    400,
    { source: { parameter: 'show_positions[from_timestamp]' } },
  );
  await expectError(
    await h.api(
      `/v2/vessels/${vesselId}?show_positions%5Bfrom_timestamp%5D=2030-01-02T00:00:00Z&show_positions%5Bto_timestamp%5D=2030-01-01T00:00:00Z`,
      { key: routingKey },
    ),
    400,
    { source: { parameter: 'show_positions[from_timestamp]' } },
  );
  const unpaid = await h.account('no routing');
  const refused = await h.api(`/v2/vessels/${vesselId}?show_positions=true`, { key: unpaid });
  expect(refused.status).toBe(403);
});
