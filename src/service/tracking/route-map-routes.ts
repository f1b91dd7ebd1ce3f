import { Hono } from 'hono';
import type { Clock } from '../../domain/clock.ts';
import { buildRouteMap } from '../../domain/geo/route-map.ts';
import type { SeaLegFn } from '../../domain/geo/sea-router.ts';
import { type AccountFeatures, requireFeature } from '../accounts/account-features.ts';
import type { ServiceEnv } from '../http/env.ts';
import type { JourneyBook } from './journey-book.ts';
import { routeMapInput, serializeRoute } from './journey-route.ts';
import { readIncludes, type TrackingViews } from './tracking-views.ts';

/**
 * The paid routing data of a container (reference §5.1, §5.2): its map as GeoJSON and its route as JSON:API.
 * Both need the account's `routing` feature.
 */
export function routeMapRoutes(deps: {
  views: TrackingViews;
  journeys: JourneyBook;
  features: AccountFeatures;
  clock: Clock;
  seaLeg: SeaLegFn;
}): Hono<ServiceEnv> {
  const { views, journeys } = deps;
  const routes = new Hono<ServiceEnv>();
  const routing = requireFeature(deps.features, 'routing');

  routes.get('/containers/:id/map_geojson', routing, (c) => {
    const { shipment } = views.containerOr404(c.get('account').id, c.req.param('id'));
    const now = deps.clock.now();
    const input = routeMapInput(journeys.of(shipment), shipment, now);
    return c.json(buildRouteMap(input, new Date(now), deps.seaLeg));
  });

  routes.get('/containers/:id/route', routing, (c) => {
    const { container, shipment } = views.containerOr404(c.get('account').id, c.req.param('id'));
    const includes = readIncludes(c, 'route');
    const { data, included } = serializeRoute(journeys.of(shipment), container, shipment, deps.clock.now(), {
      routeLocations: includes.has('route_location') || includes.has('route_locations'),
      ports: includes.has('port'),
      vessels: includes.has('vessel'),
    });
    return c.json({ data, ...(included.length === 0 ? {} : { included }) });
  });

  return routes;
}
