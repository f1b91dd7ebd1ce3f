/** [longitude, latitude] in degrees, the GeoJSON order. */
export type LonLat = readonly [number, number];

export interface SeaLeg {
  /** The path from one port to the next, [lon, lat] points, first and last at the ports. */
  readonly coordinates: ReadonlyArray<readonly [number, number]>;
  /** Length of that path in nautical miles: what a vessel sails, so what its speed is computed from. */
  readonly distanceNm: number;
}

/** Finds the sea path between two ports; the journey planner takes one so routing can be swapped. */
export interface SeaRouter {
  leg(from: LonLat, to: LonLat): SeaLeg;
}

const EARTH_RADIUS_NM = 3440.065;
const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in nautical miles (haversine): the shortest any sea path can be. */
export function greatCircleNm(from: LonLat, to: LonLat): number {
  const [lon1, lat1] = from;
  const [lon2, lat2] = to;
  const dLat = toRadians(lat2 - lat1);
  const dLon = toRadians(lon2 - lon1);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * A straight great-circle "route" whose distance is multiplied by `detourFactor`. Its lines may cross land:
 * the service routes on the sea-lane network (`src/service/maps/sea-legs.ts`); this one is for tests that
 * need journeys without loading the network.
 */
export function greatCircleRouter(detourFactor = 1): SeaRouter {
  return {
    leg: (from, to) => ({
      coordinates: [
        [from[0], from[1]],
        [to[0], to[1]],
      ],
      distanceNm: greatCircleNm(from, to) * detourFactor,
    }),
  };
}
