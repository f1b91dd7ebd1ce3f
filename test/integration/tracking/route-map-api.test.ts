import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  currentVesselFeatureProperties,
  estimatedFullLegFeatureProperties,
  estimatedPartialLegFeatureProperties,
  pastVesselLocationsFeatureProperties,
  portFeatureProperties,
  type RouteMapGeoJson,
  routeMapGeoJson,
} from '../../../src/contract/route-map.ts';
import { makeContainerNumber } from '../../../src/domain/iso6346.ts';
import { portCatalog } from '../../../src/domain/ports/port-catalog.ts';
import { type Journey, planJourney } from '../../../src/domain/tracking/sandbox-journey.ts';
import { seaLeg } from '../../../src/service/maps/sea-legs.ts';
import {
  type ApiResource,
  PLAY_INTERVAL_MS,
  startTracking,
  type TrackingHarness,
  trackingRequestBody,
} from './tracking-harness.ts';

const SCAC = 'MAEU';
const ports = portCatalog();
let h: TrackingHarness;

/** The journey the service will plan for a container request made now (same planner, same router). */
const journeyOf = (number: string, anchorAt: number): Journey =>
  planJourney(
    { requestType: 'container', requestNumber: number, scac: SCAC, anchorAt },
    { ports, router: { leg: seaLeg } },
  );

/** The first container number (by serial) whose journey made at `anchorAt` fits. */
function findContainer(
  anchorAt: number,
  fits: (journey: Journey) => boolean,
  taken: readonly string[] = [],
): { number: string; journey: Journey } {
  for (let serial = 0; serial < 5_000; serial += 1) {
    const number = makeContainerNumber('MSKU', 100_000 + serial);
    if (taken.includes(number)) continue;
    const journey = journeyOf(number, anchorAt);
    if (fits(journey)) return { number, journey };
  }
  throw new Error('no container number fits');
}

const crossesAntimeridian = (journey: Journey, legIndex: number): boolean =>
  (journey.legs[legIndex]?.coordinates ?? []).some(([lon]) => lon > 180 || lon < -180);

