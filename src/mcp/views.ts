import { z } from 'zod';
import type {
  ContainerResource,
  IncludedResource,
  ShipmentResource,
  TrackingRequestResource,
  TransportEventResource,
} from '../client/tracking-schemas.ts';

/**
 * The shapes tools answer with: the API's JSON:API resources flattened into what an agent reads, with
 * the derived facts (days to the last free day, urgency, shipment status) computed once, here.
 */

const DAY_MS = 86_400_000;
/** Terminal data older than this no longer supports a demurrage warning. */
const STALE_TERMINAL_DATA_MS = 7 * DAY_MS;
/** Within this many days of the last free day, pickup is urgent. */
const IMMINENT_DAYS = 3;

const s = z.string().nullable();
const b = z.boolean().nullable();
const n = z.number().nullable();

const relatedId = (
  resource: { relationships?: Record<string, { data?: unknown }> | undefined },
  name: string,
) => {
  const data = resource.relationships?.[name]?.data;
  return data && typeof data === 'object' && 'id' in data && typeof data.id === 'string' ? data.id : null;
};

const findIncluded = (
  included: readonly IncludedResource[],
  type: string,
  id: string | null,
): IncludedResource | undefined =>
  id === null ? undefined : included.find((r) => r.type === type && r.id === id);

const attr = (resource: IncludedResource | undefined, name: string): string | null => {
  const value = resource?.attributes[name];
  return typeof value === 'string' ? value : null;
};

export const shipmentSummary = z.object({
  id: z.string(),
  bill_of_lading: s,
  shipping_line_scac: s,
  shipping_line_name: s,
  port_of_lading: s,
  port_of_discharge: s,
  destination: s,
  pod_eta_at: s,
  pod_ata_at: s,
  ref_numbers: z.array(z.string()),
});

export const eventView = z.object({
  event: z.string(),
  timestamp: s,
  timezone: s,
  voyage_number: s,
  location: s,
  data_source: s,
});

export const containerView = z.object({
  id: z.string(),
  container_number: z.string(),
  status: s,
  ref_numbers: z.array(z.string()),
  equipment: z.object({ type: s, length: n, height: s, weight_in_lbs: n }),
  location: z.object({
    available_for_pickup: b,
    availability_known: b,
    pod_arrived_at: s,
    pod_discharged_at: s,
    pod_full_out_at: s,
    location_at_pod_terminal: s,
    terminal_checked_at: s,
    pod_timezone: s,
  }),
  demurrage: z.object({
    pickup_lfd: s,
    last_free_days: z.object({ terminal: s, rail: s, line: s }),
    days_until_lfd: n,
    urgency: z.enum(['overdue', 'imminent', 'none', 'unknown']),
    urgency_reason: s,
    pickup_appointment_at: s,
    holds: z.array(z.object({ name: z.string(), status: z.string(), description: s })),
    fees: z.array(
      z.object({ type: z.string(), amount: z.union([z.number(), z.string()]), currency_code: s }),
    ),
  }),
  rail: z.object({
    pod_rail_carrier_scac: s,
    ind_rail_carrier_scac: s,
    pod_rail_loaded_at: s,
    pod_rail_departed_at: s,
    ind_eta_at: s,
    ind_ata_at: s,
    ind_rail_unloaded_at: s,
  }),
  empty_terminated_at: s,
  shipment: shipmentSummary.nullable(),
  pod_terminal: z.object({ id: z.string(), name: s }).nullable(),
  events: z.array(eventView).optional(),
});
export type ContainerView = z.infer<typeof containerView>;

type Urgency = ContainerView['demurrage']['urgency'];

/** Whole days from now to the last free day (negative once past), or why no warning can be given. */
const urgencyOf = (
  container: ContainerResource['attributes'],
  trackingStopped: boolean,
  now: number,
): { days: number | null; urgency: Urgency; reason: string | null } => {
  const lfd = container.pickup_lfd ? Date.parse(container.pickup_lfd) : Number.NaN;
  if (Number.isNaN(lfd)) return { days: null, urgency: 'none', reason: 'no last free day known' };
  const days = Math.floor((lfd - now) / DAY_MS);
  if (trackingStopped) return { days, urgency: 'unknown', reason: 'tracking has stopped' };
  const checked = container.terminal_checked_at ? Date.parse(container.terminal_checked_at) : Number.NaN;
  if (Number.isNaN(checked) || now - checked > STALE_TERMINAL_DATA_MS) {
    return { days, urgency: 'unknown', reason: 'terminal data missing or older than 7 days' };
  }
  if (days < 0) return { days, urgency: 'overdue', reason: null };
  if (days <= IMMINENT_DAYS) return { days, urgency: 'imminent', reason: null };
  return { days, urgency: 'none', reason: null };
};

export const toShipmentSummary = (shipment: {
  id: string;
  attributes: Record<string, unknown>;
}): z.infer<typeof shipmentSummary> => {
  const a = shipment.attributes;
  const str = (name: string) => (typeof a[name] === 'string' ? (a[name] as string) : null);
  const refs = Array.isArray(a.ref_numbers) ? a.ref_numbers.filter((r) => typeof r === 'string') : [];
  return {
    id: shipment.id,
    bill_of_lading: str('bill_of_lading_number'),
    shipping_line_scac: str('shipping_line_scac'),
    shipping_line_name: str('shipping_line_name'),
    port_of_lading: str('port_of_lading_name') ?? str('port_of_lading_locode'),
    port_of_discharge: str('port_of_discharge_name') ?? str('port_of_discharge_locode'),
    destination: str('destination_name') ?? str('destination_locode'),
    pod_eta_at: str('pod_eta_at'),
    pod_ata_at: str('pod_ata_at'),
    ref_numbers: refs,
  };
};

