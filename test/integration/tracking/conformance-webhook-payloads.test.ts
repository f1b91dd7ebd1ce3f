import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { webhookEvents } from '../../../src/contract/webhook-events.ts';
import { waitFor } from '../../support/wait-for.ts';
import { type Receiver, startReceiver } from '../service/webhook-harness.ts';
import { advance, type Document, type Resource, read } from './conformance-support.ts';
import {
  PLAY_INTERVAL_MS,
  startTracking,
  type TrackingHarness,
  trackingRequestBody,
} from './tracking-harness.ts';

/**
 * The notification body of every tracking event (`GET /webhook_notifications/examples?event=`, the very
 * body `POST /webhooks/trigger` sends) against the upstream OpenAPI's webhook_notification examples: the
 * envelope, the reference object's type, attributes and relationships, and what `included` carries with it.
 */
let h: TrackingHarness;
let receiver: Receiver;

beforeAll(async () => {
  h = await startTracking();
  receiver = await startReceiver();
});
afterAll(async () => {
  await h.close();
  await receiver.close();
});

const example = async (event: string): Promise<Document> => {
  const response = await h.api(`/v2/webhook_notifications/examples?event=${event}`);
  expect(response.status, event).toBe(200);
  return read(response);
};

/** The notification and its reference object, found in `included` by the identifier the envelope names. */
async function notificationOf(
  event: string,
): Promise<{ notification: Resource; reference: Resource; included: Resource[] }> {
  const document = await example(event);
  const notification = document.data[0] as Resource;
  const identifier = notification.relationships?.reference_object?.data as { id: string; type: string };
  const included = document.included ?? [];
  const reference = included.find(
    (resource) => resource.id === identifier.id && resource.type === identifier.type,
  );
  if (reference === undefined) throw new Error(`${event}: the reference object is not included`);
  return { notification, reference, included };
}

const trackingEvents = webhookEvents.filter((event) => !event.startsWith('document.'));
/** The events whose published examples include the reference object alone. */
const MINIMAL = new Set<string>([
  'container.transport.available',
  'container.transport.not_available',
  'container.transport.estimated.vessel_departed',
  'container.transport.estimated.vessel_arrived',
  'container.transport.estimated.arrived_at_inland_destination',
]);

describe('the envelope of every tracking event', () => {
  test.each(trackingEvents)(
    '%s: webhook_notification with id, event, delivery_status, created_at and its three relationships',
    async (event) => {
      const { notification } = await notificationOf(event);
      expect(notification.type).toBe('webhook_notification');
      expect(notification.attributes).toMatchObject({
        id: notification.id,
        event,
        delivery_status: 'pending',
      });
      expect(notification.attributes.created_at).toEqual(expect.any(String));
      expect(Object.keys(notification.relationships ?? {}).sort()).toEqual([
        'reference_object',
        'webhook',
        'webhook_notification_logs',
      ]);
      expect(notification.relationships?.webhook?.data).toMatchObject({ type: 'webhook' });
      expect(notification.relationships?.webhook_notification_logs?.data).toEqual([]);
    },
  );
});

