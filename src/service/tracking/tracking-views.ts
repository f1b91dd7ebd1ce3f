import type { Context } from 'hono';
import type { Clock } from '../../domain/clock.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { PortCatalog } from '../../domain/ports/port-catalog.ts';
import { containerStateAt } from '../../domain/tracking/container-state.ts';
import type { Journey } from '../../domain/tracking/sandbox-journey.ts';
import { readIncludeParam } from '../http/include-param.ts';
import type { JourneyBook } from './journey-book.ts';
import { serializeParty, serializePartyRole } from './party-resource.ts';
import type { PartyStore } from './party-store.ts';
import {
  type Resource,
  serializeContainer,
  serializePort,
  serializeRawEvent,
  serializeShipment,
  serializeTerminal,
  serializeTrackingRequest,
  serializeTransportEvent,
  serializeVessel,
} from './tracking-serializers.ts';
import type {
  ContainerRecord,
  ShipmentRecord,
  TrackingRequestRecord,
  TrackingStore,
} from './tracking-store.ts';

/** The relationships each resource can include, and the serializer name the upstream's 400 names. */
export const INCLUDES = {
  tracking_request: {
    serializer: 'TrackingRequestSerializer',
    // `shipment` and `container` are the upstream SDK's typed includes (its TrackingRequestInclude).
    names: ['tracked_object', 'customer', 'user', 'shipment', 'container'],
  },
  shipment: {
    serializer: 'ShipmentSerializer',
    names: [
      'containers',
      'pod_terminal',
      'port_of_lading',
      'port_of_discharge',
      'destination',
      'destination_terminal',
      'line_tracking_stopped_by_user',
      'party_roles',
    ],
  },
  container: {
    serializer: 'ContainerSerializer',
    names: ['shipment', 'pod_terminal', 'pickup_facility', 'transport_events', 'raw_events'],
  },
  route: {
    serializer: 'RouteSerializer',
    names: ['port', 'vessel', 'route_location', 'route_locations'],
  },
  transport_event: {
    serializer: 'TransportEventSerializer',
    names: ['location', 'terminal', 'vessel', 'container', 'shipment'],
  },
  raw_event: {
    serializer: 'RawEventSerializer',
    names: ['location', 'vessel', 'container'],
  },
  custom_field: {
    serializer: 'CustomFieldSerializer',
    names: ['definition', 'entity', 'user'],
  },
  custom_field_definition: {
    serializer: 'CustomFieldDefinitionSerializer',
    names: ['options'],
  },
  // Reference data and parties: the relationships the upstream's schemas give them (none but these).
  port: { serializer: 'PortSerializer', names: ['terminals'] },
  terminal: { serializer: 'TerminalSerializer', names: ['port'] },
  metro_area: { serializer: 'MetroAreaSerializer', names: [] },
  vessel: { serializer: 'VesselSerializer', names: [] },
  party: { serializer: 'PartySerializer', names: [] },
  search_result: { serializer: 'SearchResultSerializer', names: [] },
} as const;

/** Reads `include` against the relationships `kind` has (readIncludeParam's rules and 400). */
export function readIncludes(
  c: Context,
  kind: keyof typeof INCLUDES,
  fallback: readonly string[] = [],
): Set<string> {
  return readIncludeParam(c, INCLUDES[kind].serializer, INCLUDES[kind].names, fallback);
}

/** Collects included resources once each, in the order they were first added. */
class Included {
  private readonly resources = new Map<string, Resource>();
  add(resource: Resource): void {
    const key = `${resource.type}:${resource.id}`;
    if (!this.resources.has(key)) this.resources.set(key, resource);
  }
  list(): Resource[] {
    return [...this.resources.values()];
  }
}

/** Builds the API's documents for tracking resources, with their includes, at the clock's time. */
export class TrackingViews {
  constructor(
    private readonly deps: {
      store: TrackingStore;
      journeys: JourneyBook;
      ports: PortCatalog;
      clock: Clock;
      parties?: PartyStore;
    },
  ) {}

  shipmentOr404(accountId: string, id: string): ShipmentRecord {
    const shipment = this.deps.store.shipment(accountId, id);
    if (shipment === undefined) throw new NotFoundError('Shipment', id);
    return shipment;
  }

