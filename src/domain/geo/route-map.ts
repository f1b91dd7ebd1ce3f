import { simplify } from '@turf/simplify';
import type { RouteMapFeature, RouteMapGeoJson } from '../../contract/route-map.ts';
import { bearingDegrees, haversineKm, type LonLat, splitAtAntimeridian, wrapLongitude } from './geodesy.ts';
import type { RouteMapInput, RouteMapLeg, RouteMapPort } from './route-map-input.ts';
import type { SeaLegFn } from './sea-router.ts';

/** Douglas-Peucker tolerance in degrees (about 5 km): the default map zoom shows nothing finer. */
export const SIMPLIFY_TOLERANCE_DEGREES = 0.05;
const MS_PER_HOUR = 3_600_000;

const iso = (date: Date | null): string | null =>
  date === null ? null : `${date.toISOString().slice(0, 19)}Z`;
const isoNow = (date: Date): string => `${date.toISOString().slice(0, 19)}Z`;
const round = (value: number): number => Math.round(value * 1e6) / 1e6;
const point = ([lon, lat]: LonLat): [number, number] => [round(wrapLongitude(lon)), round(lat)];

const label = (index: number, total: number): string =>
  index === 0 ? 'POL' : index === total - 1 ? 'POD' : `TS${index}`;

const reached = (at: Date | null, now: Date): boolean => at !== null && at.getTime() <= now.getTime();

/**
 * The container's route map (reference §5.1): a Point per port, and per leg either the vessel's past
 * track (leg done), its track so far, current position and the rest of the way (at sea), or the whole
 * estimated leg (not started). Legs are routed on the sea-lane network, simplified, split at ±180°.
 */
export function buildRouteMap(input: RouteMapInput, now: Date, seaLeg: SeaLegFn): RouteMapGeoJson {
  const { ports } = input;
  if (ports.length < 2 || input.legs.length !== ports.length - 1) {
    return { type: 'FeatureCollection', features: [] };
  }
  const features: RouteMapFeature[] = [];
  for (const [index, port] of ports.entries()) {
    features.push(portFeature(port, index, ports.length, input.updatedAt));
    const next = ports[index + 1];
    const leg = input.legs[index];
    if (next === undefined || leg === undefined) continue;
    features.push(
      ...legFeatures({ from: port, to: next, leg, sequence: index + 1, total: ports.length, now, seaLeg }),
    );
  }
  return { type: 'FeatureCollection', features };
}

function portFeature(
  port: RouteMapPort,
  index: number,
  total: number,
  updatedAt: Date | null,
): RouteMapFeature {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: point(port.coordinates) },
    properties: {
      feature_type: 'port',
      ports_sequence: index + 1,
      ports_total: total,
      location_id: port.id,
      location_type: 'Port',
      name: port.name,
      state_abbr: port.stateAbbr,
      state: port.state,
      country_code: port.countryCode,
      country: port.country,
      time_zone: port.timeZone,
      label: label(index, total),
      inbound_eta_at: iso(port.inboundEtaAt),
      inbound_ata_at: iso(port.inboundAtaAt),
      outbound_etd_at: iso(port.outboundEtdAt),
      outbound_atd_at: iso(port.outboundAtdAt),
      updated_at: iso(updatedAt),
    },
  };
}

interface LegContext {
  readonly from: RouteMapPort;
  readonly to: RouteMapPort;
  readonly leg: RouteMapLeg;
  /** ports_sequence of the departure port. */
  readonly sequence: number;
  readonly total: number;
  readonly now: Date;
  readonly seaLeg: SeaLegFn;
}

function legFeatures(context: LegContext): RouteMapFeature[] {
  const { from, to, leg, sequence, now } = context;
  const route = context.seaLeg(from.coordinates, to.coordinates);
  const departed = reached(from.outboundAtdAt, now);
  const arrived = reached(to.inboundAtaAt, now);
  const vessel = leg.vessel;

  // Not started, or no vessel named to draw a track for: the whole leg as planned.
  if (!departed || vessel === null) {
    return lines(route.coordinates, (count) => ({
      feature_type: 'estimated_full_legs',
      ports_sequence: sequence,
      previous_port_id: from.id,
      next_port_id: to.id,
      point_count: count,
    }));
  }
  const departedAt = from.outboundAtdAt ?? now;
  if (arrived) {
    return lines(route.coordinates, (count) => ({
      feature_type: 'past_vessel_locations',
      ports_sequence: sequence,
      vessel_id: vessel.id,
      start_time: isoNow(departedAt),
      end_time: isoNow(to.inboundAtaAt ?? now),
      point_count: count,
      outbound_atd_at: iso(from.outboundAtdAt),
      inbound_ata_at: iso(to.inboundAtaAt),
      inbound_eta_at: iso(to.inboundEtaAt),
    }));
  }

  // At sea: the position is interpolated by time along the routed leg, departure to ETA.
  const arrivalAt = to.inboundEtaAt ?? new Date(departedAt.getTime() + MS_PER_HOUR);
  const spanMs = Math.max(1, arrivalAt.getTime() - departedAt.getTime());
  const share = Math.min(1, Math.max(0, (now.getTime() - departedAt.getTime()) / spanMs));
  const { before, after, position, heading } = cutAt(route.coordinates, share);
  const speedKn = route.distanceNm / (spanMs / MS_PER_HOUR);
  const features: RouteMapFeature[] = [
    ...lines(before, (count) => ({
      feature_type: 'past_vessel_locations',
      ports_sequence: sequence,
      vessel_id: vessel.id,
      start_time: isoNow(departedAt),
      end_time: isoNow(now),
      point_count: count,
      outbound_atd_at: iso(from.outboundAtdAt),
      inbound_ata_at: null,
      inbound_eta_at: iso(to.inboundEtaAt),
    })),
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: point(position) },
      properties: currentVessel(context, vessel, heading, speedKn),
    },
    ...lines(after, (count) => ({
      feature_type: 'estimated_partial_leg',
      ports_sequence: sequence,
      current_port_id: from.id,
      next_port_id: to.id,
      point_count: count,
    })),
  ];
  return features;
}

