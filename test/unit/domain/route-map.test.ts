import { describe, expect, it } from 'vitest';
import { type RouteMapFeature, routeMapGeoJson } from '../../../src/contract/route-map.ts';
import type { RouteMapInput, RouteMapLeg, RouteMapPort } from '../../../src/domain/geo/route-map-input.ts';
import { routeMap, seaLeg } from '../../../src/service/maps/sea-legs.ts';
import { longestLandRunKm } from '../../support/geo/land.ts';
import { port } from './geo-fixtures.ts';

const HOUR = 3_600_000;
const SERVICE_SPEED_KN = 18;
const PORT_STAY_HOURS = 24;
const START = Date.UTC(2026, 0, 5, 8);

/** Rotterdam → Singapore → Shanghai → Los Angeles at 18 kn with a day in each port; actual times up to `now`. */
function journey(now: number, vessel: RouteMapLeg['vessel'] = null): RouteMapInput {
  const calls = ['NLRTM', 'SGSIN', 'CNSHA', 'USLAX'];
  const ports: RouteMapPort[] = [];
  let departure = START;
  for (const [index, locode] of calls.entries()) {
    const previous = ports.at(-1);
    const here = port(locode);
    let arrival: number | null = null;
    if (previous !== undefined) {
      const hours = seaLeg(previous.coordinates, here.coordinates).distanceNm / SERVICE_SPEED_KN;
      arrival = departure + hours * HOUR;
      departure = arrival + PORT_STAY_HOURS * HOUR;
    }
    const last = index === calls.length - 1;
    const date = (t: number | null) => (t === null ? null : new Date(t));
    ports.push({
      ...here,
      inboundEtaAt: date(arrival),
      inboundAtaAt: arrival !== null && arrival <= now ? date(arrival) : null,
      outboundEtdAt: last ? null : date(departure),
      outboundAtdAt: !last && departure <= now ? date(departure) : null,
    });
  }
  const legs = calls.slice(1).map((_, i) => ({
    vessel: vessel === null ? null : { ...vessel, id: `${vessel.id}-${i + 1}` },
    voyageNumber: `0${i + 1}E`,
  }));
  return { ports, legs, updatedAt: new Date(START) };
}

const VESSEL = { id: 'vessel', name: 'SANDBOX STAR', imo: '9999995' };
const ofType = <T extends RouteMapFeature['properties']['feature_type']>(
  features: RouteMapFeature[],
  type: T,
) => features.filter((f) => f.properties.feature_type === type);
const timeOf = (
  input: RouteMapInput,
  index: number,
  key: 'inboundAtaAt' | 'inboundEtaAt' | 'outboundEtdAt',
) => input.ports[index]?.[key]?.getTime() ?? Number.NaN;

const line = (feature: RouteMapFeature | undefined): Array<[number, number]> => {
  if (feature?.geometry.type !== 'LineString') throw new Error('expected a LineString feature');
  return feature.geometry.coordinates;
};

function checkShape(features: RouteMapFeature[]): void {
  routeMapGeoJson.parse({ type: 'FeatureCollection', features });
  for (const feature of features) {
    if (feature.geometry.type !== 'LineString') continue;
    expect('point_count' in feature.properties && feature.properties.point_count).toBe(
      feature.geometry.coordinates.length,
    );
  }
}

