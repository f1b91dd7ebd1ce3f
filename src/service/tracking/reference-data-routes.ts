import { Hono } from 'hono';
import { NotFoundError } from '../../domain/errors.ts';
import { JOURNEY_PORT_CODES } from '../../domain/ports/journey-ports.ts';
import type { PortCatalog } from '../../domain/ports/port-catalog.ts';
import { findVessel, type Terminal, terminalOf, VESSELS } from '../../domain/tracking/sandbox-fleet.ts';
import type { ServiceEnv } from '../http/env.ts';
import {
  serializeMetroArea,
  serializePort,
  serializeTerminal,
  serializeVessel,
} from './tracking-serializers.ts';
import type { VesselFix } from './vessel-fix.ts';

/** Ports and metro areas (every UN/LOCODE location), the sandbox's terminals and vessels: read-only reference data. */
export function referenceDataRoutes(deps: {
  ports: PortCatalog;
  /** Where the vessel is now, when the account may see positions and one of its journeys sails it. */
  positionOf?: (accountId: string, vesselId: string) => VesselFix | undefined;
}): Hono<ServiceEnv> {
  const { ports } = deps;
  const terminals = new Map<string, Terminal>();
  for (const code of JOURNEY_PORT_CODES) {
    const port = ports.get(code);
    const terminal = terminalOf(port.locode, port.name);
    terminals.set(terminal.id, terminal);
  }
  const routes = new Hono<ServiceEnv>();

  routes.get('/ports/:id', (c) => {
    const id = c.req.param('id');
    const port = ports.find(id);
    if (port === undefined) throw new NotFoundError('Port', id);
    const terminal = [...terminals.values()].find((candidate) => candidate.portLocode === port.locode);
    const resource = serializePort(port);
    return c.json({
      data: {
        ...resource,
        relationships: {
          terminals: { data: terminal === undefined ? [] : [{ id: terminal.id, type: 'terminal' }] },
        },
      },
      links: { self: `/v2/ports/${id}` },
    });
  });

  // Metro areas are the inland cities a shipment may end at. The sandbox's journeys end at ports, so no
  // shipment points at one, but any UN/LOCODE location answers, under the same id as its port.
  routes.get('/metro_areas/:id', (c) => {
    const id = c.req.param('id');
    const place = ports.find(id);
    if (place === undefined) throw new NotFoundError('MetroArea', id);
    return c.json({ data: serializeMetroArea(place), links: { self: `/v2/metro_areas/${id}` } });
  });

  routes.get('/terminals/:id', (c) => {
    const id = c.req.param('id');
    const terminal = terminals.get(id.toLowerCase());
    if (terminal === undefined) throw new NotFoundError('Terminal', id);
    return c.json({
      data: serializeTerminal(terminal, ports.find(terminal.portLocode)),
      links: { self: `/v2/terminals/${id}` },
    });
  });

  routes.get('/vessels/:id', (c) => {
    const id = c.req.param('id');
    // `/vessels/{id}` and `/vessels/{imo}` share the path upstream: an id, else an IMO number.
    const vessel = findVessel(id) ?? VESSELS.find((candidate) => candidate.imo === id.trim());
    if (vessel === undefined) throw new NotFoundError('Vessel', id);
    const resource = serializeVessel(vessel);
    const fix = deps.positionOf?.(c.get('account').id, vessel.id);
    const data =
      fix === undefined ? resource : { ...resource, attributes: { ...resource.attributes, ...fix } };
    return c.json({ data, links: { self: `/v2/vessels/${id}` } });
  });

  return routes;
}