  containerOr404(accountId: string, id: string): { container: ContainerRecord; shipment: ShipmentRecord } {
    const container = this.deps.store.container(accountId, id);
    const shipment =
      container === undefined ? undefined : this.deps.store.shipment(accountId, container.shipmentId);
    if (container === undefined || shipment === undefined) throw new NotFoundError('Container', id);
    return { container, shipment };
  }

  /** The id of a shipment, container or tracking request of the account; 404 when it has none such. */
  entityOr404(accountId: string, type: 'shipment' | 'container' | 'tracking_request', id: string): string {
    if (type === 'shipment') return this.shipmentOr404(accountId, id).id;
    if (type === 'container') return this.containerOr404(accountId, id).container.id;
    const request = this.deps.store.request(accountId, id);
    if (request === undefined) throw new NotFoundError('TrackingRequest', id);
    return request.id;
  }

  trackingRequests(
    records: readonly TrackingRequestRecord[],
    includes: Set<string>,
  ): { data: Resource[]; included: Resource[] } {
    const included = new Included();
    const data = records.map((record) => {
      const customer = this.deps.parties?.customerOf('tracking_request', record.id);
      if (includes.has('customer') && customer !== undefined) included.add(serializeParty(customer));
      const shipment =
        record.shipmentId === null
          ? undefined
          : this.deps.store.shipment(record.accountId, record.shipmentId);
      if (shipment !== undefined && (includes.has('tracked_object') || includes.has('shipment'))) {
        included.add(this.shipment(shipment));
      }
      if (shipment !== undefined && includes.has('container')) {
        for (const box of this.deps.store.containersOf(shipment.id))
          included.add(this.container(box, shipment));
      }
      return serializeTrackingRequest(record, customer?.id ?? null);
    });
    return { data, included: included.list() };
  }

  /** The shipment's sandbox journey (ports, legs, vessels, times). */
  journeyOf(shipment: ShipmentRecord): Journey {
    return this.deps.journeys.of(shipment);
  }

  /** The container's `current_status` at the clock's time. */
  containerStatus(container: ContainerRecord, shipment: ShipmentRecord): string {
    const journey = this.deps.journeys.of(shipment);
    const plan = this.deps.journeys.planOf(shipment, container);
    return containerStateAt(plan, journey, this.deps.clock.now()).current_status;
  }

  shipment(shipment: ShipmentRecord): Resource {
    const journey = this.deps.journeys.of(shipment);
    // The customer set on the shipment, else the one its tracking request was made for.
    const customer =
      this.deps.parties?.customerOf('shipment', shipment.id) ??
      this.deps.parties?.customerOf('tracking_request', shipment.trackingRequestId);
    return serializeShipment(
      shipment,
      journey,
      this.deps.store.containersOf(shipment.id),
      this.deps.clock.now(),
      customer?.companyName ?? null,
    );
  }

  /**
   * `flag[parties]=true` (or an include of `party_roles`) adds each shipment's `party_roles`
   * relationship; `include=party_roles` embeds the roles and `party_roles.party` their parties too.
   */
  shipments(
    records: readonly ShipmentRecord[],
    includes: Set<string>,
    options: { partyRoles?: boolean } = {},
  ): { data: Resource[]; included: Resource[] } {
    const included = new Included();
    const withParties = includes.has('party_roles.party');
    const withRoles = withParties || includes.has('party_roles');
    const linkRoles = withRoles || options.partyRoles === true;
    const data = records.map((shipment) => {
      const resource = this.shipment(shipment);
      const roles = linkRoles ? (this.deps.parties?.rolesOf('shipment', shipment.id) ?? []) : [];
      for (const role of withRoles ? roles : []) {
        included.add(serializePartyRole(role));
        const party = withParties ? this.deps.parties?.party(shipment.accountId, role.partyId) : undefined;
        if (party !== undefined) included.add(serializeParty(party));
      }
      this.addShipmentIncludes(shipment, includes, included);
      if (!linkRoles) return resource;
      return {
        ...resource,
        relationships: {
          ...resource.relationships,
          party_roles: { data: roles.map((role) => ({ id: role.id, type: 'party_role' })) },
        },
      };
    });
    return { data, included: included.list() };
  }

