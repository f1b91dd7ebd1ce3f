import type { Journey, JourneyLeg } from './sandbox-journey.ts';
import { greatCircleNm, type LonLat } from './sea-router.ts';

export interface VesselPosition {
  /** Index of the leg being sailed in `journey.legs` (0: POL to the next port). */
  readonly legIndex: number;
  readonly leg: JourneyLeg;
  /**
   * [lon, lat] on the leg's path. Sea legs keep longitudes continuous across ±180° (a trans-Pacific leg
   * runs past 180), so this and `sailed`/`remaining` may too; the route map wraps and splits them.
   */
  readonly coordinates: [number, number];
  /** Course over ground in degrees, 0 to 360 (0 is north). */
  readonly heading: number;
  /** The leg's average speed in knots. */
  readonly speedKn: number;
  /** Points of the leg's path already sailed, ending at `coordinates`; the rest of the leg starts there. */
  readonly sailed: Array<[number, number]>;
  readonly remaining: Array<[number, number]>;
}

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Initial great-circle bearing from `from` to `to`, in degrees 0 to 360. */
export function bearing(from: LonLat, to: LonLat): number {
  const [lon1, lat1] = [toRadians(from[0]), toRadians(from[1])];
  const [lon2, lat2] = [toRadians(to[0]), toRadians(to[1])];
  const y = Math.sin(lon2 - lon1) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(lon2 - lon1);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/**
 * Where the container's vessel is at `now`: only while a leg is being sailed (undefined in port, before
 * the first departure and after the last arrival). The position moves along the leg's path at a constant
 * speed, in proportion to the time elapsed.
 */
export function vesselPositionAt(journey: Journey, now: number): VesselPosition | undefined {
  const legIndex = journey.legs.findIndex((leg) => leg.departAt <= now && now < leg.arriveAt);
  const leg = journey.legs[legIndex];
  if (leg === undefined) return undefined;
  const path = leg.coordinates.map(([lon, lat]) => [lon, lat] as [number, number]);
  const lengths = path.slice(1).map((point, index) => greatCircleNm(path[index] as LonLat, point));
  const total = lengths.reduce((sum, length) => sum + length, 0);
  let target = (total * (now - leg.departAt)) / (leg.arriveAt - leg.departAt);
  const hours = (leg.arriveAt - leg.departAt) / 3_600_000;
  for (const [index, length] of lengths.entries()) {
    const start = path[index] as [number, number];
    const end = path[index + 1] as [number, number];
    if (target <= length || index === lengths.length - 1) {
      const fraction = length === 0 ? 0 : Math.min(1, target / length);
      const here: [number, number] = [
        start[0] + (end[0] - start[0]) * fraction,
        start[1] + (end[1] - start[1]) * fraction,
      ];
      return {
        legIndex,
        leg,
        coordinates: here,
        heading: bearing(start, end),
        speedKn: leg.distanceNm / hours,
        sailed: [...path.slice(0, index + 1), here],
        remaining: [here, ...path.slice(index + 1)],
      };
    }
    target -= length;
  }
  return undefined;
}
