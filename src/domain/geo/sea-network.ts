import { z } from 'zod';
import { haversineKm, KM_PER_NAUTICAL_MILE, type LonLat, unwrapPath, wrapLongitude } from './geodesy.ts';

/** The parts of the sea-lane GeoJSON the router reads. */
export const seaLaneGeoJson = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      properties: z.object({ passage: z.string().optional() }).nullable(),
      geometry: z.object({
        type: z.literal('LineString'),
        coordinates: z.array(z.tuple([z.number(), z.number()]).rest(z.number())).min(2),
      }),
    }),
  ),
});
export type SeaLaneGeoJson = z.infer<typeof seaLaneGeoJson>;

/** Passages a route avoids by default: the Northwest Passage is ice-bound for container ships. */
export const DEFAULT_AVOIDED_PASSAGES: readonly string[] = ['northwest'];
/** A port is joined to this many nearest network nodes, so a start just past a node does not double back. */
const SNAP_NEIGHBOURS = 3;
/**
 * ...but only to those at most this much farther than the nearest: a join is a straight line, and a long
 * one to a far node (Salalah straight to the Gulf of Oman's lane) cuts across land.
 */
const SNAP_MARGIN_KM = 30;
/** Grid cell of the nearest-node index, in degrees. */
const CELL_DEGREES = 1;

export interface SeaLeg {
  /** From the start to the end on water, longitudes unwrapped (continuous across ±180). */
  readonly coordinates: LonLat[];
  readonly distanceNm: number;
}

/** A routing graph over the sea-lane network: nodes keyed by their wrapped position, so ±180 meet. */
export class SeaNetwork {
  private readonly lon: number[] = [];
  private readonly lat: number[] = [];
  private readonly edges: Array<Array<{ to: number; km: number }>> = [];
  private readonly ids = new Map<string, number>();
  private readonly grid = new Map<string, number[]>();

  constructor(geojson: SeaLaneGeoJson, avoid: readonly string[] = DEFAULT_AVOIDED_PASSAGES) {
    for (const feature of geojson.features) {
      const passage = feature.properties?.passage;
      if (passage !== undefined && avoid.includes(passage)) continue;
      const coordinates = feature.geometry.coordinates;
      for (let i = 1; i < coordinates.length; i += 1) {
        const a = coordinates[i - 1];
        const b = coordinates[i];
        if (a === undefined || b === undefined) continue;
        const from = this.node(a[0], a[1]);
        const to = this.node(b[0], b[1]);
        if (from === to) continue;
        const km = haversineKm([a[0], a[1]], [b[0], b[1]]);
        this.edges[from]?.push({ to, km });
        this.edges[to]?.push({ to: from, km });
      }
    }
  }

  get nodeCount(): number {
    return this.lon.length;
  }

  /** The shortest way on water from `from` to `to`, each joined to its nearest network nodes. */
  route(from: LonLat, to: LonLat): SeaLeg {
    const starts = this.joins(from);
    const ends = new Map(this.joins(to).map((n) => [n.node, n.km]));
    const count = this.nodeCount;
    const distance = new Float64Array(count).fill(Number.POSITIVE_INFINITY);
    const previous = new Int32Array(count).fill(-1);
    const heap = new MinHeap();
    for (const start of starts) {
      if (start.km < (distance[start.node] ?? 0)) {
        distance[start.node] = start.km;
        heap.push(start.node, start.km);
      }
    }
    let best = Number.POSITIVE_INFINITY;
    let bestEnd = -1;
    while (heap.size > 0) {
      const { node, key } = heap.pop();
      if (key > (distance[node] ?? 0) || key >= best) continue;
      const tail = ends.get(node);
      if (tail !== undefined && key + tail < best) {
        best = key + tail;
        bestEnd = node;
      }
      for (const edge of this.edges[node] ?? []) {
        const next = key + edge.km;
        if (next < (distance[edge.to] ?? 0)) {
          distance[edge.to] = next;
          previous[edge.to] = node;
          heap.push(edge.to, next);
        }
      }
    }
    if (bestEnd < 0) {
      // Unreachable only with a broken network: fall back to the straight line, flagged by its length.
      return {
        coordinates: unwrapPath([from, to]),
        distanceNm: haversineKm(from, to) / KM_PER_NAUTICAL_MILE,
      };
    }
    const nodes: number[] = [];
    for (let n = bestEnd; n >= 0; n = previous[n] ?? -1) nodes.push(n);
    nodes.reverse();
    const path: LonLat[] = [from, ...nodes.map((n): LonLat => [this.lon[n] ?? 0, this.lat[n] ?? 0]), to];
    const coordinates = unwrapPath(path);
    let km = 0;
    for (let i = 1; i < coordinates.length; i += 1) {
      const a = coordinates[i - 1];
      const b = coordinates[i];
      if (a !== undefined && b !== undefined) km += haversineKm(a, b);
    }
    return { coordinates, distanceNm: km / KM_PER_NAUTICAL_MILE };
  }

