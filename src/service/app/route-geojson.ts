import { z } from 'zod';
import { AppError } from '../../domain/errors.ts';

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