export const toEventView = (
  event: TransportEventResource | IncludedResource,
  included: readonly IncludedResource[],
): z.infer<typeof eventView> => {
  const a = event.attributes;
  const str = (name: string) => (typeof a[name] === 'string' ? (a[name] as string) : null);
  const locationId = relatedId(event, 'location');
  const location =
    findIncluded(included, 'port', locationId) ?? findIncluded(included, 'metro_area', locationId);
  return {
    event: str('event') ?? 'unknown',
    timestamp: str('timestamp'),
    timezone: str('timezone'),
    voyage_number: str('voyage_number'),
    location: attr(location, 'name') ?? str('location_locode'),
    data_source: str('data_source'),
  };
};

const byTime = (x: { timestamp: string | null }, y: { timestamp: string | null }) =>
  (x.timestamp ?? '').localeCompare(y.timestamp ?? '');

export const toContainerView = (
  container: ContainerResource,
  included: readonly IncludedResource[],
  now: number,
  options: { withEvents?: boolean } = {},
): ContainerView => {
  const a = container.attributes;
  const shipment = findIncluded(included, 'shipment', relatedId(container, 'shipment'));
  const terminal = findIncluded(included, 'terminal', relatedId(container, 'pod_terminal'));
  const trackingStopped = typeof shipment?.attributes.line_tracking_stopped_at === 'string';
  const { days, urgency, reason } = urgencyOf(a, trackingStopped, now);
  const view: ContainerView = {
    id: container.id,
    container_number: a.number,
    status: a.current_status ?? null,
    ref_numbers: a.ref_numbers ?? [],
    equipment: {
      type: a.equipment_type ?? null,
      length: a.equipment_length ?? null,
      height: a.equipment_height ?? null,
      weight_in_lbs: a.weight_in_lbs ?? null,
    },
    location: {
      available_for_pickup: a.available_for_pickup ?? null,
      availability_known: a.availability_known ?? null,
      pod_arrived_at: a.pod_arrived_at ?? null,
      pod_discharged_at: a.pod_discharged_at ?? null,
      pod_full_out_at: a.pod_full_out_at ?? null,
      location_at_pod_terminal: a.location_at_pod_terminal ?? null,
      terminal_checked_at: a.terminal_checked_at ?? null,
      pod_timezone: a.pod_timezone ?? null,
    },
    demurrage: {
      pickup_lfd: a.pickup_lfd ?? null,
      last_free_days: {
        terminal: a.import_deadlines?.pickup_lfd_terminal ?? null,
        rail: a.import_deadlines?.pickup_lfd_rail ?? null,
        line: a.import_deadlines?.pickup_lfd_line ?? null,
      },
      days_until_lfd: days,
      urgency,
      urgency_reason: reason,
      pickup_appointment_at: a.pickup_appointment_at ?? null,
      holds: (a.holds_at_pod_terminal ?? []).map((h) => ({
        name: h.name,
        status: h.status,
        description: h.description ?? null,
      })),
      fees: (a.fees_at_pod_terminal ?? []).map((f) => ({
        type: f.type,
        amount: f.amount,
        currency_code: f.currency_code ?? null,
      })),
    },
    rail: {
      pod_rail_carrier_scac: a.pod_rail_carrier_scac ?? null,
      ind_rail_carrier_scac: a.ind_rail_carrier_scac ?? null,
      pod_rail_loaded_at: a.pod_rail_loaded_at ?? null,
      pod_rail_departed_at: a.pod_rail_departed_at ?? null,
      ind_eta_at: a.ind_eta_at ?? null,
      ind_ata_at: a.ind_ata_at ?? null,
      ind_rail_unloaded_at: a.ind_rail_unloaded_at ?? null,
    },
    empty_terminated_at: a.empty_terminated_at ?? null,
    shipment: shipment ? toShipmentSummary(shipment) : null,
    pod_terminal: terminal ? { id: terminal.id, name: attr(terminal, 'name') } : null,
  };
  if (options.withEvents) {
    view.events = included
      .filter((r) => r.type === 'transport_event')
      .map((event) => toEventView(event, included))
      .sort(byTime);
  }
  return view;
};

export const trackingRequestView = z.object({
  id: z.string(),
  request_number: z.string(),
  request_type: z.string(),
  scac: s,
  status: z.string(),
  failed_reason: s,
  shipment_id: s,
  created_at: s,
});

export const toTrackingRequestView = (r: TrackingRequestResource): z.infer<typeof trackingRequestView> => ({
  id: r.id,
  request_number: r.attributes.request_number,
  request_type: r.attributes.request_type,
  scac: r.attributes.scac ?? null,
  status: r.attributes.status,
  failed_reason: r.attributes.failed_reason ?? null,
  shipment_id: relatedId(r, 'tracked_object'),
  created_at: r.attributes.created_at ?? null,
});

/** Derived from the milestones the shipment has passed, latest first. */
export const shipmentStatusOf = (a: ShipmentResource['attributes']) => {
  if (a.destination_ata_at) return 'delivered_to_destination' as const;
  if (a.pod_ata_at) return 'arrived_at_pod' as const;
  if (a.pol_atd_at) return 'in_transit' as const;
  if (a.pol_etd_at || a.pod_eta_at) return 'awaiting_departure' as const;
  return 'pending' as const;
};

export const pageOutput = {
  links: z.record(z.string(), z.string().nullable()).optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
};

/** `page[number]` and `page[size]` (clamped to the API's 100) for the list tools. */
export const pageQuery = (page: number | undefined, pageSize: number) => ({
  'page[number]': page,
  'page[size]': Math.min(pageSize, 100),
});

export { relatedId };
