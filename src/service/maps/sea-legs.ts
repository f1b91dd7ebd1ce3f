import { readFileSync } from 'node:fs';
import type { RouteMapGeoJson } from '../../contract/route-map.ts';
import { buildRouteMap } from '../../domain/geo/route-map.ts';
import type { RouteMapInput } from '../../domain/geo/route-map-input.ts';
import { seaLaneGeoJson } from '../../domain/geo/sea-network.ts';
import { createSeaRouter, type SeaLegFn } from '../../domain/geo/sea-router.ts';

const MARNET_FILE = new URL('../../domain/geo/data/marnet.geojson', import.meta.url);

/** The sea-lane network shipped with the project (sources in src/domain/geo/data/SOURCES.md). */
export const loadMarnet = () => seaLaneGeoJson.parse(JSON.parse(readFileSync(MARNET_FILE, 'utf8')));

/** The process's router over the shipped network: read and built on the first leg, then cached. */
export const seaLeg: SeaLegFn = createSeaRouter(loadMarnet);

/** The route map of a journey at `now`, its legs routed on the shipped network. */
export const routeMap = (input: RouteMapInput, now: Date): RouteMapGeoJson =>
  buildRouteMap(input, now, seaLeg);
