import { type DocumentEvent, documentEvents, type WebhookEvent } from '../../contract/webhook-events.ts';
import { documentEventPayload } from './document-payload.ts';
import { SAMPLE_IDS, SAMPLE_TIME, sampleDocumentIncluded } from './sample-documents.ts';
import {
  SAMPLE_RESOURCE_IDS,
  sampleContainer,
  sampleContainerUpdatedEvent,
  sampleEstimatedEvent,
  samplePort,
  sampleShipment,
  sampleTerminal,
  sampleTrackingRequest,
  sampleTransportEvent,
} from './sample-resources.ts';

/** Stands in for a webhook where a sample has none (trigger, examples). */
export const SAMPLE_WEBHOOK_ID = '5c8e1b4a-9d2f-4a7c-b6e3-8f1d4c7a2b16';

/** The notification id of the examples endpoint. */
export const SAMPLE_NOTIFICATION_ID = '7e2a5d8b-1c4f-4b9a-a3e6-9d2c5f8b1e17';

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

const CREATED_EVENT_TYPE = 'container_created_event';

/** The reference object of a tracking event and what its notification includes with it. */
function referenceAndIncluded(event: WebhookEvent): {
  reference: { id: string; type: string };
  included: unknown[];
} {
  const minimal = MINIMAL_INCLUDED.has(event);
  if (event.startsWith('tracking_request.')) {
    const status =
      event === 'tracking_request.failed'
        ? 'failed'
        : event === 'tracking_request.awaiting_manifest'
          ? 'awaiting_manifest'
          : 'created';
    const request = sampleTrackingRequest(status);
    return {
      reference: request,
      included: status === 'failed' ? [request] : [request, sampleShipment, sampleContainer],
    };
  }
  if (event === 'container.updated' || event === 'container.pod_terminal_changed') {
    const changeset =
      event === 'container.pod_terminal_changed'
        ? { pod_terminal: ['3f8a2c1d-0000-4000-8000-000000000001', SAMPLE_RESOURCE_IDS.terminal] }
        : { available_for_pickup: [false, true], holds_at_pod_terminal: [[{ name: 'customs' }], []] };
    const update = sampleContainerUpdatedEvent(changeset);
    return { reference: update, included: [update, sampleContainer, sampleTerminal, sampleShipment] };
  }
  if (event === 'container.created') {
    const created = {
      id: SAMPLE_RESOURCE_IDS.event,
      type: CREATED_EVENT_TYPE,
      attributes: {
        event,
        timestamp: SAMPLE_TIME,
        timezone: 'America/Los_Angeles',
        data_source: 'shipping_line',
      },
      relationships: {
        container: { data: { id: SAMPLE_RESOURCE_IDS.container, type: 'container' } },
        shipment: { data: { id: SAMPLE_RESOURCE_IDS.shipment, type: 'shipment' } },
      },
    };
    return { reference: created, included: [created, sampleShipment, sampleContainer] };
  }
  if (event.includes('.estimated.')) {
    const estimate = sampleEstimatedEvent(event);
    return { reference: estimate, included: minimal ? [estimate] : [estimate, samplePort, sampleShipment] };
  }
  const lfd = event.startsWith('container.pickup_lfd');
  const milestone = sampleTransportEvent(event, lfd ? { value: '2026-04-02' } : {});
  return {
    reference: milestone,
    included: minimal ? [milestone] : [milestone, samplePort, sampleShipment, sampleContainer],
  };
}

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
  const { reference, included } = referenceAndIncluded(event);
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
        reference_object: { data: { id: reference.id, type: reference.type } },
        webhook: { data: { id: context.webhookId, type: 'webhook' } },
        webhook_notification_logs: { data: [] },
      },
    },
    included,
  };
}
