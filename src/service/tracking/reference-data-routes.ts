import { Hono } from 'hono';
import type { Clock } from '../../domain/clock.ts';
import { InvalidParameterError, NotFoundError } from '../../domain/errors.ts';
import { JOURNEY_PORT_CODES } from '../../domain/ports/journey-ports.ts';
import type { PortCatalog } from '../../domain/ports/port-catalog.ts';
import { findVessel, type Terminal, terminalOf, VESSELS } from '../../domain/tracking/sandbox-fleet.ts';
import { type AccountFeatures, FeatureNotEnabledError } from '../accounts/account-features.ts';
import type { ServiceEnv } from '../http/env.ts';
import {
  serializeMetroArea,
  serializePort,
  serializeTerminal,
  serializeVessel,
} from './tracking-serializers.ts';
import { readIncludes } from './tracking-views.ts';
import type { VesselFix, VesselTrackPoint } from './vessel-fix.ts';

/** Ports and metro areas (every UN/LOCODE location), the sandbox's terminals and vessels: read-only reference data. */
export function referenceDataRoutes(deps: {
  ports: PortCatalog;
  /** Where the vessel is now, when the account may see positions and one of its journeys sails it. */
  positionOf: (accountId: string, vesselId: string) => VesselFix | undefined;
  /** `show_positions`: the vessel's positions in a window, from the account's journeys. */
  trackOf: (accountId: string, vesselId: string, from: number, to: number) => VesselTrackPoint[];
  features: AccountFeatures;
  clock: Clock;
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
    const includes = readIncludes(c, 'port');
    const terminal = [...terminals.values()].find((candidate) => candidate.portLocode === port.locode);
    const resource = serializePort(port);
    return c.json({
      data: {
        ...resource,
        relationships: {
          terminals: { data: terminal === undefined ? [] : [{ id: terminal.id, type: 'terminal' }] },
        },
      },
      ...(includes.has('terminals')
        ? { included: terminal === undefined ? [] : [serializeTerminal(terminal, port)] }
        : {}),
      links: { self: `/v2/ports/${id}` },
    });
  });

  // Metro areas are the inland cities a shipment may end at. The sandbox's journeys end at ports, so no
  // shipment points at one, but any UN/LOCODE location answers, under the same id as its port.
  routes.get('/metro_areas/:id', (c) => {
    const id = c.req.param('id');
    const place = ports.find(id);
    if (place === undefined) throw new NotFoundError('MetroArea', id);
    readIncludes(c, 'metro_area');
    return c.json({ data: serializeMetroArea(place), links: { self: `/v2/metro_areas/${id}` } });
  });

  routes.get('/terminals/:id', (c) => {
    const id = c.req.param('id');
    const terminal = terminals.get(id.toLowerCase());
    if (terminal === undefined) throw new NotFoundError('Terminal', id);
    const includes = readIncludes(c, 'terminal');
    const port = ports.find(terminal.portLocode);
    return c.json({
      data: serializeTerminal(terminal, port),
      ...(includes.has('port') ? { included: port === undefined ? [] : [serializePort(port)] } : {}),
      links: { self: `/v2/terminals/${id}` },
    });
  });

  routes.get('/vessels/:id', (c) => {
    const id = c.req.param('id');
    // `/vessels/{id}` and `/vessels/{imo}` share the path upstream: an id, else an IMO number.
    const vessel = findVessel(id) ?? VESSELS.find((candidate) => candidate.imo === id.trim());
    if (vessel === undefined) throw new NotFoundError('Vessel', id);
    readIncludes(c, 'vessel');
    const resource = serializeVessel(vessel);
    const fix = deps.positionOf(c.get('account').id, vessel.id);
    const window = showPositionsWindow(c.req.query(), deps.clock.now());
    if (window !== undefined && !deps.features.has(c.get('account').id, 'routing')) {
      throw new FeatureNotEnabledError('routing');
    }
    const positions =
      window === undefined ? {} : { positions: deps.trackOf(c.get('account').id, vessel.id, ...window) };
    const data = { ...resource, attributes: { ...resource.attributes, ...fix, ...positions } };
    return c.json({ data, links: { self: `/v2/vessels/${id}` } });
  });

  return routes;
}

/** The upstream's default `show_positions` window: the last seven days. */
const DEFAULT_POSITIONS_WINDOW_MS = 7 * 24 * 3_600_000;

/**
 * The window `show_positions[from_timestamp]` and `[to_timestamp]` ask for (ISO 8601; seven days ago and
 * now by default), or undefined when the request asks for no positions (`show_positions=true` alone asks
 * for the default window). A malformed or reversed window is a 400 naming the parameter.
 */
function showPositionsWindow(query: Record<string, string>, now: number): [number, number] | undefined {
  const fromRaw = query['show_positions[from_timestamp]'];
  const toRaw = query['show_positions[to_timestamp]'];
  const flag = query.show_positions;
  if (fromRaw === undefined && toRaw === undefined && (flag === undefined || flag === 'false'))
    return undefined;
  const instant = (raw: string | undefined, name: string, fallback: number): number => {
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Date.parse(raw);
    if (Number.isNaN(value)) throw new InvalidParameterError(name, `${name} must be an ISO 8601 timestamp`);
    return value;
  };
  const to = instant(toRaw, 'show_positions[to_timestamp]', now);
  const from = instant(fromRaw, 'show_positions[from_timestamp]', to - DEFAULT_POSITIONS_WINDOW_MS);
  if (from > to) {
    throw new InvalidParameterError(
      'show_positions[from_timestamp]',
      'show_positions[from_timestamp] must not be after show_positions[to_timestamp]',
    );
  }
  return [from, to];
}