/** Tracks a container and lets the sandbox carrier answer: its id. */
async function track(number: string): Promise<string> {
  const created = await h.api('/v2/tracking_requests', {
    method: 'POST',
    json: trackingRequestBody({ request_type: 'container', request_number: number, scac: SCAC }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  h.clock.advance(PLAY_INTERVAL_MS);
  const found = (await (await h.api(`/v2/containers?filter[number]=${number}`)).json()) as {
    data: ApiResource[];
  };
  const id = found.data[0]?.id;
  if (id === undefined) throw new Error(`${number} was not tracked`);
  return id;
}

const map = async (containerId: string, key?: string) =>
  h.api(`/v2/containers/${containerId}/map_geojson`, key === undefined ? {} : { key });

async function mapOf(containerId: string): Promise<RouteMapGeoJson> {
  const response = await map(containerId);
  expect(response.status).toBe(200);
  const raw = (await response.json()) as { features: Array<{ properties: { feature_type: string } }> };
  // Exactly the contract's FeatureCollection: every feature type with exactly its properties, no more.
  for (const feature of raw.features) {
    const shape = PROPERTIES[feature.properties.feature_type];
    expect(Object.keys(feature.properties).sort()).toEqual(Object.keys(shape ?? {}).sort());
  }
  return routeMapGeoJson.strict().parse(raw);
}

const PROPERTIES: Record<string, object> = {
  port: portFeatureProperties.shape,
  current_vessel: currentVesselFeatureProperties.shape,
  past_vessel_locations: pastVesselLocationsFeatureProperties.shape,
  estimated_full_legs: estimatedFullLegFeatureProperties.shape,
  estimated_partial_leg: estimatedPartialLegFeatureProperties.shape,
};

type Feature = RouteMapGeoJson['features'][number];
const ofType = (body: RouteMapGeoJson, type: string): Feature[] =>
  body.features.filter((feature) => feature.properties.feature_type === type);

/** Every LineString: point_count is its own coordinates' count; every position is [lon, lat] in range. */
function expectWellFormed(body: RouteMapGeoJson): void {
  for (const feature of body.features) {
    const positions =
      feature.geometry.type === 'Point' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
    for (const [lon, lat] of positions) {
      expect(Math.abs(lon)).toBeLessThanOrEqual(180);
      expect(Math.abs(lat)).toBeLessThanOrEqual(90);
    }
    if (feature.geometry.type === 'LineString' && 'point_count' in feature.properties)
      expect(feature.properties.point_count).toBe(feature.geometry.coordinates.length);
  }
}

let waiting: { id: string; journey: Journey };
let sailing: { id: string; journey: Journey; legIndex: number };

beforeAll(async () => {
  h = await startTracking();
  const now = h.clock.now();
  // One that sails in two days or more; one that crosses the Pacific on a leg after the first hour.
  const early = findContainer(now, (journey) => (journey.legs[0]?.departAt ?? 0) > now + 2 * 86_400_000);
  // Tracked one play interval later, so planned around that instant.
  const later = now + PLAY_INTERVAL_MS;
  const pacific = findContainer(
    later,
    (journey) =>
      journey.legs.some(
        (leg, index) => crossesAntimeridian(journey, index) && leg.departAt > later + PLAY_INTERVAL_MS,
      ),
    [early.number],
  );
  waiting = { id: await track(early.number), journey: early.journey };
  sailing = {
    id: await track(pacific.number),
    journey: pacific.journey,
    legIndex: pacific.journey.legs.findIndex((_, index) => crossesAntimeridian(pacific.journey, index)),
  };
}, 60_000);
afterAll(async () => {
  await h.close();
});

describe('GET /containers/{id}/map_geojson', () => {
  test('before departure: the ports with their estimates, every leg estimated in full, no vessel', async () => {
    const body = await mapOf(waiting.id);
    expectWellFormed(body);
    const portFeatures = ofType(body, 'port');
    expect(portFeatures.map((f) => f.properties.feature_type === 'port' && f.properties.label)).toEqual(
      waiting.journey.stops.map((stop) => stop.label),
    );
    expect(portFeatures[0]?.geometry.coordinates).toEqual([
      waiting.journey.stops[0]?.port.longitude,
      waiting.journey.stops[0]?.port.latitude,
    ]);
    const pol = portFeatures[0]?.properties;
    expect(pol).toMatchObject({
      ports_sequence: 1,
      ports_total: waiting.journey.stops.length,
      location_type: 'Port',
      inbound_eta_at: null,
      outbound_atd_at: null,
    });
    if (pol?.feature_type === 'port')
      expect(Date.parse(pol.outbound_etd_at ?? '')).toBeGreaterThan(h.clock.now());
    expect(ofType(body, 'current_vessel')).toEqual([]);
    expect(ofType(body, 'past_vessel_locations')).toEqual([]);
    expect(ofType(body, 'estimated_partial_leg')).toEqual([]);
    const legs = new Set(
      ofType(body, 'estimated_full_legs').map(
        (f) => f.properties.feature_type === 'estimated_full_legs' && f.properties.ports_sequence,
      ),
    );
    expect([...legs].sort()).toEqual(waiting.journey.legs.map((_, index) => index + 1));
  });

  test('at sea across the Pacific: current_vessel, the track up to it, the partial leg from it, split at ±180°', async () => {
    const leg = sailing.journey.legs[sailing.legIndex];
    if (leg === undefined) throw new Error('no Pacific leg');
    h.clock.set(Math.round((leg.departAt + leg.arriveAt) / 2));
    const body = await mapOf(sailing.id);
    expectWellFormed(body);
    const vessels = ofType(body, 'current_vessel');
    expect(vessels).toHaveLength(1);
    const vessel = vessels[0];
    if (vessel?.properties.feature_type !== 'current_vessel' || vessel.geometry.type !== 'Point')
      throw new Error('no current vessel');
    const sequence = sailing.legIndex + 1;
    expect(vessel.properties).toMatchObject({
      ports_sequence: sequence,
      vessel_name: leg.vessel.name,
      vessel_imo: leg.vessel.imo,
      voyage_number: leg.voyageNumber,
      departure_port_id: leg.from.id,
      arrival_port_id: leg.to.id,
    });
    expect(vessel.properties.vessel_location_speed).toBeLessThanOrEqual(30);
    const position = vessel.geometry.coordinates;

    const partial = ofType(body, 'estimated_partial_leg');
    expect(partial.length).toBeGreaterThanOrEqual(1);
    expect(partial[0]?.geometry.coordinates[0]).toEqual(position);
    const track = ofType(body, 'past_vessel_locations').filter(
      (f) =>
        f.properties.feature_type === 'past_vessel_locations' && f.properties.ports_sequence === sequence,
    );
    expect(track.at(-1)?.geometry.coordinates.at(-1)).toEqual(position);

    // The leg crosses the antimeridian: one part ends on one side of it, the next starts on the other.
    const lines = [...track, ...partial].map((f) => f.geometry.coordinates as Array<[number, number]>);
    const ends = lines.map((line) => Math.abs(line.at(-1)?.[0] ?? 0));
    const starts = lines.map((line) => Math.abs(line[0]?.[0] ?? 0));
    expect(ends).toContain(180);
    expect(starts).toContain(180);
    // Legs before this one are done (past), those after it not started (estimated in full).
    for (const feature of ofType(body, 'estimated_full_legs'))
      if (feature.properties.feature_type === 'estimated_full_legs')
        expect(feature.properties.ports_sequence).toBeGreaterThan(sequence);
  });

  test('after arrival: no vessel, every leg a past track with its actual times', async () => {
    const lastArrival = Math.max(
      ...[waiting.journey, sailing.journey].map((journey) => journey.legs.at(-1)?.arriveAt ?? 0),
    );
    h.clock.set(lastArrival + PLAY_INTERVAL_MS);
    const body = await mapOf(waiting.id);
    expectWellFormed(body);
    expect(ofType(body, 'current_vessel')).toEqual([]);
    expect(ofType(body, 'estimated_full_legs')).toEqual([]);
    expect(ofType(body, 'estimated_partial_leg')).toEqual([]);
    const past = ofType(body, 'past_vessel_locations');
    const sequences = new Set(
      past.map((f) => f.properties.feature_type === 'past_vessel_locations' && f.properties.ports_sequence),
    );
    expect([...sequences].sort()).toEqual(waiting.journey.legs.map((_, index) => index + 1));
    const pod = ofType(body, 'port').at(-1)?.properties;
    expect(pod).toMatchObject({ label: 'POD', outbound_etd_at: null });
    if (pod?.feature_type === 'port') expect(pod.inbound_ata_at).not.toBeNull();
  });

  test('403 without the routing feature; 404 for another account’s container', async () => {
    const unpaid = await h.account('no-routing', ['refresh']);
    const forbidden = await map(waiting.id, unpaid);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({
      errors: [
        { status: '403', title: 'Forbidden', detail: 'Routing data feature is not enabled for this account' },
      ],
    });
    const other = await h.account('other', ['routing']);
    expect((await map(waiting.id, other)).status).toBe(404);
    expect((await h.api(`/v2/containers/${waiting.id}/route`, { key: unpaid })).status).toBe(403);
  });
});

describe('GET /containers/{id}/route', () => {
  test('the route with its locations in order, their ports and vessels, as the SDK asks', async () => {
    const response = await h.api(`/v2/containers/${waiting.id}/route?include=port,vessel,route_location`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: ApiResource; included: ApiResource[] };
    expect(body.data.type).toBe('route');
    const refs = body.data.relationships?.route_locations?.data;
    if (!Array.isArray(refs)) throw new Error('no route_locations');
    const { stops, legs } = waiting.journey;
    expect(refs).toHaveLength(stops.length);
    const find = (type: string, id: string) => body.included.find((r) => r.type === type && r.id === id);
    const locations = refs.map((ref) => find('route_location', ref.id));
    for (const [index, location] of locations.entries()) {
      if (location === undefined) throw new Error(`route location ${index} not included`);
      const port = location.relationships?.location?.data;
      if (port === null || port === undefined || Array.isArray(port)) throw new Error('no location');
      expect(find('port', port.id)?.attributes.code).toBe(stops[index]?.port.locode);
      // The SDK's route mapper reads the port under `port`, the upstream fixture under `location`.
      expect(location.relationships?.port?.data).toEqual(port);
      const inbound = legs[index - 1];
      const outbound = legs[index];
      expect(location.attributes).toMatchObject({
        inbound_scac: inbound === undefined ? null : SCAC,
        inbound_mode: inbound === undefined ? null : 'vessel',
        inbound_voyage_number: inbound?.voyageNumber ?? null,
        outbound_scac: outbound === undefined ? null : SCAC,
        outbound_voyage_number: outbound?.voyageNumber ?? null,
      });
      const outVessel = location.relationships?.outbound_vessel?.data;
      if (outbound === undefined) expect(outVessel).toBeNull();
      else if (outVessel !== null && outVessel !== undefined && !Array.isArray(outVessel))
        expect(find('vessel', outVessel.id)?.attributes.imo).toBe(outbound.vessel.imo);
      else throw new Error('no outbound vessel');
    }
    // Times have passed by now (the test before moved the clock past the arrival): actuals are set.
    expect(locations.at(-1)?.attributes.inbound_ata_at).not.toBeNull();
  });

  test('an unknown include is a 400', async () => {
    expect((await h.api(`/v2/containers/${waiting.id}/route?include=nothing`)).status).toBe(400);
  });
});
