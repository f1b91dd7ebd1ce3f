import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { AppError } from '../../domain/errors.ts';
import type { Box } from './map-projection.ts';
import type { Position } from './route-geojson.ts';

export interface LandRing {
  readonly points: readonly Position[];
  readonly box: Box;
}

const require = createRequire(import.meta.url);
let cached: readonly LandRing[] | undefined;

const boxOf = (points: readonly Position[]): Box => ({
  west: Math.min(...points.map(([lon]) => lon)),
  east: Math.max(...points.map(([lon]) => lon)),
  south: Math.min(...points.map(([, lat]) => lat)),
  north: Math.max(...points.map(([, lat]) => lat)),
});

/**
 * The land of Natural Earth at 1:110m (world-atlas, shipped with the project: nothing is fetched), as
 * outer rings and holes with their boxes, read once. The file is about 60 KB.
 */
export function landRings(): readonly LandRing[] {
  if (cached !== undefined) return cached;
  // The package's own JSON, a Topology by its format; topojson-client checks nothing more.
  const topology = JSON.parse(
    readFileSync(require.resolve('world-atlas/land-110m.json'), 'utf8'),
  ) as Topology;
  const land = topology.objects.land;
  if (land === undefined)
    throw new AppError('atlas_invalid', 'world-atlas land-110m.json has no "land" object');
  const shapes = feature(topology, land);
  const rings: LandRing[] = [];
  const features = 'features' in shapes ? shapes.features : [shapes];
  for (const { geometry } of features) {
    const polygons =
      geometry.type === 'MultiPolygon'
        ? geometry.coordinates
        : geometry.type === 'Polygon'
          ? [geometry.coordinates]
          : [];
    for (const polygon of polygons) {
      for (const ring of polygon) {
        const points = ring.map((point): Position => [point[0] ?? 0, point[1] ?? 0]);
        if (points.length > 2) rings.push({ points, box: boxOf(points) });
      }
    }
  }
  cached = rings;
  return rings;
}
