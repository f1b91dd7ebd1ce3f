import { z } from 'zod';
import { AppError } from '../../domain/errors.ts';
import type { Journey } from '../../domain/tracking/sandbox-journey.ts';
import { vesselPositionAt } from '../../domain/tracking/vessel-position.ts';

/** [longitude, latitude], WGS84, as GeoJSON orders them. */
export type Position = readonly [number, number];

export type RouteGeometry =
  | { readonly type: 'Point'; readonly coordinates: Position }
  | { readonly type: 'LineString'; readonly coordinates: readonly Position[] };

export interface RouteFeature {
  readonly type: 'Feature';
  readonly geometry: RouteGeometry;
  /** `feature_type` is one of the map GeoJSON's: port, current_vessel, past_vessel_locations, estimated_*. */
  readonly properties: Readonly<Record<string, unknown>> & { readonly feature_type: string };
}

/** The shape of `GET /containers/{id}/map_geojson` (reference §5.1), which the map renderer draws. */
export interface RouteFeatureCollection {
  readonly type: 'FeatureCollection';
  readonly features: readonly RouteFeature[];
}

const iso = (at: number | null): string | null => (at === null ? null : new Date(at).toISOString());
const copy = (path: ReadonlyArray<readonly [number, number]>): Position[] =>
  path.map(([lon, lat]) => [lon, lat]);

/**
 * The map GeoJSON of a journey at `now`, built from the journey the service plans: port stops, sailed legs
 * as past locations, the leg being sailed split at the vessel, the legs ahead as estimates. A stand-in
 * for the map builder behind `GET /containers/{id}/map_geojson`, whose output the page will take instead.
 */
export function journeyRouteGeoJson(journey: Journey, now: number): RouteFeatureCollection {
  const total = journey.stops.length;
  const ports: RouteFeature[] = journey.stops.map((stop, index) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [stop.port.longitude, stop.port.latitude] },
    properties: {
      feature_type: 'port',
      ports_sequence: index + 1,
      ports_total: total,
      label: stop.label,
      name: stop.port.name,
      country_code: stop.port.countryCode,
      inbound_eta_at: iso(stop.arrivalAt),
      inbound_ata_at: stop.arrivalAt !== null && stop.arrivalAt <= now ? iso(stop.arrivalAt) : null,
      outbound_etd_at: iso(stop.departureAt),
      outbound_atd_at: stop.departureAt !== null && stop.departureAt <= now ? iso(stop.departureAt) : null,
    },
  }));
  const position = vesselPositionAt(journey, now);
  const lines: RouteFeature[] = [];
  for (const [index, leg] of journey.legs.entries()) {
    const sequence = index + 1;
    if (leg.arriveAt <= now) {
      lines.push({
        type: 'Feature',
        geometry: { type: 'LineString', coordinates: copy(leg.coordinates) },
        properties: {
          feature_type: 'past_vessel_locations',
          ports_sequence: sequence,
          vessel_id: leg.vessel.id,
        },
      });
    } else if (position !== undefined && position.legIndex === index) {
      lines.push(
        {
          type: 'Feature',
          geometry: { type: 'LineString', coordinates: copy(position.sailed) },
          properties: {
            feature_type: 'past_vessel_locations',
            ports_sequence: sequence,
            vessel_id: leg.vessel.id,
          },
        },
        {
          type: 'Feature',
          geometry: { type: 'LineString', coordinates: copy(position.remaining) },
          properties: { feature_type: 'estimated_partial_leg', ports_sequence: sequence },
        },
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: position.coordinates },
          properties: {
            feature_type: 'current_vessel',
            ports_sequence: sequence,
            vessel_name: leg.vessel.name,
            voyage_number: leg.voyageNumber,
            vessel_location_heading: Math.round(position.heading),
          },
        },
      );
    } else {
      lines.push({
        type: 'Feature',
        geometry: { type: 'LineString', coordinates: copy(leg.coordinates) },
        properties: { feature_type: 'estimated_full_legs', ports_sequence: sequence },
      });
    }
  }
  return { type: 'FeatureCollection', features: [...lines, ...ports] };
}

const position = z.tuple([z.number(), z.number()]).rest(z.number());
const routeGeoJson = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: z.discriminatedUnion('type', [
        z.object({ type: z.literal('Point'), coordinates: position }),
        z.object({ type: z.literal('LineString'), coordinates: z.array(position) }),
      ]),
      properties: z.looseObject({ feature_type: z.string() }),
    }),
  ),
});

/**
 * A map GeoJSON body as the renderer takes it (the `map_geojson` endpoint's, or the upstream's): positions
 * cut to [lon, lat] (an altitude is dropped); anything else is an AppError naming the first problem.
 */
export function readRouteGeoJson(body: unknown): RouteFeatureCollection {
  const parsed = routeGeoJson.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(
      'invalid_route_geojson',
      `not a route FeatureCollection: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
    );
  }
  const lonLat = (point: readonly number[]): Position => [point[0] ?? 0, point[1] ?? 0];
  return {
    type: 'FeatureCollection',
    features: parsed.data.features.map(({ geometry, properties }) => ({
      type: 'Feature',
      geometry:
        geometry.type === 'Point'
          ? { type: 'Point', coordinates: lonLat(geometry.coordinates) }
          : { type: 'LineString', coordinates: geometry.coordinates.map(lonLat) },
      properties,
    })),
  };
}
