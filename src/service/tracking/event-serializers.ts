import { portId } from '../../domain/ports/port-catalog.ts';
import { stableUuid } from '../../domain/stable-id.ts';
import type { Journey, JourneyEvent } from '../../domain/tracking/sandbox-journey.ts';
import { iso, type Resource, ref } from './resource.ts';
import type { ContainerRecord } from './tracking-records.ts';

/** A container's milestones as the API sends them: normalized transport events and the line's raw events. */

/** The id of the n-th carrier milestone of a container (past or estimated), stable across reads. */
export const rawEventId = (containerId: string, index: number): string =>
  stableUuid('raw_event', `${containerId}:${index}`);

/** The id of the n-th milestone of a container: stable, so a transport event is the same resource every read. */
export const transportEventId = (containerId: string, index: number): string =>
  stableUuid('transport_event', `${containerId}:${index}`);

export function serializeTransportEvent(
  event: JourneyEvent,
  index: number,
  container: ContainerRecord,
  journey: Journey,
): Resource {
  const atPod = event.port.locode === journey.stops.at(-1)?.port.locode;
  return {
    id: transportEventId(container.id, index),
    type: 'transport_event',
    attributes: {
      event: event.event,
      voyage_number: event.voyageNumber,
      timestamp: iso(event.at),
      timezone: event.port.timeZone,
      location_locode: event.port.locode,
      created_at: iso(event.at),
      data_source: atPod && event.vessel === null ? 'terminal' : 'shipping_line',
      invalidated_at: null,
    },
    relationships: {
      shipment: ref('shipment', container.shipmentId),
      container: ref('container', container.id),
      vessel: ref('vessel', event.vessel?.id ?? null),
      location: ref('port', portId(event.port.locode)),
      terminal: ref('terminal', atPod ? journey.podTerminal.id : null),
    },
  };
}

/**
 * The normalized names a `raw_event` may carry (the upstream's `raw_event.attributes.event` enum). A milestone
 * outside them (a berthing, which the upstream reads from AIS and terminals, not from the line) keeps its
 * wording in `original_event` with `event` null, as the upstream sends a line event it does not normalize.
 */
export const RAW_EVENT_NAMES: ReadonlySet<string> = new Set([
  'empty_out',
  'full_in',
  'positioned_in',
  'positioned_out',
  'vessel_loaded',
  'vessel_departed',
  'transshipment_arrived',
  'transshipment_discharged',
  'transshipment_loaded',
  'transshipment_departed',
  'feeder_arrived',
  'feeder_discharged',
  'feeder_loaded',
  'feeder_departed',
  'rail_loaded',
  'rail_departed',
  'rail_arrived',
  'rail_unloaded',
  'vessel_arrived',
  'vessel_discharged',
  'arrived_at_destination',
  'delivered',
  'full_out',
  'empty_in',
  'vgm_received',
  'carrier_release',
  'customs_release',
  'available',
]);

/**
 * A carrier milestone as the line reports it (`raw_event`): short names, past and estimated alike, so the
 * journey's remaining milestones show up as estimates.
 */
export function serializeRawEvent(
  event: JourneyEvent,
  index: number,
  container: ContainerRecord,
  now: number,
): Resource {
  const name = event.event.replace('container.transport.', '');
  return {
    id: rawEventId(container.id, index),
    type: 'raw_event',
    attributes: {
      event: RAW_EVENT_NAMES.has(name) ? name : null,
      original_event: name.replaceAll('_', ' '),
      timestamp: iso(event.at),
      estimated: event.at > now,
      actual_on: event.at > now ? null : iso(event.at)?.slice(0, 10),
      estimated_on: event.at > now ? iso(event.at)?.slice(0, 10) : null,
      actual_at: event.at > now ? null : iso(event.at),
      estimated_at: event.at > now ? iso(event.at) : null,
      location_name: event.port.name,
      location_locode: event.port.locode,
      vessel_name: event.vessel?.name ?? null,
      vessel_imo: event.vessel?.imo ?? null,
      voyage_number: event.voyageNumber,
      timezone: event.port.timeZone,
      index,
      created_at: iso(Math.min(event.at, now)),
    },
    relationships: {
      container: ref('container', container.id),
      location: ref('port', portId(event.port.locode)),
      vessel: ref('vessel', event.vessel?.id ?? null),
    },
  };
}