  private node(rawLon: number, rawLat: number): number {
    const lon = Math.round(wrapLongitude(rawLon) * 1e5) / 1e5;
    const lat = Math.round(rawLat * 1e5) / 1e5;
    const key = `${lon},${lat}`;
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    const id = this.lon.length;
    this.lon.push(lon);
    this.lat.push(lat);
    this.edges.push([]);
    this.ids.set(key, id);
    const cell = cellKey(lon, lat);
    const members = this.grid.get(cell);
    if (members === undefined) this.grid.set(cell, [id]);
    else members.push(id);
    return id;
  }

  /** The nodes a port is joined to: its nearest, and the next ones not much farther. */
  private joins(point: LonLat): Array<{ node: number; km: number }> {
    const near = this.nearest(point, SNAP_NEIGHBOURS);
    const limit = (near[0]?.km ?? 0) + SNAP_MARGIN_KM;
    return near.filter((n) => n.km <= limit);
  }

  /** The `k` nodes nearest to a point, searching grid rings outwards until no nearer node can remain. */
  private nearest(point: LonLat, k: number): Array<{ node: number; km: number }> {
    const [lon, lat] = [wrapLongitude(point[0]), point[1]];
    const found: Array<{ node: number; km: number }> = [];
    const cx = Math.floor(lon / CELL_DEGREES);
    const cy = Math.floor(lat / CELL_DEGREES);
    const maxRing = Math.ceil(180 / CELL_DEGREES);
    for (let ring = 0; ring <= maxRing; ring += 1) {
      for (let dx = -ring; dx <= ring; dx += 1) {
        for (let dy = -ring; dy <= ring; dy += 1) {
          if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue;
          const x = ((((cx + dx) * CELL_DEGREES + 180) % 360) + 360) % 360;
          const key = `${Math.floor((x - 180) / CELL_DEGREES)},${cy + dy}`;
          for (const node of this.grid.get(key) ?? []) {
            found.push({ node, km: haversineKm([lon, lat], [this.lon[node] ?? 0, this.lat[node] ?? 0]) });
          }
        }
      }
      found.sort((a, b) => a.km - b.km);
      // A node in ring r+1 is at least r cells away: stop once the k-th found is nearer than that.
      const kth = found[k - 1];
      const ringKm =
        ring *
        CELL_DEGREES *
        111.19 *
        Math.max(0.05, Math.cos((Math.min(89, Math.abs(lat)) * Math.PI) / 180));
      if (kth !== undefined && kth.km <= ringKm) break;
      if (ring === maxRing) break;
    }
    return found.slice(0, k);
  }
}

const cellKey = (lon: number, lat: number): string =>
  `${Math.floor(lon / CELL_DEGREES)},${Math.floor(lat / CELL_DEGREES)}`;

/** A binary min-heap of (node, key), enough for Dijkstra with lazy deletion. */
class MinHeap {
  private readonly nodes: number[] = [];
  private readonly keys: number[] = [];

  get size(): number {
    return this.nodes.length;
  }

  push(node: number, key: number): void {
    this.nodes.push(node);
    this.keys.push(key);
    let i = this.nodes.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((this.keys[parent] ?? 0) <= key) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  pop(): { node: number; key: number } {
    const top = { node: this.nodes[0] ?? -1, key: this.keys[0] ?? Number.POSITIVE_INFINITY };
    const lastNode = this.nodes.pop();
    const lastKey = this.keys.pop();
    if (this.nodes.length > 0 && lastNode !== undefined && lastKey !== undefined) {
      this.nodes[0] = lastNode;
      this.keys[0] = lastKey;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < this.keys.length && (this.keys[left] ?? 0) < (this.keys[smallest] ?? 0)) smallest = left;
        if (right < this.keys.length && (this.keys[right] ?? 0) < (this.keys[smallest] ?? 0))
          smallest = right;
        if (smallest === i) break;
        this.swap(i, smallest);
        i = smallest;
      }
    }
    return top;
  }

  private swap(a: number, b: number): void {
    const node = this.nodes[a] ?? -1;
    const key = this.keys[a] ?? 0;
    this.nodes[a] = this.nodes[b] ?? -1;
    this.keys[a] = this.keys[b] ?? 0;
    this.nodes[b] = node;
    this.keys[b] = key;
  }
}
