import { wrapLongitude } from '../../domain/geo/geodesy.ts';
import type { SeaLegFn } from '../../domain/geo/sea-router.ts';
import { greatCircleNm, type LonLat } from '../../domain/tracking/sea-router.ts';
import { bearing } from '../../domain/tracking/vessel-position.ts';

/** One estimated position, as the upstream's `positions[]` item. */
export interface FuturePosition {
  readonly latitude: number;
  readonly longitude: number;
  readonly timestamp: string;
  readonly estimated: true;
  readonly heading: number | null;
}

/** The upstream spaces estimated positions one minute apart. */
export const POSITION_SPACING_MS = 60_000;
/** The sandbox's service speed for a forecast leg: the middle of the 14 to 19 knots its journeys sail. */
export const FORECAST_SPEED_KN = 16.5;
/**
 * At most this many positions (30 days at one a minute, a few MB of JSON): longer than any single ocean leg
 * at service speed, and a bound on what one request can make the service build.
 */
export const MAX_FUTURE_POSITIONS = 43_200;

/**
 * The positions of a vessel sailing from `from` to `to` on the sea lanes at `speedKn`, one a minute from
 * `startAt` until it arrives (the arrival itself last). Longitudes come back wrapped to ±180.
 */
export function forecastPositions(
  from: LonLat,
  to: LonLat,
  startAt: number,
  seaLeg: SeaLegFn,
  speedKn: number = FORECAST_SPEED_KN,
): FuturePosition[] {
  const path = seaLeg(from, to).coordinates.map(([lon, lat]): LonLat => [lon, lat]);
  const segments = path.slice(1).map((end, index) => {
    const start = path[index] as LonLat;
    return { start, end, nm: greatCircleNm(start, end) };
  });
  const totalNm = segments.reduce((sum, segment) => sum + segment.nm, 0);
  const nmPerStep = (speedKn * POSITION_SPACING_MS) / 3_600_000;
  const steps = Math.min(MAX_FUTURE_POSITIONS - 1, Math.ceil(totalNm / nmPerStep));
  const positions: FuturePosition[] = [];
  let segmentIndex = 0;
  let segmentStartNm = 0;
  for (let step = 0; step <= steps; step += 1) {
    const sailed = Math.min(totalNm, step * nmPerStep);
    while (
      segmentIndex < segments.length - 1 &&
      sailed > segmentStartNm + (segments[segmentIndex]?.nm ?? 0)
    ) {
      segmentStartNm += segments[segmentIndex]?.nm ?? 0;
      segmentIndex += 1;
    }
    const segment = segments[segmentIndex];
    const point: LonLat =
      segment === undefined
        ? from
        : interpolate(
            segment.start,
            segment.end,
            segment.nm === 0 ? 1 : (sailed - segmentStartNm) / segment.nm,
          );
    positions.push({
      latitude: point[1],
      longitude: wrapLongitude(point[0]),
      timestamp: new Date(startAt + step * POSITION_SPACING_MS).toISOString(),
      estimated: true,
      heading:
        segment === undefined || segment.nm === 0 ? null : Math.round(bearing(segment.start, segment.end)),
    });
  }
  return positions;
}

const interpolate = (start: LonLat, end: LonLat, fraction: number): LonLat => {
  const f = Math.max(0, Math.min(1, fraction));
  return [start[0] + (end[0] - start[0]) * f, start[1] + (end[1] - start[1]) * f];
};
