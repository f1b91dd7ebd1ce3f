import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { haversineKm, type LonLat, wrapLongitude } from '../../../src/domain/geo/geodesy.ts';

type Ring = ReadonlyArray<readonly number[]>;

/** Natural Earth 1:50m land (world-atlas, public domain): fine enough for straits a few km wide. */
function loadLand(): Ring[][] {
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/land-50m.json'), 'utf8')) as Topology;
  const land = topology.objects.land;
  if (land === undefined) throw new Error('world-atlas land-110m has no land object');
  const geojson = feature(topology, land);
  const polygons: Ring[][] = [];
  const features = 'features' in geojson ? geojson.features : [geojson];
  for (const item of features) {
    const geometry = item.geometry;
    if (geometry.type === 'Polygon') polygons.push(geometry.coordinates);
    if (geometry.type === 'MultiPolygon') polygons.push(...geometry.coordinates);
  }
  return polygons;
}

/** Each polygon with its outer ring's [west, south, east, north]: most points are tested against a box only. */
let cached: Array<{ rings: Ring[]; box: readonly [number, number, number, number] }> | undefined;

function boundsOf(ring: Ring): readonly [number, number, number, number] {
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const [lon = 0, lat = 0] of ring) {
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [west, south, east, north];
}

const inRing = (ring: Ring, lon: number, lat: number): boolean => {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};

/** Legs that share a lane sample the same points (samples start at each vertex): each is judged once. */
const judged = new Map<string, boolean>();

/** True when the point lies on land (inside an outer ring and no hole). */
export function onLand([lon, lat]: LonLat): boolean {
  const key = `${lon},${lat}`;
  let land = judged.get(key);
  if (land === undefined) {
    land = testLand(lon, lat);
    judged.set(key, land);
  }
  return land;
}

function testLand(rawLon: number, lat: number): boolean {
  cached ??= loadLand().map((rings) => ({ rings, box: boundsOf(rings[0] ?? []) }));
  const lon = wrapLongitude(rawLon);
  return cached.some(
    ({ rings: [outer, ...holes], box }) =>
      lon >= box[0] &&
      lon <= box[2] &&
      lat >= box[1] &&
      lat <= box[3] &&
      outer !== undefined &&
      inRing(outer, lon, lat) &&
      !holes.some((h) => inRing(h, lon, lat)),
  );
}

/** Points every `stepKm` along a path (longitudes may be unwrapped). */
export function sampleAlong(path: readonly LonLat[], stepKm: number): LonLat[] {
  const samples: LonLat[] = [];
  for (let i = 1; i < path.length; i += 1) {
    const a = path[i - 1];
    const b = path[i];
    if (a === undefined || b === undefined) continue;
    const steps = Math.max(1, Math.ceil(haversineKm(a, b) / stepKm));
    for (let s = 0; s < steps; s += 1) {
      const t = s / steps;
      samples.push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
    }
  }
  const last = path.at(-1);
  if (last !== undefined) samples.push(last);
  return samples;
}

/**
 * Waters that 1:50m land fills in, [west, south, east, north]: the canals (which ships do cross), the
 * Gulf of Suez, the Elbe up to Hamburg and the Saigon river up to Cat Lai.
 */
const NARROW_WATERS: ReadonlyArray<readonly [number, number, number, number]> = [
  [32.1, 27.5, 34.2, 31.4], // Suez Canal and the Gulf of Suez
  [-80.1, 8.8, -79.4, 9.5], // Panama Canal
  [9.1, 53.8, 10.2, 54.5], // Kiel Canal
  [8.5, 53.4, 10.1, 54.0], // the Elbe from its mouth to Hamburg
  [106.7, 10.36, 107.0, 10.8], // the Saigon river from Vung Tau to Cat Lai
];

const inNarrowWaters = ([rawLon, lat]: LonLat): boolean => {
  const lon = wrapLongitude(rawLon);
  return NARROW_WATERS.some(([w, s, e, n]) => lon >= w && lon <= e && lat >= s && lat <= n);
};

/**
 * The longest run of consecutive samples on land, in km, ignoring the first and last `skipKm` (ports sit
 * inland at city level) and the narrow waters above.
 */
export function longestLandRunKm(path: readonly LonLat[], stepKm: number, skipKm: number): number {
  const samples = sampleAlong(path, stepKm);
  const skip = Math.ceil(skipKm / stepKm);
  let longest = 0;
  let run = 0;
  for (const sample of samples.slice(skip, Math.max(skip, samples.length - skip))) {
    run = onLand(sample) && !inNarrowWaters(sample) ? run + stepKm : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}
