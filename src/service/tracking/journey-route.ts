import type { RouteMapInput, RouteMapPort } from '../../domain/geo/route-map-input.ts';
import type { Port } from '../../domain/ports/port-catalog.ts';
import { stableUuid } from '../../domain/stable-id.ts';
import type { Journey, JourneyStop } from '../../domain/tracking/sandbox-journey.ts';
import { type Resource, serializePort, serializeVessel } from './tracking-serializers.ts';
import type { ContainerRecord, ShipmentRecord } from './tracking-store.ts';

const COUNTRY_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/** The country's English name from its ISO 3166 code; the code itself when the runtime has no name for it. */
const countryName = (code: string): string => {
  try {
    return COUNTRY_NAMES.of(code) ?? code;
  } catch {
    // Not a region code the runtime accepts (a made-up test code): show the code.
    return code;
  }
};

/** An estimate becomes an actual once its time has passed, as the carrier reports it. */
const actual = (at: number | null, now: number): number | null => (at !== null && at <= now ? at : null);
const date = (at: number | null): Date | null => (at === null ? null : new Date(at));

/**
 * The route map's input from a sandbox journey at `now`: every port call with its estimated and (once
 * passed) actual times, and each leg's vessel and voyage.
 */
export function routeMapInput(journey: Journey, shipment: ShipmentRecord, now: number): RouteMapInput {
  return {
    ports: journey.stops.map((stop) => mapPort(stop, now)),
    legs: journey.legs.map((leg) => ({
      vessel: { id: leg.vessel.id, name: leg.vessel.name, imo: leg.vessel.imo },
      voyageNumber: leg.voyageNumber,
    })),
    updatedAt: new Date(shipment.updatedAt),
  };
}

function mapPort(stop: JourneyStop, now: number): RouteMapPort {
  const { port } = stop;
  return {
    id: port.id,
    locode: port.locode,
    name: port.name,
    stateAbbr: port.stateAbbr,
    // The ports data names subdivisions by code only.
    state: null,
    countryCode: port.countryCode,
    country: countryName(port.countryCode),
    timeZone: port.timeZone,
    coordinates: [port.longitude, port.latitude],
    inboundEtaAt: date(stop.arrivalAt),
    inboundAtaAt: date(actual(stop.arrivalAt, now)),
    outboundEtdAt: date(stop.departureAt),
    outboundAtdAt: date(actual(stop.departureAt, now)),
  };
}

const iso = (at: number | null): string | null => (at === null ? null : new Date(at).toISOString());

/** Which related resources `GET /containers/{id}/route` adds to `included`. */
export interface RouteIncludes {
  readonly routeLocations: boolean;
  readonly ports: boolean;
  readonly vessels: boolean;
}

/**
 * `GET /containers/{id}/route` (reference §5.2): the route, its locations in sailing order (each with the
 * inbound and outbound leg's carrier, mode, voyage and times, and rels `location`, `inbound_vessel`,
 * `outbound_vessel`), and the ports and vessels they name when asked for.
 */
export function serializeRoute(
  journey: Journey,
  container: ContainerRecord,
  shipment: ShipmentRecord,
  now: number,
  includes: RouteIncludes,
): { data: Resource; included: Resource[] } {
  const routeId = stableUuid('route', container.id);
  const created = iso(container.createdAt);
  const updated = iso(shipment.updatedAt);
  const locations = journey.stops.map((stop, index): Resource => {
    const inbound = journey.legs[index - 1];
    const outbound = journey.legs[index];
    const id = stableUuid('route_location', `${container.id}:${index}`);
    return {
      id,
      type: 'route_location',
      attributes: {
        id,
        inbound_scac: inbound === undefined ? null : shipment.scac,
        inbound_mode: inbound === undefined ? null : 'vessel',
        inbound_eta_at: iso(stop.arrivalAt),
        inbound_ata_at: iso(actual(stop.arrivalAt, now)),
        inbound_voyage_number: inbound?.voyageNumber ?? null,
        outbound_scac: outbound === undefined ? null : shipment.scac,
        outbound_mode: outbound === undefined ? null : 'vessel',
        outbound_etd_at: iso(stop.departureAt),
        outbound_atd_at: iso(actual(stop.departureAt, now)),
        outbound_voyage_number: outbound?.voyageNumber ?? null,
        created_at: created,
        updated_at: updated,
      },
      relationships: {
        route: { data: { id: routeId, type: 'route' } },
        location: { data: { id: stop.port.id, type: 'port' } },
        // The upstream fixture names the port `location`; the SDK's mapper reads `port`: both answer.
        port: { data: { id: stop.port.id, type: 'port' } },
        inbound_vessel: { data: inbound === undefined ? null : { id: inbound.vessel.id, type: 'vessel' } },
        outbound_vessel: { data: outbound === undefined ? null : { id: outbound.vessel.id, type: 'vessel' } },
      },
    };
  });
  const included: Resource[] = includes.routeLocations ? [...locations] : [];
  if (includes.ports) {
    const ports = new Map<string, Port>(journey.stops.map((stop) => [stop.port.id, stop.port]));
    included.push(...[...ports.values()].map(serializePort));
  }
  if (includes.vessels) {
    const vessels = new Map(journey.legs.map((leg) => [leg.vessel.id, leg.vessel]));
    included.push(...[...vessels.values()].map(serializeVessel));
  }
  return {
    data: {
      id: routeId,
      type: 'route',
      attributes: { created_at: created, updated_at: updated },
      relationships: {
        route_locations: { data: locations.map((location) => ({ id: location.id, type: 'route_location' })) },
      },
      links: { self: `/v2/containers/${container.id}/route` },
    },
    included,
  };
}
