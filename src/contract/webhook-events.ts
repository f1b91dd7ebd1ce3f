import { z } from 'zod';

/** The upstream event catalogue (43 events). */
export const webhookEvents = [
  'tracking_request.succeeded',
  'tracking_request.failed',
  'tracking_request.awaiting_manifest',
  'tracking_request.tracking_stopped',
  'container.transport.empty_out',
  'container.transport.full_in',
  'container.transport.vessel_loaded',
  'container.transport.vessel_departed',
  'container.transport.transshipment_arrived',
  'container.transport.transshipment_discharged',
  'container.transport.transshipment_loaded',
  'container.transport.transshipment_departed',
  'container.transport.feeder_arrived',
  'container.transport.feeder_discharged',
  'container.transport.feeder_loaded',
  'container.transport.feeder_departed',
  'container.transport.vessel_arrived',
  'container.transport.vessel_berthed',
  'container.transport.vessel_discharged',
  'container.transport.available',
  'container.transport.not_available',
  'container.transport.full_out',
  'container.transport.delivered',
  'container.transport.empty_in',
  'container.transport.rail_loaded',
  'container.transport.rail_departed',
  'container.transport.rail_arrived',
  'container.transport.rail_unloaded',
  'container.transport.arrived_at_inland_destination',
  'container.transport.estimated.vessel_departed',
  'shipment.estimated.arrival',
  'container.transport.estimated.vessel_arrived',
  'container.transport.estimated.arrived_at_inland_destination',
  'container.created',
  'container.updated',
  'container.pod_terminal_changed',
  'container.pickup_lfd.changed',
  'container.pickup_lfd_line.changed',
  'container.pickup_lfd_terminal.changed',
  'container.pickup_lfd_rail.changed',
  'container.pickup_appointment.changed',
  'document.extracted',
  'document.extraction_failed',
] as const;

export const webhookEvent = z.enum(webhookEvents, { error: 'is not a known webhook event' });
export type WebhookEvent = z.infer<typeof webhookEvent>;

export const documentEvents = ['document.extracted', 'document.extraction_failed'] as const;
export type DocumentEvent = (typeof documentEvents)[number];
