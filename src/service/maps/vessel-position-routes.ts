import { Hono } from 'hono';
import type { Clock } from '../../domain/clock.ts';
import { InvalidParameterError, NotFoundError } from '../../domain/errors.ts';
import type { SeaLegFn } from '../../domain/geo/sea-router.ts';
import type { PortCatalog } from '../../domain/ports/port-catalog.ts';
import { findVessel, VESSELS } from '../../domain/tracking/sandbox-fleet.ts';
import { type AccountFeatures, requireFeature } from '../accounts/account-features.ts';
import type { ServiceEnv } from '../http/env.ts';
import { echoedValue } from '../http/read-json.ts';
import { serializeVessel } from '../tracking/tracking-serializers.ts';
import { forecastPositions } from './future-positions.ts';

/**
 * The paid vessel forecasts (reference §5.4; upstream `GET /vessels/{id}/future_positions` and
 * `/future_positions_with_coordinates`): the vessel with `positions[]`, one a minute along the sea lanes
 * from the previous port (or the given coordinates) to `port_id`. Both need the account's `routing`.
 */
export function vesselPositionRoutes(deps: {
  ports: PortCatalog;
  features: AccountFeatures;
  clock: Clock;
  seaLeg: SeaLegFn;
}): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();
  const routing = requireFeature(deps.features, 'routing');

  const vesselOr404 = (id: string) => {
    const vessel = findVessel(id) ?? VESSELS.find((candidate) => candidate.imo === id.trim());
    if (vessel === undefined) throw new NotFoundError('Vessel', id);
    return vessel;
  };
  const portParameter = (raw: string | undefined, name: string) => {
    if (raw === undefined || raw.trim() === '') {
      throw new InvalidParameterError(name, `${name} is required: the id (or UN/LOCODE) of a port`);
    }
    const port = deps.ports.find(raw);
    if (port === undefined) {
      const named = echoedValue(raw);
      throw new InvalidParameterError(
        name,
        named === undefined ? `${name} is not a known port` : `${name} ${named} is not a known port`,
      );
    }
    return port;
  };
  const coordinate = (raw: string | undefined, name: string, limit: number): number => {
    const value = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw);
    if (!Number.isFinite(value) || Math.abs(value) > limit) {
      throw new InvalidParameterError(name, `${name} is required: a number between -${limit} and ${limit}`);
    }
    return value;
  };

  routes.get('/vessels/:id/future_positions', routing, (c) => {
    const vessel = vesselOr404(c.req.param('id'));
    const port = portParameter(c.req.query('port_id'), 'port_id');
    const previous = portParameter(c.req.query('previous_port_id'), 'previous_port_id');
    const positions = forecastPositions(
      [previous.longitude, previous.latitude],
      [port.longitude, port.latitude],
      deps.clock.now(),
      deps.seaLeg,
    );
    const resource = serializeVessel(vessel);
    return c.json({
      data: { ...resource, attributes: { ...resource.attributes, positions } },
      links: { self: `/v2/vessels/${vessel.id}/future_positions` },
    });
  });

  routes.get('/vessels/:id/future_positions_with_coordinates', routing, (c) => {
    const vessel = vesselOr404(c.req.param('id'));
    const port = portParameter(c.req.query('port_id'), 'port_id');
    // Checked like the upstream's required parameter, though the coordinates say where the leg starts.
    portParameter(c.req.query('previous_port_id'), 'previous_port_id');
    const latitude = coordinate(c.req.query('latitude'), 'latitude', 90);
    const longitude = coordinate(c.req.query('longitude'), 'longitude', 180);
    const positions = forecastPositions(
      [longitude, latitude],
      [port.longitude, port.latitude],
      deps.clock.now(),
      deps.seaLeg,
    );
    const resource = serializeVessel(vessel);
    return c.json({
      data: {
        ...resource,
        attributes: {
          ...resource.attributes,
          latitude,
          longitude,
          position_timestamp: new Date(deps.clock.now()).toISOString(),
          positions,
        },
      },
      links: { self: `/v2/vessels/${vessel.id}/future_positions_with_coordinates` },
    });
  });

  return routes;
}
