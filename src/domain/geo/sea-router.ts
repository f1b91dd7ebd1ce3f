import { setNewest } from '../bounded-map.ts';
import { type LonLat, wrapLongitude } from './geodesy.ts';
import { type SeaLaneGeoJson, type SeaLeg, SeaNetwork } from './sea-network.ts';

export type SeaLegFn = (from: LonLat, to: LonLat) => SeaLeg;

/** Distinct port pairs are few (hundreds); past this many the oldest route is dropped. */
const MAX_CACHED_LEGS = 2_000;

/**
 * Routes legs on the sea-lane network, building the network on the first leg (the network is large and
 * a service that draws no map never needs it) and caching each leg by its rounded end points.
 */
export function createSeaRouter(loadNetwork: () => SeaLaneGeoJson): SeaLegFn {
  let network: SeaNetwork | undefined;
  const cache = new Map<string, SeaLeg>();
  return (from, to) => {
    const key = `${pointKey(from)}>${pointKey(to)}`;
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    network ??= new SeaNetwork(loadNetwork());
    const leg = network.route(from, to);
    setNewest(cache, key, leg, MAX_CACHED_LEGS);
    return leg;
  };
}

const pointKey = ([lon, lat]: LonLat): string => `${wrapLongitude(lon).toFixed(4)},${lat.toFixed(4)}`;