function currentVessel(
  context: LegContext,
  vessel: NonNullable<RouteMapLeg['vessel']>,
  heading: number,
  speedKn: number,
): Extract<RouteMapFeature['properties'], { feature_type: 'current_vessel' }> {
  const { from, to, sequence, total, now, leg } = context;
  return {
    feature_type: 'current_vessel',
    ports_sequence: sequence,
    vessel_id: vessel.id,
    vessel_name: vessel.name,
    vessel_imo: vessel.imo,
    voyage_number: leg.voyageNumber,
    vessel_location_timestamp: isoNow(now),
    vessel_location_heading: Math.round(heading),
    vessel_location_speed: Math.round(speedKn * 10) / 10,
    departure_port_id: from.id,
    departure_port_name: from.name,
    departure_port_state_abbr: from.stateAbbr,
    departure_port_state: from.state,
    departure_port_country_code: from.countryCode,
    departure_port_country: from.country,
    departure_port_label: label(sequence - 1, total),
    departure_port_atd: iso(from.outboundAtdAt),
    departure_port_time_zone: from.timeZone,
    arrival_port_id: to.id,
    arrival_port_name: to.name,
    arrival_port_state_abbr: to.stateAbbr,
    arrival_port_state: to.state,
    arrival_port_country_code: to.countryCode,
    arrival_port_country: to.country,
    arrival_port_label: label(sequence, total),
    arrival_port_eta: iso(to.inboundEtaAt),
    arrival_port_time_zone: to.timeZone,
  };
}

type LineProperties = Extract<
  RouteMapFeature['properties'],
  { feature_type: 'past_vessel_locations' | 'estimated_full_legs' | 'estimated_partial_leg' }
>;

/**
 * A continuous path as LineString features: simplified first, then split where it crosses ±180°, one
 * feature per part, each with the point count of its own coordinates.
 */
function lines(
  path: readonly LonLat[],
  properties: (pointCount: number) => LineProperties,
): RouteMapFeature[] {
  if (path.length < 2) return [];
  const simplified = simplify(
    { type: 'LineString', coordinates: path.map(([lon, lat]) => [lon, lat]) },
    { tolerance: SIMPLIFY_TOLERANCE_DEGREES, highQuality: true },
  ).coordinates.map(([lon, lat]): LonLat => [lon ?? 0, lat ?? 0]);
  return splitAtAntimeridian(simplified).flatMap((part) => {
    const coordinates = dropRepeats(part.map(([lon, lat]): [number, number] => [round(lon), round(lat)]));
    if (coordinates.length < 2) return [];
    // Typed per feature type: each LineString feature carries the properties its type defines.
    return [
      {
        type: 'Feature',
        geometry: { type: 'LineString', coordinates },
        properties: properties(coordinates.length),
      } as RouteMapFeature,
    ];
  });
}

const dropRepeats = (coordinates: Array<[number, number]>): Array<[number, number]> =>
  coordinates.filter(
    (c, i) => i === 0 || c[0] !== coordinates[i - 1]?.[0] || c[1] !== coordinates[i - 1]?.[1],
  );

/** Splits a path at a share of its length: the part behind, the part ahead, the point and the heading there. */
function cutAt(
  path: readonly LonLat[],
  share: number,
): { before: LonLat[]; after: LonLat[]; position: LonLat; heading: number } {
  const lengths = [0];
  for (let i = 1; i < path.length; i += 1) {
    const a = path[i - 1];
    const b = path[i];
    lengths.push((lengths[i - 1] ?? 0) + (a !== undefined && b !== undefined ? haversineKm(a, b) : 0));
  }
  const target = share * (lengths.at(-1) ?? 0);
  let segment = 1;
  while (segment < path.length - 1 && (lengths[segment] ?? 0) < target) segment += 1;
  const a = path[segment - 1] ?? path[0] ?? [0, 0];
  const b = path[segment] ?? a;
  const span = (lengths[segment] ?? 0) - (lengths[segment - 1] ?? 0);
  const t = span > 0 ? (target - (lengths[segment - 1] ?? 0)) / span : 0;
  const position: LonLat = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
  return {
    before: [...path.slice(0, segment), position],
    after: [position, ...path.slice(segment)],
    position,
    heading: bearingDegrees(a, b),
  };
}
