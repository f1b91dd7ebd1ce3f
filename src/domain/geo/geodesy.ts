/** Longitude/latitude in degrees, GeoJSON order. */
export type LonLat = readonly [number, number];

const EARTH_RADIUS_KM = 6371.0088;
export const KM_PER_NAUTICAL_MILE = 1.852;

const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in km; any longitudes (unwrapped ones past ±180 too). */
export function haversineKm(a: LonLat, b: LonLat): number {
  const dLat = radians(b[1] - a[1]);
  const dLon = radians(b[0] - a[0]);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a[1])) * Math.cos(radians(b[1])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial great-circle bearing from a to b, degrees clockwise from north in [0, 360). */
export function bearingDegrees(a: LonLat, b: LonLat): number {
  const [lon1, lat1] = [radians(a[0]), radians(a[1])];
  const [lon2, lat2] = [radians(b[0]), radians(b[1])];
  const y = Math.sin(lon2 - lon1) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(lon2 - lon1);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/** The same longitude in [-180, 180). */
export function wrapLongitude(lon: number): number {
  const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180;
  return wrapped === 0 ? 0 : wrapped;
}

/**
 * Makes a path continuous: each longitude is moved by whole turns to within 180° of the one before, so a
 * Pacific crossing goes 179 → 181 instead of jumping to -179.
 */
export function unwrapPath(path: readonly LonLat[]): LonLat[] {
  const out: LonLat[] = [];
  for (const [lon, lat] of path) {
    const previous = out.at(-1);
    if (previous === undefined) {
      out.push([lon, lat]);
      continue;
    }
    let next = lon;
    while (next - previous[0] > 180) next -= 360;
    while (next - previous[0] < -180) next += 360;
    out.push([next, lat]);
  }
  return out;
}

/**
 * Splits a continuous (unwrapped) path where it crosses ±180°, into parts whose longitudes all lie in
 * [-180, 180] (RFC 7946 §3.1.9). The crossing point is interpolated and ends one part and starts the next.
 */
export function splitAtAntimeridian(path: readonly LonLat[]): LonLat[][] {
  const parts: LonLat[][] = [];
  let current: LonLat[] = [];
  let shift = 0;
  for (const [index, point] of path.entries()) {
    const previous = index > 0 ? path[index - 1] : undefined;
    if (previous !== undefined) {
      // The meridian (an odd multiple of 180) between the two points, if any.
      const turnsBefore = Math.floor((previous[0] + 180) / 360);
      const turnsAfter = Math.floor((point[0] + 180) / 360);
      if (turnsBefore !== turnsAfter) {
        const meridian = Math.max(turnsBefore, turnsAfter) * 360 - 180;
        const t = (meridian - previous[0]) / (point[0] - previous[0]);
        const lat = previous[1] + t * (point[1] - previous[1]);
        const east = point[0] > previous[0];
        current.push([east ? 180 : -180, lat]);
        if (current.length >= 2) parts.push(current);
        current = [[east ? -180 : 180, lat]];
        shift = turnsAfter * 360;
      }
    } else {
      shift = Math.floor((point[0] + 180) / 360) * 360;
    }
    const lon = point[0] - shift;
    const last = current.at(-1);
    if (last === undefined || last[0] !== lon || last[1] !== point[1]) current.push([lon, point[1]]);
  }
  if (current.length >= 2) parts.push(current);
  return parts;
}
