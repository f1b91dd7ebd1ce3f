import { z } from 'zod';
import { defineTool } from '../tool.ts';
import { relatedId } from '../views.ts';
import { containerId } from './get-container.ts';

const s = z.string().nullable();
const leg = z.object({ mode: s, carrier_scac: s, voyage_number: s, vessel: s });

const str = (attributes: Record<string, unknown>, name: string) =>
  typeof attributes[name] === 'string' ? (attributes[name] as string) : null;

export const getContainerRoute = defineTool({
  name: 'get_container_route',
  title: 'Get the route of a container',
  description:
    'The ports a container calls at, in order, with the vessel, voyage and times of each inbound and outbound leg (including transshipments). A paid feature: accounts without it get the error code not_enabled; then use get_container_transport_events instead.',
  input: { id: containerId },
  output: {
    route_id: z.string(),
    total_legs: z.number().int(),
    route_locations: z.array(
      z.object({
        port: z.object({ id: s, locode: s, name: s }),
        inbound: leg.extend({ eta: s, ata: s }),
        outbound: leg.extend({ etd: s, atd: s }),
      }),
    ),
  },
  async handler({ id }, { client }) {
    const answer = await client.getRoute(id);
    const included = answer.included ?? [];
    const find = (type: string, ref: string | null) =>
      ref === null ? undefined : included.find((r) => r.type === type && r.id === ref);
    const locationIds = answer.data.relationships?.route_locations?.data;
    const stops = (Array.isArray(locationIds) ? locationIds : [])
      .map((ref) => find('route_location', ref.id))
      .filter((stop) => stop !== undefined);
    const routeLocations = stops.map((stop) => {
      const a = stop.attributes;
      // The fixture names the port relationship `location`; older answers call it `port`.
      const port = find('port', relatedId(stop, 'location') ?? relatedId(stop, 'port'));
      const vessel = (rel: string) => {
        const found = find('vessel', relatedId(stop, rel));
        return found ? str(found.attributes, 'name') : null;
      };
      return {
        port: {
          id: port?.id ?? null,
          locode: port ? str(port.attributes, 'code') : null,
          name: port ? str(port.attributes, 'name') : null,
        },
        inbound: {
          mode: str(a, 'inbound_mode'),
          carrier_scac: str(a, 'inbound_scac'),
          voyage_number: str(a, 'inbound_voyage_number'),
          vessel: vessel('inbound_vessel'),
          eta: str(a, 'inbound_eta_at'),
          ata: str(a, 'inbound_ata_at'),
        },
        outbound: {
          mode: str(a, 'outbound_mode'),
          carrier_scac: str(a, 'outbound_scac'),
          voyage_number: str(a, 'outbound_voyage_number'),
          vessel: vessel('outbound_vessel'),
          etd: str(a, 'outbound_etd_at'),
          atd: str(a, 'outbound_atd_at'),
        },
      };
    });
    const ports = routeLocations.map((stop) => stop.port.name ?? stop.port.locode ?? '?');
    return {
      result: {
        route_id: answer.data.id,
        total_legs: Math.max(0, routeLocations.length - 1),
        route_locations: routeLocations,
      },
      summary: ports.length === 0 ? 'No route known yet.' : `Route: ${ports.join(' → ')}.`,
    };
  },
});
