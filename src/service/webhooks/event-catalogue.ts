import type { WebhookEvent } from '../../contract/webhook-events.ts';

export interface EventCategory {
  readonly id: string;
  readonly name: string;
  readonly events: readonly { readonly name: WebhookEvent; readonly description: string }[];
}

/**
 * `GET /webhooks/events`, grouped as the upstream event catalogue groups them. Every event of the
 * contract's list appears exactly once (a unit test holds that).
 */
export const EVENT_CATALOGUE: readonly EventCategory[] = [
  {
    id: 'tracking-request-events',
    name: 'Tracking Request',
    events: [
      { name: 'tracking_request.succeeded', description: 'The shipment was found, created and linked.' },
      { name: 'tracking_request.failed', description: 'The tracking request failed permanently.' },
      {
        name: 'tracking_request.awaiting_manifest',
        description: 'The shipment is not manifested yet; the request keeps retrying.',
      },
      {
        name: 'tracking_request.tracking_stopped',
        description: 'The shipment will receive no more updates.',
      },
    ],
  },
  {
    id: 'origin-events',
    name: 'Origin',
    events: [
      { name: 'container.transport.empty_out', description: 'The empty container was picked up.' },
      {
        name: 'container.transport.full_in',
        description: 'The full container was gated in at the port of lading.',
      },
      { name: 'container.transport.vessel_loaded', description: 'The container was loaded on the vessel.' },
      { name: 'container.transport.vessel_departed', description: 'The vessel left the port of lading.' },
    ],
  },
  {
    id: 'transshipment-events',
    name: 'Transshipment and Feeder',
    events: [
      { name: 'container.transport.transshipment_arrived', description: 'Arrived at a transshipment port.' },
      {
        name: 'container.transport.transshipment_discharged',
        description: 'Discharged at a transshipment port.',
      },
      { name: 'container.transport.transshipment_loaded', description: 'Loaded at a transshipment port.' },
      { name: 'container.transport.transshipment_departed', description: 'Left a transshipment port.' },
      { name: 'container.transport.feeder_arrived', description: 'The feeder vessel or barge arrived.' },
      {
        name: 'container.transport.feeder_discharged',
        description: 'Discharged from the feeder vessel or barge.',
      },
      { name: 'container.transport.feeder_loaded', description: 'Loaded on the feeder vessel or barge.' },
      { name: 'container.transport.feeder_departed', description: 'The feeder vessel or barge departed.' },
    ],
  },
  {
    id: 'destination-events',
    name: 'Destination',
    events: [
      {
        name: 'container.transport.vessel_arrived',
        description: 'The vessel arrived at the port of discharge.',
      },
      {
        name: 'container.transport.vessel_berthed',
        description: 'The vessel berthed at the port of discharge.',
      },
      {
        name: 'container.transport.vessel_discharged',
        description: 'The container was discharged from the vessel.',
      },
      { name: 'container.transport.available', description: 'The container became available for pickup.' },
      {
        name: 'container.transport.not_available',
        description: 'The container is no longer available for pickup.',
      },
      { name: 'container.transport.full_out', description: 'The full container was gated out.' },
      { name: 'container.transport.delivered', description: 'The container was marked as delivered.' },
      { name: 'container.transport.empty_in', description: 'The empty container was returned.' },
    ],
  },
  {
    id: 'rail-events',
    name: 'Rail',
    events: [
      { name: 'container.transport.rail_loaded', description: 'The container was loaded on the train.' },
      { name: 'container.transport.rail_departed', description: 'The train departed.' },
      { name: 'container.transport.rail_arrived', description: 'The train arrived.' },
      {
        name: 'container.transport.rail_unloaded',
        description: 'The container was unloaded from the train.',
      },
      {
        name: 'container.transport.arrived_at_inland_destination',
        description: 'The container reached its inland destination (shipments with a rail leg only).',
      },
    ],
  },
  {
    id: 'estimate-events',
    name: 'Estimates',
    events: [
      {
        name: 'container.transport.estimated.vessel_departed',
        description: 'The estimated departure from the port of lading changed.',
      },
      {
        name: 'shipment.estimated.arrival',
        description: 'The shipment’s estimated arrival at the port of discharge changed.',
      },
      {
        name: 'container.transport.estimated.vessel_arrived',
        description: 'The container’s estimated arrival at the port of discharge changed.',
      },
      {
        name: 'container.transport.estimated.arrived_at_inland_destination',
        description: 'The estimated arrival at the inland destination changed.',
      },
    ],
  },
  {
    id: 'container-events',
    name: 'Container',
    events: [
      { name: 'container.created', description: 'A container was added to a shipment.' },
      {
        name: 'container.updated',
        description: 'Terminal attributes of the container changed (see the changeset).',
      },
      {
        name: 'container.pod_terminal_changed',
        description: 'The terminal at the port of discharge changed.',
      },
      {
        name: 'container.pickup_lfd.changed',
        description: 'The last free day changed (coalesced: line, then terminal, then rail).',
      },
      {
        name: 'container.pickup_lfd_line.changed',
        description: 'The shipping line’s last free day changed.',
      },
      { name: 'container.pickup_lfd_terminal.changed', description: 'The terminal’s last free day changed.' },
      { name: 'container.pickup_lfd_rail.changed', description: 'The rail last free day changed.' },
      { name: 'container.pickup_appointment.changed', description: 'The pickup appointment changed.' },
    ],
  },
  {
    id: 'document-events',
    name: 'Documents',
    events: [
      { name: 'document.extracted', description: 'Data was extracted from the document.' },
      { name: 'document.extraction_failed', description: 'Extraction of the document did not complete.' },
    ],
  },
];
