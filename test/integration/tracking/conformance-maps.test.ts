import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  advance,
  createRequest,
  expectError,
  read,
  relId,
  relIds,
  requestNow,
} from './conformance-support.ts';
import { PLAY_INTERVAL_MS, startTracking, type TrackingHarness } from './tracking-harness.ts';

/**
 * The paid routing endpoints and refresh (reference §5): map GeoJSON with the upstream's feature types and
 * properties, the route document the SDK and MCP read, and the 403 shapes without the entitlement.
 */
let h: TrackingHarness;
let containerId = '';
let plainKey = '';

const PORT_PROPERTIES = [
  'feature_type',
  'ports_sequence',
  'ports_total',
  'location_id',
  'location_type',
  'name',
  'state_abbr',
  'state',
  'country_code',
  'country',
  'time_zone',
  'label',
  'inbound_eta_at',
  'inbound_ata_at',
  'outbound_etd_at',
  'outbound_atd_at',
  'updated_at',
];

beforeAll(async () => {
  h = await startTracking();
  plainKey = await h.account('no-paid-features');
  const created = await createRequest(h, {
    request_type: 'bill_of_lading',
    request_number: 'ZIMUNGB20745474',
    scac: 'ZIMU',
  });
  const requestId = (await read(created)).data.id;
  await advance(h, PLAY_INTERVAL_MS);
  const shipmentId = relId(await requestNow(h, requestId), 'tracked_object');
  const shipment = (await read(await h.api(`/v2/shipments/${shipmentId}`))).data;
  containerId = relIds(shipment, 'containers')[0] ?? '';
  await advance(h, 8 * 24 * PLAY_INTERVAL_MS);
});
afterAll(async () => {
  await h.close();
});

describe('GET /containers/{id}/map_geojson', () => {
  test('a FeatureCollection of [lon, lat] geometries with the upstream’s feature types and port properties', async () => {
    const response = await h.api(`/v2/containers/${containerId}/map_geojson`);
    expect(response.status).toBe(200);
    const map = (await response.json()) as {
      type: string;
      features: Array<{
        type: string;
        geometry: { type: string; coordinates: unknown };
        properties: Record<string, unknown>;
      }>;
    };
    expect(map.type).toBe('FeatureCollection');
    const types = new Set(map.features.map((feature) => feature.properties.feature_type));
    for (const type of types) {
      expect([
        'port',
        'current_vessel',
        'past_vessel_locations',
        'estimated_full_legs',
        'estimated_partial_leg',
      ]).toContain(type);
    }
    const ports = map.features.filter((feature) => feature.properties.feature_type === 'port');
    expect(ports.length).toBeGreaterThanOrEqual(2);
    for (const port of ports) {
      expect(port.geometry.type).toBe('Point');
      expect(Object.keys(port.properties)).toEqual(expect.arrayContaining(PORT_PROPERTIES));
      const [lon, lat] = port.geometry.coordinates as [number, number];
      expect(Math.abs(lon)).toBeLessThanOrEqual(180);
      expect(Math.abs(lat)).toBeLessThanOrEqual(90);
    }
    expect(ports[0]?.properties.label).toBe('POL');
    expect(ports.at(-1)?.properties.label).toBe('POD');
  });

  test('403 “Routing data feature is not enabled for this account” without the entitlement', async () => {
    await expectError(await h.api(`/v2/containers/${containerId}/map_geojson`, { key: plainKey }), 403, {
      title: 'Forbidden',
      detail: 'Routing data feature is not enabled for this account',
    });
  });
});

describe('GET /containers/{id}/route', () => {
  test('a route with route_locations whose location, inbound_vessel and outbound_vessel the SDK reads', async () => {
    const response = await h.api(`/v2/containers/${containerId}/route?include=port,vessel,route_location`);
    expect(response.status).toBe(200);
    const body = await read(response);
    expect(body.data.type).toBe('route');
    const locations = body.included?.filter((resource) => resource.type === 'route_location') ?? [];
    expect(locations.length).toBe(relIds(body.data, 'route_locations').length);
    for (const location of locations) {
      expect(Object.keys(location.attributes)).toEqual(
        expect.arrayContaining([
          'inbound_scac',
          'inbound_mode',
          'inbound_eta_at',
          'inbound_ata_at',
          'inbound_voyage_number',
          'outbound_scac',
          'outbound_mode',
          'outbound_etd_at',
          'outbound_atd_at',
          'outbound_voyage_number',
        ]),
      );
      expect(Object.keys(location.relationships ?? {})).toEqual(
        expect.arrayContaining(['location', 'inbound_vessel', 'outbound_vessel']),
      );
    }
    expect(body.included?.some((resource) => resource.type === 'port')).toBe(true);
    expect(body.included?.some((resource) => resource.type === 'vessel')).toBe(true);
  });

  test('403 without the entitlement, as the MCP route tool expects (FeatureNotEnabled)', async () => {
    const forbidden = await h.api(`/v2/containers/${containerId}/route`, { key: plainKey });
    expect(forbidden.status).toBe(403);
    expect((await read(forbidden)).errors?.[0]?.detail).toMatch(/not enabled|feature/i);
  });
});

describe('PATCH /containers/{id}/refresh', () => {
  test('200 {message} with the entitlement; 403 “API access not enabled” without', async () => {
    const refreshed = await h.api(`/v2/containers/${containerId}/refresh`, { method: 'PATCH' });
    expect(refreshed.status).toBe(200);
    expect(await refreshed.json()).toEqual({ message: 'Started refresh for Shipping line, Terminal, Rail' });
    await expectError(
      await h.api(`/v2/containers/${containerId}/refresh`, { method: 'PATCH', key: plainKey }),
      403,
      {
        title: 'API access not enabled',
      },
    );
  });
});