describe('route map', () => {
  it('is empty without a route', () => {
    expect(routeMap({ ports: [port('NLRTM')], legs: [], updatedAt: null }, new Date(START))).toEqual({
      type: 'FeatureCollection',
      features: [],
    });
  });

  it('before departure: the ports with their labels and every leg estimated in full, split at ±180', () => {
    const input = journey(START - HOUR, VESSEL);
    const { features } = routeMap(input, new Date(START - HOUR));
    checkShape(features);
    const ports = ofType(features, 'port');
    expect(ports.map((f) => f.properties.feature_type === 'port' && f.properties.label)).toEqual([
      'POL',
      'TS1',
      'TS2',
      'POD',
    ]);
    expect(ofType(features, 'current_vessel')).toEqual([]);
    const legs = ofType(features, 'estimated_full_legs');
    // Shanghai → Los Angeles crosses the antimeridian: two parts.
    expect(legs.map((f) => f.properties.ports_sequence)).toEqual([1, 2, 3, 3]);
    const pacific = legs.filter((f) => f.properties.ports_sequence === 3);
    expect(line(pacific[0]).at(-1)?.[0]).toBe(180);
    expect(line(pacific[1])[0]?.[0]).toBe(-180);
  });

  it('at sea on the Pacific leg: the track so far, the vessel, and the rest of the way from its position', () => {
    const plan = journey(0);
    const departed = timeOf(plan, 2, 'outboundEtdAt');
    const arriving = timeOf(plan, 3, 'inboundEtaAt');
    const now = departed + (arriving - departed) * 0.45;
    const input = journey(now, VESSEL);
    const { features } = routeMap(input, new Date(now));
    checkShape(features);
    const vessels = ofType(features, 'current_vessel');
    expect(vessels).toHaveLength(1);
    const vessel = vessels[0];
    if (vessel?.properties.feature_type !== 'current_vessel' || vessel.geometry.type !== 'Point')
      throw new Error();
    expect(vessel.properties).toMatchObject({
      ports_sequence: 3,
      vessel_name: 'SANDBOX STAR',
      departure_port_label: 'TS2',
      arrival_port_label: 'POD',
      voyage_number: '03E',
    });
    expect(vessel.properties.vessel_location_speed).toBeCloseTo(SERVICE_SPEED_KN, 0);
    expect(vessel.properties.vessel_location_speed ?? 99).toBeLessThanOrEqual(30);
    // Mid-Pacific, well away from both coasts.
    const [lon, lat] = vessel.geometry.coordinates;
    expect(Math.abs(lon)).toBeGreaterThan(150);
    expect(lat).toBeGreaterThan(20);

    const partial = ofType(features, 'estimated_partial_leg');
    expect(partial.length).toBeGreaterThan(0);
    expect(partial[0]?.geometry.coordinates[0]).toEqual(vessel.geometry.coordinates);
    expect(ofType(features, 'estimated_full_legs')).toEqual([]);
    const past = ofType(features, 'past_vessel_locations');
    expect(new Set(past.map((f) => f.properties.ports_sequence))).toEqual(new Set([1, 2, 3]));
    for (const feature of [...past, ...partial]) {
      if (feature.geometry.type !== 'LineString') continue;
      expect(longestLandRunKm(feature.geometry.coordinates, 10, 60)).toBeLessThanOrEqual(30);
    }
  });

  it('draws no vessel once it has arrived, and only planned legs when no vessel is named', () => {
    const plan = journey(0);
    const arrived = timeOf(plan, 3, 'inboundEtaAt') + HOUR;
    const done = routeMap(journey(arrived, VESSEL), new Date(arrived));
    checkShape(done.features);
    expect(ofType(done.features, 'current_vessel')).toEqual([]);
    expect(ofType(done.features, 'estimated_partial_leg')).toEqual([]);
    expect(ofType(done.features, 'past_vessel_locations').length).toBeGreaterThanOrEqual(3);

    const atSea = timeOf(plan, 1, 'inboundEtaAt') - 48 * HOUR;
    const unnamed = routeMap(journey(atSea), new Date(atSea));
    checkShape(unnamed.features);
    expect(ofType(unnamed.features, 'current_vessel')).toEqual([]);
    // Without a vessel every leg is drawn as planned, so the map still shows the whole route.
    expect(
      new Set(ofType(unnamed.features, 'estimated_full_legs').map((f) => f.properties.ports_sequence)),
    ).toEqual(new Set([1, 2, 3]));
  });

  it('schedules legs at speeds ships sail', () => {
    const input = journey(0);
    for (let i = 1; i < input.ports.length; i += 1) {
      const from = input.ports[i - 1];
      const to = input.ports[i];
      if (from === undefined || to === undefined) throw new Error();
      const hours = (timeOf(input, i, 'inboundEtaAt') - timeOf(input, i - 1, 'outboundEtdAt')) / HOUR;
      const knots = seaLeg(from.coordinates, to.coordinates).distanceNm / hours;
      expect(knots).toBeGreaterThan(8);
      expect(knots).toBeLessThanOrEqual(30);
    }
  });
});