  /** The shipment's containers, ports and terminal, as `include` asks. */
  private addShipmentIncludes(shipment: ShipmentRecord, includes: Set<string>, included: Included): void {
    const journey = this.deps.journeys.of(shipment);
    const pol = journey.stops[0]?.port;
    const pod = journey.stops.at(-1)?.port;
    if (includes.has('containers')) {
      for (const container of this.deps.store.containersOf(shipment.id))
        included.add(this.container(container, shipment));
    }
    if (includes.has('port_of_lading') && pol !== undefined) included.add(serializePort(pol));
    if (includes.has('port_of_discharge') && pod !== undefined) included.add(serializePort(pod));
    if (includes.has('pod_terminal')) included.add(serializeTerminal(journey.podTerminal, pod));
  }

  container(container: ContainerRecord, shipment: ShipmentRecord): Resource {
    const journey = this.deps.journeys.of(shipment);
    const plan = this.deps.journeys.planOf(shipment, container);
    return serializeContainer(container, shipment, journey, plan, this.deps.clock.now());
  }

  containers(
    rows: ReadonlyArray<{ container: ContainerRecord; shipment: ShipmentRecord }>,
    includes: Set<string>,
  ): { data: Resource[]; included: Resource[] } {
    const included = new Included();
    const data = rows.map(({ container, shipment }) => {
      const journey = this.deps.journeys.of(shipment);
      if (includes.has('shipment')) included.add(this.shipment(shipment));
      if (includes.has('pod_terminal'))
        included.add(serializeTerminal(journey.podTerminal, journey.stops.at(-1)?.port));
      if (includes.has('transport_events')) {
        for (const event of this.transportEvents(container, shipment, new Set()).data) included.add(event);
      }
      if (includes.has('raw_events')) {
        for (const event of this.rawEvents(container, shipment)) included.add(event);
      }
      return this.container(container, shipment);
    });
    return { data, included: included.list() };
  }

  /** Every milestone of the container's journey, past and estimated, in order. */
  rawEvents(container: ContainerRecord, shipment: ShipmentRecord): Resource[] {
    const plan = this.deps.journeys.planOf(shipment, container);
    const now = this.deps.clock.now();
    return plan.events.map((event, index) => serializeRawEvent(event, index, container, now));
  }

  /** What `include` adds to a container's raw events: their ports, their vessels and the container. */
  rawEventsIncluded(container: ContainerRecord, shipment: ShipmentRecord, includes: Set<string>): Resource[] {
    const included = new Included();
    for (const event of this.deps.journeys.planOf(shipment, container).events) {
      if (includes.has('location')) {
        const port = this.deps.ports.find(event.port.locode);
        if (port !== undefined) included.add(serializePort(port));
      }
      if (includes.has('vessel') && event.vessel !== null) included.add(serializeVessel(event.vessel));
    }
    if (includes.has('container')) included.add(this.container(container, shipment));
    return included.list();
  }

  transportEvents(
    container: ContainerRecord,
    shipment: ShipmentRecord,
    includes: Set<string>,
  ): { data: Resource[]; included: Resource[] } {
    const journey = this.deps.journeys.of(shipment);
    const plan = this.deps.journeys.planOf(shipment, container);
    const now = this.deps.clock.now();
    const included = new Included();
    const data: Resource[] = [];
    for (const [index, event] of plan.events.entries()) {
      if (event.at > now) break;
      data.push(serializeTransportEvent(event, index, container, journey));
      const pod = journey.stops.at(-1)?.port;
      if (includes.has('location')) {
        const port = this.deps.ports.find(event.port.locode);
        if (port !== undefined) included.add(serializePort(port));
      }
      if (includes.has('terminal') && event.port.locode === pod?.locode) {
        included.add(serializeTerminal(journey.podTerminal, pod));
      }
      if (includes.has('vessel') && event.vessel !== null) included.add(serializeVessel(event.vessel));
      if (includes.has('container')) included.add(this.container(container, shipment));
      if (includes.has('shipment')) included.add(this.shipment(shipment));
    }
    return { data, included: included.list() };
  }
}
