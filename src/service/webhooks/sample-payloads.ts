import { type DocumentEvent, documentEvents, type WebhookEvent } from '../../contract/webhook-events.ts';
import { documentEventPayload } from './document-payload.ts';
import { SAMPLE_IDS, SAMPLE_TIME, sampleDocumentIncluded } from './sample-documents.ts';

/** Fixed ids of the non-document samples. */
/** Stands in for a webhook where a sample has none (trigger, examples). */
export const SAMPLE_WEBHOOK_ID = '5c8e1b4a-9d2f-4a7c-b6e3-8f1d4c7a2b16';

/** The notification id of the examples endpoint. */
export const SAMPLE_NOTIFICATION_ID = '7e2a5d8b-1c4f-4b9a-a3e6-9d2c5f8b1e17';

const IDS = {
  trackingRequest: 'e1a4c7d2-3b6f-4a9e-8c1d-7f2b5e8a3c11',
  shipment: 'a7d2e5b8-4c1f-4e6a-9b3d-1c8f4a7e2d12',
  container: 'b3f6a9c2-5d8e-4b1a-8e4f-2d7c1b5a9e13',
  event: 'd8c1f4a7-6e9b-4c2d-9a5e-3b8d2c6f1a14',
  port: 'f2b5e8c1-7a4d-4e9b-8c6f-4e1a3d7b2c15',
} as const;

export interface SampleContext {
  readonly notificationId: string;
  readonly webhookId: string;
  readonly createdAt: string;
}

export interface SamplePayload {
  /** The `webhook_notification` resource as it is delivered. */
  readonly data: Readonly<Record<string, unknown>>;
  readonly included: readonly unknown[];
}

/** Events whose published examples include only the reference object. */
const MINIMAL_INCLUDED: ReadonlySet<WebhookEvent> = new Set([
  'container.transport.available',
  'container.transport.not_available',
  'container.transport.estimated.vessel_departed',
  'container.transport.estimated.vessel_arrived',
  'container.transport.estimated.arrived_at_inland_destination',
  'container.pickup_appointment.changed',
]);

const isDocumentEvent = (event: WebhookEvent): event is DocumentEvent =>
  documentEvents.some((documentEvent) => documentEvent === event);

const referenceType = (event: WebhookEvent): string => {
  if (event.startsWith('tracking_request.')) return 'tracking_request';
  if (event === 'container.created') return 'container_created_event';
  if (event === 'container.updated' || event === 'container.pod_terminal_changed')
    return 'container_updated_event';
  if (event.includes('.estimated.')) return 'estimated_event';
  return 'transport_event';
};

const shipment = {
  id: IDS.shipment,
  type: 'shipment',
  attributes: {
    bill_of_lading_number: 'MEDUXA123456',
    shipping_line_scac: 'MSCU',
    port_of_lading_locode: 'CNSHA',
    port_of_discharge_locode: 'USLAX',
    pod_eta_at: '2026-03-28T08:00:00Z',
    created_at: SAMPLE_TIME,
  },
  relationships: { containers: { data: [{ id: IDS.container, type: 'container' }] } },
  links: { self: `/v2/shipments/${IDS.shipment}` },
};

const container = {
  id: IDS.container,
  type: 'container',
  attributes: {
    number: 'MSCU1234566',
    equipment_type: 'dry',
    equipment_length: 40,
    available_for_pickup: true,
    pickup_lfd: '2026-04-02T07:00:00Z',
    created_at: SAMPLE_TIME,
  },
  relationships: { shipment: { data: { id: IDS.shipment, type: 'shipment' } } },
};

const trackingRequest = (event: WebhookEvent) => {
  const failed = event === 'tracking_request.failed';
  return {
    id: IDS.trackingRequest,
    type: 'tracking_request',
    attributes: {
      request_number: 'MEDUXA123456',
      request_type: 'bill_of_lading',
      scac: 'MSCU',
      status: failed
        ? 'failed'
        : event === 'tracking_request.awaiting_manifest'
          ? 'awaiting_manifest'
          : 'created',
      failed_reason: failed ? 'not_found' : null,
      created_at: SAMPLE_TIME,
    },
    relationships: {
      tracked_object: { data: failed ? null : { id: IDS.shipment, type: 'shipment' } },
    },
  };
};

const referenceObject = (event: WebhookEvent, type: string) => {
  if (type === 'tracking_request') return trackingRequest(event);
  const related = {
    container: { data: { id: IDS.container, type: 'container' } },
    shipment: { data: { id: IDS.shipment, type: 'shipment' } },
  };
  if (type === 'container_updated_event') {
    const changeset =
      event === 'container.pod_terminal_changed'
        ? { pod_terminal: ['3f8a2c1d-0000-4000-8000-000000000001', '3f8a2c1d-0000-4000-8000-000000000002'] }
        : { available_for_pickup: [false, true], holds_at_pod_terminal: [[{ name: 'customs' }], []] };
    const attributes = {
      changeset,
      timestamp: SAMPLE_TIME,
      data_source: 'terminal',
      timezone: 'America/Los_Angeles',
    };
    return { id: IDS.event, type, attributes, relationships: related };
  }
  const lfd = event.startsWith('container.pickup_lfd');
  const attributes = {
    event,
    timestamp: SAMPLE_TIME,
    timezone: 'America/Los_Angeles',
    location_locode: 'USLAX',
    voyage_number: '612W',
    ...(lfd ? { value: '2026-04-02' } : {}),
    ...(type === 'estimated_event' ? { estimated_time: '2026-03-28T08:00:00Z' } : {}),
  };
  return { id: IDS.event, type, attributes, relationships: related };
};

/** A sample delivery of `event`, as `POST /webhooks/trigger` sends it and the examples endpoint shows it. */
export function samplePayload(event: WebhookEvent, context: SampleContext): SamplePayload {
  if (isDocumentEvent(event)) {
    return documentEventPayload({
      notificationId: context.notificationId,
      event,
      documentId: SAMPLE_IDS.document,
      createdAt: context.createdAt,
      included: sampleDocumentIncluded(event),
    });
  }
  const type = referenceType(event);
  const reference = referenceObject(event, type);
  const included =
    MINIMAL_INCLUDED.has(event) || event === 'tracking_request.failed'
      ? [reference]
      : [reference, shipment, container];
  return {
    data: {
      id: context.notificationId,
      type: 'webhook_notification',
      attributes: {
        id: context.notificationId,
        event,
        delivery_status: 'pending',
        created_at: context.createdAt,
      },
      relationships: {
        reference_object: { data: { id: reference.id, type } },
        webhook: { data: { id: context.webhookId, type: 'webhook' } },
        webhook_notification_logs: { data: [] },
      },
    },
    included,
  };
}
