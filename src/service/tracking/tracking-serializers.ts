import { CARRIER_CATALOG } from '../../domain/carriers/carrier-catalog.ts';
import type { Port } from '../../domain/ports/port-catalog.ts';
import { portId } from '../../domain/ports/port-catalog.ts';
import { containerStateAt } from '../../domain/tracking/container-state.ts';
import type { Terminal, Vessel } from '../../domain/tracking/sandbox-fleet.ts';
import type { ContainerPlan, Journey, JourneyEvent } from '../../domain/tracking/sandbox-journey.ts';
import { rawEventId, transportEventId } from './event-serializers.ts';
import { knownCarrierName } from './known-carriers.ts';
import { iso, type Resource, ref } from './resource.ts';
import type { ContainerRecord, ShipmentRecord, TrackingRequestRecord } from './tracking-store.ts';

export {
  rawEventId,
  serializeRawEvent,
  serializeTransportEvent,
  transportEventId,
} from './event-serializers.ts';
export type { Identifier, Resource } from './resource.ts';

/** `customerId`: the party the request was made for (its `customer` relationship), when there is one. */
export function serializeTrackingRequest(
  request: TrackingRequestRecord,
  customerId: string | null = null,
): Resource {
  return {
    id: request.id,
    type: 'tracking_request',
    attributes: {
      request_number: request.requestNumber,
      request_type: request.requestType,
      // Empty while an auto-detected carrier is not known yet.
      scac: request.scac === '' ? null : request.scac,
      ref_numbers: request.refNumbers,
      shipment_tags: request.shipmentTags,
      // The spec's name for the same list (the guides and the request body say `shipment_tags`).
      tags: request.shipmentTags,
      status: request.status,
      failed_reason: request.failedReason,
      is_retrying: false,
      retry_count: null,
      created_at: iso(request.createdAt),
      updated_at: iso(request.updatedAt),
    },
    relationships: {
      tracked_object: ref('shipment', request.shipmentId),
      customer: ref('party', customerId),
      user: { data: null },
    },
    links: { self: `/v2/tracking_requests/${request.id}` },
  };
}

export function serializePort(port: Port): Resource {
  return {
    id: port.id,
    type: 'port',
    attributes: {
      id: port.id,
      name: port.name,
      code: port.locode,
      state_abbr: port.stateAbbr,
      city: port.city,
      country_code: port.countryCode,
      // The live service sends coordinates as strings.
      latitude: String(port.latitude),
      longitude: String(port.longitude),
      time_zone: port.timeZone,
    },
    relationships: { terminals: { data: [] } },
    links: { self: `/v2/ports/${port.id}` },
  };
}

/** A metro area (upstream `metro_area`): the spec's attributes, coordinates as numbers as the spec has them. */
export function serializeMetroArea(place: Port): Resource {
  return {
    id: place.id,
    type: 'metro_area',
    attributes: {
      id: place.id,
      name: place.name,
      code: place.locode,
      state_abbr: place.stateAbbr,
      country_code: place.countryCode,
      time_zone: place.timeZone,
      latitude: place.latitude,
      longitude: place.longitude,
    },
    links: { self: `/v2/metro_areas/${place.id}` },
  };
}

export function serializeTerminal(terminal: Terminal, port: Port | undefined): Resource {
  return {
    id: terminal.id,
    type: 'terminal',
    attributes: {
      id: terminal.id,
      name: terminal.name,
      nickname: terminal.nickname,
      firms_code: terminal.firmsCode,
      smdg_code: terminal.smdgCode,
      bic_facility_code: null,
      street: null,
      city: port?.city ?? null,
      state: null,
      state_abbr: port?.stateAbbr ?? null,
      zip: null,
      country: port?.countryCode ?? null,
    },
    relationships: { port: ref('port', terminal.portId) },
    links: { self: `/v2/terminals/${terminal.id}` },
  };
}

export function serializeVessel(vessel: Vessel): Resource {
  return {
    id: vessel.id,
    type: 'vessel',
    attributes: {
      name: vessel.name,
      imo: vessel.imo,
      mmsi: vessel.mmsi,
      call_sign: null,
      flag: vessel.flag,
      // Positions are a paid upstream feature (`show_positions`); the route map carries the sandbox's.
      latitude: null,
      longitude: null,
      nautical_speed_knots: null,
      navigational_heading_degrees: null,
      position_timestamp: null,
    },
    links: { self: `/v2/vessels/${vessel.id}` },
  };
}

