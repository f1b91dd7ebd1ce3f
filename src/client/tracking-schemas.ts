import { z } from 'zod';

/**
 * What the MCP server reads from the tracking API, validated loosely on purpose: the fields the tools
 * use are typed, anything else the API adds passes through untouched, so a new attribute upstream never
 * breaks an agent. Shapes follow the upstream JSON:API documents (`/v2/containers`, `/v2/shipments`…).
 */

const text = z.string().nullable().optional();
const time = z.string().nullable().optional();
const relationship = z
  .object({
    data: z
      .union([
        z.object({ id: z.string(), type: z.string() }),
        z.array(z.object({ id: z.string(), type: z.string() })),
      ])
      .nullable()
      .optional(),
  })
  .loose();

const resource = <A extends z.ZodRawShape>(type: string, attributes: A) =>
  z
    .object({
      id: z.string(),
      type: z.literal(type),
      attributes: z.object(attributes).loose(),
      relationships: z.record(z.string(), relationship).optional(),
    })
    .loose();

/** Any included resource: typed by the reader that picks it out. */
export const includedResource = z
  .object({
    id: z.string(),
    type: z.string(),
    attributes: z.record(z.string(), z.unknown()).default({}),
    relationships: z.record(z.string(), relationship).optional(),
  })
  .loose();
export type IncludedResource = z.infer<typeof includedResource>;

export const hold = z.object({ name: z.string(), status: z.string(), description: text }).loose();
export const fee = z
  .object({ type: z.string(), amount: z.union([z.number(), z.string()]), currency_code: text })
  .loose();

export const containerResource = resource('container', {
  number: z.string(),
  ref_numbers: z.array(z.string()).nullable().optional(),
  seal_number: text,
  equipment_type: text,
  equipment_length: z.number().nullable().optional(),
  equipment_height: text,
  weight_in_lbs: z.number().nullable().optional(),
  current_status: text,
  available_for_pickup: z.boolean().nullable().optional(),
  availability_known: z.boolean().nullable().optional(),
  pickup_lfd: time,
  pickup_appointment_at: time,
  pod_arrived_at: time,
  pod_discharged_at: time,
  pod_full_out_at: time,
  final_destination_full_out_at: time,
  empty_terminated_at: time,
  location_at_pod_terminal: text,
  terminal_checked_at: time,
  holds_at_pod_terminal: z.array(hold).nullable().optional(),
  fees_at_pod_terminal: z.array(fee).nullable().optional(),
  pod_timezone: text,
  import_deadlines: z
    .object({ pickup_lfd_terminal: time, pickup_lfd_rail: time, pickup_lfd_line: time })
    .loose()
    .nullable()
    .optional(),
  pod_rail_carrier_scac: text,
  ind_rail_carrier_scac: text,
  pod_rail_loaded_at: time,
  pod_rail_departed_at: time,
  ind_eta_at: time,
  ind_ata_at: time,
  ind_rail_unloaded_at: time,
  created_at: time,
});
export type ContainerResource = z.infer<typeof containerResource>;

export const shipmentResource = resource('shipment', {
  bill_of_lading_number: text,
  normalized_number: text,
  ref_numbers: z.array(z.string()).nullable().optional(),
  tags: z.array(z.string()).nullable().optional(),
  shipping_line_scac: text,
  shipping_line_name: text,
  shipping_line_short_name: text,
  customer_name: text,
  port_of_lading_locode: text,
  port_of_lading_name: text,
  port_of_discharge_locode: text,
  port_of_discharge_name: text,
  destination_locode: text,
  destination_name: text,
  pod_vessel_name: text,
  pod_vessel_imo: text,
  pod_voyage_number: text,
  pol_etd_at: time,
  pol_atd_at: time,
  pod_eta_at: time,
  pod_original_eta_at: time,
  pod_ata_at: time,
  destination_eta_at: time,
  destination_ata_at: time,
  line_tracking_last_attempted_at: time,
  line_tracking_last_succeeded_at: time,
  line_tracking_stopped_at: time,
  line_tracking_stopped_reason: text,
  created_at: time,
});
export type ShipmentResource = z.infer<typeof shipmentResource>;

export const transportEventResource = resource('transport_event', {
  event: z.string(),
  timestamp: time,
  timezone: text,
  voyage_number: text,
  location_locode: text,
  data_source: text,
  created_at: time,
});
export type TransportEventResource = z.infer<typeof transportEventResource>;

export const trackingRequestResource = resource('tracking_request', {
  request_number: z.string(),
  request_type: z.string(),
  scac: text,
  status: z.string(),
  failed_reason: text,
  ref_numbers: z.array(z.string()).nullable().optional(),
  is_retrying: z.boolean().nullable().optional(),
  retry_count: z.number().nullable().optional(),
  created_at: time,
  updated_at: time,
});
export type TrackingRequestResource = z.infer<typeof trackingRequestResource>;

export const shippingLineResource = resource('shipping_line', {
  scac: z.string(),
  name: z.string(),
  short_name: text,
  bol_prefix: text,
  alternative_scacs: z.array(z.string()).nullable().optional(),
  bill_of_lading_tracking_support: z.boolean().nullable().optional(),
  booking_number_tracking_support: z.boolean().nullable().optional(),
  container_number_tracking_support: z.boolean().nullable().optional(),
});
export type ShippingLineResource = z.infer<typeof shippingLineResource>;

/** Live `/search` answers `type: "search_result"` with the entity in `attributes.entity_type`. */
export const searchResultResource = resource('search_result', {
  entity_type: z.string(),
  number: text,
  shipment_id: text,
  scac: text,
  status: text,
  ref_numbers: z.array(z.string()).nullable().optional(),
  containers_count: z.number().nullable().optional(),
  port_of_lading_name: text,
  port_of_discharge_name: text,
  tracking_stopped: z.boolean().nullable().optional(),
  created_at: time,
});
export type SearchResultResource = z.infer<typeof searchResultResource>;

export const routeResource = resource('route', {}).extend({
  relationships: z.record(z.string(), relationship).optional(),
});

export const inferNumberResult = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('infer_number_results'),
    attributes: z
      .object({
        number_type: z.string().nullable().optional(),
        validation: z
          .object({
            is_valid: z.boolean().nullable().optional(),
            type: text,
            check_digit_passed: z.boolean().nullable().optional(),
            parsed_number: text,
            reason: text,
          })
          .loose()
          .nullable()
          .optional(),
        shipping_line: z
          .object({
            decision: z.string(),
            selected: z
              .object({ scac: z.string(), name: text, confidence: z.number().nullable().optional() })
              .loose()
              .nullable()
              .optional(),
            candidates: z.array(z.object({ scac: z.string() }).loose()).optional(),
          })
          .loose()
          .nullable()
          .optional(),
      })
      .loose(),
  }),
});
export type InferNumberResult = z.infer<typeof inferNumberResult>['data']['attributes'];

const pageLinks = z.record(z.string(), z.string().nullable()).optional();
const pageMeta = z.record(z.string(), z.unknown()).optional();

export const one = <T extends z.ZodType>(data: T) =>
  z.object({ data, included: z.array(includedResource).optional(), links: pageLinks }).loose();
export const many = <T extends z.ZodType>(data: T) =>
  z
    .object({
      data: z.array(data),
      included: z.array(includedResource).optional(),
      links: pageLinks,
      meta: pageMeta,
    })
    .loose();

export type One<T extends z.ZodType> = z.infer<ReturnType<typeof one<T>>>;
export type Many<T extends z.ZodType> = z.infer<ReturnType<typeof many<T>>>;