describe('reference objects as the OpenAPI examples show them', () => {
  const transportEvents = trackingEvents.filter(
    (event) => event.startsWith('container.transport.') && !event.includes('.estimated.'),
  );

  test.each(transportEvents)(
    '%s: a transport_event with its five relationships, its port and shipment included',
    async (event) => {
      const { reference, included } = await notificationOf(event);
      expect(reference.type).toBe('transport_event');
      expect(Object.keys(reference.attributes)).toEqual(
        expect.arrayContaining([
          'event',
          'created_at',
          'voyage_number',
          'timestamp',
          'timezone',
          'location_locode',
        ]),
      );
      expect(reference.attributes.event).toBe(event);
      expect(Object.keys(reference.relationships ?? {})).toEqual(
        expect.arrayContaining(['shipment', 'container', 'vessel', 'location', 'terminal']),
      );
      const location = reference.relationships?.location?.data as { id: string; type: string };
      expect(location.type).toBe('port');
      // Like the upstream's own examples for these, availability changes include the event alone.
      if (MINIMAL.has(event)) return;
      expect(included.find((resource) => resource.id === location.id)?.attributes).toMatchObject({
        code: 'USLAX',
      });
      expect(included.map((resource) => resource.type)).toContain('shipment');
    },
  );

  test.each(trackingEvents.filter((event) => event.includes('.estimated.')))(
    '%s: an estimated_event with estimated_timestamp, and shipment, port and vessel relationships',
    async (event) => {
      const { reference, included } = await notificationOf(event);
      expect(reference.type).toBe('estimated_event');
      expect(reference.attributes).toMatchObject({ event });
      expect(Object.keys(reference.attributes)).toEqual(
        expect.arrayContaining(['created_at', 'estimated_timestamp', 'voyage_number', 'event', 'timezone']),
      );
      expect(Object.keys(reference.relationships ?? {})).toEqual(
        expect.arrayContaining(['shipment', 'port', 'vessel']),
      );
      if (MINIMAL.has(event)) return;
      const port = reference.relationships?.port?.data as { id: string };
      expect(included.find((resource) => resource.id === port.id)?.type).toBe('port');
    },
  );

  test.each(['container.updated', 'container.pod_terminal_changed'])(
    '%s: a container_updated_event with changeset, timestamp, timezone; its container and terminal included',
    async (event) => {
      const { reference, included } = await notificationOf(event);
      expect(reference.type).toBe('container_updated_event');
      expect(Object.keys(reference.attributes)).toEqual(
        expect.arrayContaining(['changeset', 'timestamp', 'timezone']),
      );
      expect(Object.keys(reference.relationships ?? {})).toEqual(
        expect.arrayContaining(['container', 'terminal']),
      );
      const terminal = reference.relationships?.terminal?.data as { id: string };
      expect(included.find((resource) => resource.id === terminal.id)?.type).toBe('terminal');
      const container = reference.relationships?.container?.data as { id: string };
      expect(included.find((resource) => resource.id === container.id)?.type).toBe('container');
    },
  );

  test('tracking_request.succeeded: the request, its shipment (ports, terminal, containers, self link) and its container', async () => {
    const { reference, included } = await notificationOf('tracking_request.succeeded');
    expect(reference.type).toBe('tracking_request');
    expect(Object.keys(reference.attributes)).toEqual(
      expect.arrayContaining([
        'request_number',
        'request_type',
        'scac',
        'ref_numbers',
        'created_at',
        'updated_at',
        'status',
        'failed_reason',
      ]),
    );
    const shipment = included.find((resource) => resource.type === 'shipment');
    expect(Object.keys(shipment?.relationships ?? {})).toEqual(
      expect.arrayContaining([
        'port_of_lading',
        'port_of_discharge',
        'pod_terminal',
        'destination',
        'containers',
      ]),
    );
    expect(shipment?.links?.self).toBe(`/v2/shipments/${shipment?.id}`);
    expect(Object.keys(shipment?.attributes ?? {})).toEqual(
      expect.arrayContaining([
        'bill_of_lading_number',
        'shipping_line_scac',
        'port_of_discharge_locode',
        'pod_eta_at',
        'pod_timezone',
      ]),
    );
    const container = included.find((resource) => resource.type === 'container');
    expect(Object.keys(container?.relationships ?? {})).toEqual(
      expect.arrayContaining(['shipment', 'pod_terminal']),
    );
    expect(Object.keys(container?.attributes ?? {})).toEqual(
      expect.arrayContaining([
        'number',
        'equipment_type',
        'available_for_pickup',
        'pickup_lfd',
        'current_status',
        'pod_timezone',
      ]),
    );
  });
});

describe('what the sandbox carrier delivers has the same shapes', () => {
  test('vessel_arrived and container.updated deliveries: the reference object related and included as upstream', async () => {
    const created = await h.api('/v2/webhooks', {
      method: 'POST',
      json: {
        data: {
          type: 'webhook',
          attributes: {
            url: receiver.url,
            active: true,
            events: ['container.transport.vessel_arrived', 'container.updated'],
          },
        },
      },
    });
    expect(created.status).toBe(201);
    const request = await h.api('/v2/tracking_requests', {
      method: 'POST',
      json: trackingRequestBody({ request_type: 'container', request_number: 'MSCU1234566', scac: 'MSCU' }),
    });
    expect(request.status).toBe(201);
    await advance(h, 60 * 24 * PLAY_INTERVAL_MS);
    const delivered = (event: string) => {
      h.clock.advance(1_000);
      const bodies = receiver.requests.map(
        (received) => JSON.parse(received.body.toString('utf8')) as { data: Resource; included: Resource[] },
      );
      return bodies.find((body) => body.data.attributes.event === event);
    };
    for (const event of ['container.transport.vessel_arrived', 'container.updated']) {
      const body = await waitFor(() => delivered(event), event);
      const identifier = body.data.relationships?.reference_object?.data as { id: string; type: string };
      const reference = body.included.find((resource) => resource.id === identifier.id);
      const related = Object.keys(reference?.relationships ?? {});
      if (identifier.type === 'transport_event') {
        expect(related).toEqual(
          expect.arrayContaining(['shipment', 'container', 'vessel', 'location', 'terminal']),
        );
        const location = reference?.relationships?.location?.data as { id: string };
        expect(body.included.find((resource) => resource.id === location.id)?.type).toBe('port');
      } else {
        expect(identifier.type).toBe('container_updated_event');
        expect(related).toEqual(expect.arrayContaining(['container', 'terminal']));
        const terminal = reference?.relationships?.terminal?.data as { id: string };
        expect(body.included.find((resource) => resource.id === terminal.id)?.type).toBe('terminal');
      }
    }
  }, 60_000);
});