export function serializeShipment(
  shipment: ShipmentRecord,
  journey: Journey,
  containers: readonly ContainerRecord[],
  now: number,
  customerName: string | null = null,
): Resource {
  const first = journey.legs[0];
  const last = journey.legs.at(-1);
  const pol = journey.stops[0]?.port;
  const pod = journey.stops.at(-1)?.port;
  const departed = first !== undefined && first.departAt <= now;
  const arrived = last !== undefined && last.arriveAt <= now;
  return {
    id: shipment.id,
    type: 'shipment',
    attributes: {
      bill_of_lading_number: journey.billOfLadingNumber,
      normalized_number: journey.billOfLadingNumber,
      ref_numbers: shipment.refNumbers,
      tags: shipment.tags,
      created_at: iso(shipment.createdAt),
      shipping_line_scac: shipment.scac,
      shipping_line_name: knownCarrierName(shipment.scac) ?? null,
      shipping_line_short_name:
        CARRIER_CATALOG.bySCAC(shipment.scac)?.shortName ?? knownCarrierName(shipment.scac) ?? null,
      customer_name: customerName,
      port_of_lading_locode: pol?.locode ?? null,
      port_of_lading_name: pol?.name ?? null,
      port_of_discharge_locode: pod?.locode ?? null,
      port_of_discharge_name: pod?.name ?? null,
      destination_locode: null,
      destination_name: null,
      pod_vessel_name: last?.vessel.name ?? null,
      pod_vessel_imo: last?.vessel.imo ?? null,
      pod_voyage_number: last?.voyageNumber ?? null,
      pol_etd_at: iso(first?.departAt),
      pol_atd_at: departed ? iso(first?.departAt) : null,
      pod_eta_at: iso(last?.arriveAt),
      pod_original_eta_at: iso(last?.arriveAt),
      pod_ata_at: arrived ? iso(last?.arriveAt) : null,
      destination_eta_at: null,
      destination_ata_at: null,
      pol_timezone: pol?.timeZone ?? null,
      pod_timezone: pod?.timeZone ?? null,
      destination_timezone: null,
      line_tracking_last_attempted_at: iso(now),
      line_tracking_last_succeeded_at: iso(now),
      line_tracking_stopped_at: iso(shipment.trackingStoppedAt),
      line_tracking_stopped_reason: shipment.trackingStoppedAt === null ? null : 'cancelled_by_user',
    },
    relationships: {
      port_of_lading: ref('port', pol === undefined ? null : portId(pol.locode)),
      port_of_discharge: ref('port', pod === undefined ? null : portId(pod.locode)),
      pod_terminal: ref('terminal', journey.podTerminal.id),
      destination: { data: null },
      destination_terminal: { data: null },
      line_tracking_stopped_by_user: { data: null },
      containers: { data: containers.map((container) => ({ id: container.id, type: 'container' })) },
    },
    links: { self: `/v2/shipments/${shipment.id}` },
  };
}

export function serializeContainer(
  container: ContainerRecord,
  shipment: ShipmentRecord,
  journey: Journey,
  plan: ContainerPlan,
  now: number,
): Resource {
  const state = containerStateAt(plan, journey, now);
  const pod = journey.stops.at(-1)?.port;
  const at = (event: JourneyEvent['event']): string | null =>
    iso(state.pastEvents.find((past) => past.event === event)?.at);
  return {
    id: container.id,
    type: 'container',
    attributes: {
      number: container.number,
      // The tracking issue's (and the MCP tools') name for the number; `number` is the upstream's.
      container_number: container.number,
      ref_numbers: container.refNumbers,
      seal_number: plan.sealNumber,
      created_at: iso(container.createdAt),
      equipment_type: plan.equipmentType,
      equipment_length: plan.equipmentLength,
      equipment_height: plan.equipmentHeight,
      weight_in_lbs: plan.weightInLbs,
      pickup_lfd: state.pickup_lfd,
      pickup_appointment_at: null,
      availability_known: state.available_for_pickup !== null,
      available_for_pickup: state.available_for_pickup,
      pod_arrived_at: iso(state.podArrivedAt),
      pod_discharged_at: iso(state.podDischargedAt),
      pod_full_out_at: iso(state.podFullOutAt),
      pod_full_out_chassis_number: null,
      location_at_pod_terminal: state.current_status === 'available' ? 'Yard' : null,
      terminal_checked_at: iso(state.terminalCheckedAt),
      final_destination_full_out_at: null,
      empty_terminated_at: iso(state.emptyTerminatedAt),
      holds_at_pod_terminal: state.holds_at_pod_terminal,
      fees_at_pod_terminal: state.fees_at_pod_terminal,
      // The tracking issue's short names for the two lists above (the upstream's are the long ones).
      holds: state.holds_at_pod_terminal,
      fees: state.fees_at_pod_terminal,
      pod_timezone: pod?.timeZone ?? null,
      final_destination_timezone: null,
      empty_terminated_timezone: state.emptyTerminatedAt === null ? null : (pod?.timeZone ?? null),
      pod_rail_carrier_scac: null,
      ind_rail_carrier_scac: null,
      pod_rail_loaded_at: null,
      pod_rail_departed_at: null,
      ind_eta_at: null,
      ind_ata_at: null,
      ind_rail_unloaded_at: null,
      // Deprecated upstream for `import_deadlines.pickup_lfd_rail`, and still sent: null, as that is.
      ind_facility_lfd_on: null,
      // The spec's names for the rail and pickup-facility fields (the sandbox has no inland rail moves).
      pickup_rail_carrier_scac: null,
      inland_destination_eta_at: null,
      inland_destination_ata_at: null,
      inland_destination_rail_unloaded_at: null,
      pickup_facility_holds: null,
      pickup_facility_fees: null,
      pickup_facility_yard_location: null,
      pickup_facility_lfd_on: null,
      pod_last_tracking_request_at: iso(now),
      shipment_last_tracking_request_at: iso(now),
      import_deadlines:
        state.pickup_lfd === null
          ? null
          : { pickup_lfd_terminal: state.pickup_lfd, pickup_lfd_rail: null, pickup_lfd_line: null },
      current_status: state.current_status,
      empty_out_at: at('container.transport.empty_out'),
      pol_full_in_at: at('container.transport.full_in'),
      pol_vessel_loaded_at: at('container.transport.vessel_loaded'),
      pol_vessel_departed_at: at('container.transport.vessel_departed'),
    },
    relationships: {
      shipment: ref('shipment', shipment.id),
      pod_terminal: ref('terminal', journey.podTerminal.id),
      pickup_facility: { data: null },
      transport_events: {
        data: state.pastEvents.map((_, index) => ({
          id: transportEventId(container.id, index),
          type: 'transport_event',
        })),
      },
      raw_events: {
        data: plan.events.map((_, index) => ({ id: rawEventId(container.id, index), type: 'raw_event' })),
      },
    },
    links: { self: `/v2/containers/${container.id}` },
  };
}
