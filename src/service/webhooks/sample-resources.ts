import { SAMPLE_TIME } from './sample-documents.ts';

/**
 * The resources a sample tracking notification carries, with the attributes and relationships of the
 * upstream OpenAPI's webhook_notification examples: a bill of lading from Shanghai to Los Angeles, one box
 * discharged and available at its terminal.
 */

export const SAMPLE_RESOURCE_IDS = {
  trackingRequest: 'e1a4c7d2-3b6f-4a9e-8c1d-7f2b5e8a3c11',
  shipment: 'a7d2e5b8-4c1f-4e6a-9b3d-1c8f4a7e2d12',
  container: 'b3f6a9c2-5d8e-4b1a-8e4f-2d7c1b5a9e13',
  event: 'd8c1f4a7-6e9b-4c2d-9a5e-3b8d2c6f1a14',
  port: 'f2b5e8c1-7a4d-4e9b-8c6f-4e1a3d7b2c15',
  portOfLading: 'c4e7a1d3-8b2f-4d6a-9e5c-5f2b4e8a1d18',
  terminal: '9a3d6f1c-2e5b-4c8d-a7f4-6b1e3c9d2a19',
  vessel: '6e1b4d8a-3f7c-4a2e-b9d5-7c3a5f1e8b20',
} as const;

const IDS = SAMPLE_RESOURCE_IDS;
const POD_ZONE = 'America/Los_Angeles';
const one = (type: string, id: string | null) => ({ data: id === null ? null : { id, type } });

export const samplePort = {
  id: IDS.port,
  type: 'port',
  attributes: {
    id: IDS.port,
    name: 'Los Angeles',
    code: 'USLAX',
    state_abbr: 'CA',
    city: 'Los Angeles',
    country_code: 'US',
    time_zone: POD_ZONE,
  },
};

export const sampleTerminal = {
  id: IDS.terminal,
  type: 'terminal',
  attributes: { id: IDS.terminal, nickname: 'FMS', name: 'Fenix Marine Services', firms_code: 'Y790' },
  relationships: { port: one('port', IDS.port) },
};

export const sampleShipment = {
  id: IDS.shipment,
  type: 'shipment',
  attributes: {
    created_at: SAMPLE_TIME,
    bill_of_lading_number: 'MEDUXA123456',
    ref_numbers: [],
    tags: [],
    shipping_line_scac: 'MSCU',
    shipping_line_name: 'Mediterranean Shipping Company',
    port_of_lading_locode: 'CNSHA',
    port_of_lading_name: 'Shanghai',
    port_of_discharge_locode: 'USLAX',
    port_of_discharge_name: 'Los Angeles',
    pod_vessel_name: 'MSC ANNA',
    pod_vessel_imo: '9777058',
    pod_voyage_number: '612W',
    destination_locode: null,
    destination_name: null,
    destination_timezone: null,
    destination_ata_at: null,
    destination_eta_at: null,
    pol_etd_at: null,
    pol_atd_at: '2026-03-10T06:00:00Z',
    pol_timezone: 'Asia/Shanghai',
    pod_eta_at: '2026-03-28T08:00:00Z',
    pod_ata_at: null,
    pod_timezone: POD_ZONE,
  },
  relationships: {
    port_of_lading: one('port', IDS.portOfLading),
    port_of_discharge: one('port', IDS.port),
    pod_terminal: one('terminal', IDS.terminal),
    destination: one('port', null),
    containers: { data: [{ id: IDS.container, type: 'container' }] },
  },
  links: { self: `/v2/shipments/${IDS.shipment}` },
};

export const sampleContainer = {
  id: IDS.container,
  type: 'container',
  attributes: {
    number: 'MSCU1234566',
    seal_number: 'FX2210877',
    created_at: SAMPLE_TIME,
    equipment_type: 'dry',
    equipment_length: 40,
    equipment_height: 'high_cube',
    weight_in_lbs: 38250,
    fees_at_pod_terminal: [],
    holds_at_pod_terminal: [],
    pickup_lfd: '2026-04-02T07:00:00Z',
    pickup_appointment_at: null,
    availability_known: true,
    available_for_pickup: true,
    pod_arrived_at: '2026-03-28T08:00:00Z',
    pod_discharged_at: '2026-03-29T03:00:00Z',
    final_destination_full_out_at: null,
    pod_full_out_at: null,
    empty_terminated_at: null,
    pod_timezone: POD_ZONE,
    final_destination_timezone: null,
    empty_terminated_timezone: null,
    current_status: 'available',
  },
  relationships: {
    shipment: one('shipment', IDS.shipment),
    pod_terminal: one('terminal', IDS.terminal),
    transport_events: { data: [] },
  },
};

export const sampleTrackingRequest = (status: 'created' | 'failed' | 'awaiting_manifest') => ({
  id: IDS.trackingRequest,
  type: 'tracking_request',
  attributes: {
    request_number: 'MEDUXA123456',
    request_type: 'bill_of_lading',
    scac: 'MSCU',
    ref_numbers: [],
    shipment_tags: [],
    created_at: SAMPLE_TIME,
    updated_at: SAMPLE_TIME,
    status,
    failed_reason:
      status === 'failed' ? 'not_found' : status === 'awaiting_manifest' ? 'awaiting_manifest' : null,
    is_retrying: false,
    retry_count: null,
  },
  relationships: {
    tracked_object: one('shipment', status === 'failed' ? null : IDS.shipment),
    customer: one('party', null),
  },
  links: { self: `/v2/tracking_requests/${IDS.trackingRequest}` },
});

/** A milestone at Los Angeles: its shipment, box, vessel, port and terminal, as the upstream relates it. */
export const sampleTransportEvent = (event: string, extra: Record<string, unknown> = {}) => ({
  id: IDS.event,
  type: 'transport_event',
  attributes: {
    event,
    created_at: SAMPLE_TIME,
    voyage_number: '612W',
    timestamp: SAMPLE_TIME,
    timezone: POD_ZONE,
    location_locode: 'USLAX',
    data_source: 'shipping_line',
    ...extra,
  },
  relationships: {
    shipment: one('shipment', IDS.shipment),
    container: one('container', IDS.container),
    vessel: one('vessel', IDS.vessel),
    location: one('port', IDS.port),
    terminal: one('terminal', IDS.terminal),
  },
});

/** An estimate at Los Angeles: shipment, port and vessel (and the box, for a container's estimate). */
export const sampleEstimatedEvent = (event: string) => ({
  id: IDS.event,
  type: 'estimated_event',
  attributes: {
    created_at: SAMPLE_TIME,
    estimated_timestamp: '2026-03-28T08:00:00Z',
    voyage_number: '612W',
    event,
    location_locode: 'USLAX',
    timezone: POD_ZONE,
  },
  relationships: {
    shipment: one('shipment', IDS.shipment),
    port: one('port', IDS.port),
    vessel: one('vessel', IDS.vessel),
    ...(event.startsWith('container.') ? { container: one('container', IDS.container) } : {}),
  },
});

/** A terminal change: the box and its terminal (and its shipment, as the sandbox's own deliveries carry). */
export const sampleContainerUpdatedEvent = (changeset: Record<string, unknown>) => ({
  id: IDS.event,
  type: 'container_updated_event',
  attributes: { changeset, timestamp: SAMPLE_TIME, data_source: 'terminal', timezone: POD_ZONE },
  relationships: {
    container: one('container', IDS.container),
    terminal: one('terminal', IDS.terminal),
    shipment: one('shipment', IDS.shipment),
  },
});
