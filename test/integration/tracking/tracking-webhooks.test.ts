import { afterEach, beforeEach, expect, test } from 'vitest';
import { SIGNATURE_HEADER } from '../../../src/contract/signature.ts';
import { bodySignature } from '../../../src/domain/webhook-signature.ts';
import { waitFor } from '../../support/wait-for.ts';
import { type Receiver, startReceiver } from '../service/webhook-harness.ts';
import {
  PLAY_INTERVAL_MS,
  startTracking,
  type TrackingHarness,
  trackingRequestBody,
} from './tracking-harness.ts';

let h: TrackingHarness;
let receiver: Receiver;

beforeEach(async () => {
  h = await startTracking();
  receiver = await startReceiver();
});
afterEach(async () => {
  await h.close();
  await receiver.close();
});

interface Delivery {
  event: string;
  body: {
    data: {
      type: string;
      attributes: { event: string };
      relationships: { reference_object: { data: { id: string; type: string } } };
    };
    included: Array<{ id: string; type: string; attributes: Record<string, unknown> }>;
  };
}

/**
 * What the receiver got so far. The delivery worker polls on the service's manual clock, so each look
 * nudges that clock a second forward to let it run.
 */
const deliveries = (): Delivery[] => {
  h.clock.advance(1_000);
  return received();
};

/**
 * Deliveries, once per notification: hours of service time pass in one step here, so an attempt still in
 * flight can outlive its lease and be sent again, which receivers dedupe on `data.id` (as upstream).
 */
const received = (): Delivery[] => {
  const byId = new Map<string, Delivery>();
  for (const request of receiver.requests) {
    const body = JSON.parse(request.body.toString('utf8')) as Delivery['body'] & { data: { id: string } };
    if (!byId.has(body.data.id)) byId.set(body.data.id, { event: body.data.attributes.event, body });
  }
  return [...byId.values()];
};

/** Moves service time on by `ms` one play interval at a time, letting deliveries go out between steps. */
async function advance(ms: number): Promise<void> {
  for (let moved = 0; moved < ms; moved += PLAY_INTERVAL_MS) {
    h.clock.advance(Math.min(PLAY_INTERVAL_MS, ms - moved));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function subscribe(events: string[]): Promise<string> {
  const created = await h.api('/v2/webhooks', {
    method: 'POST',
    json: { data: { type: 'webhook', attributes: { url: receiver.url, active: true, events } } },
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { data: { attributes: { secret: string } } }).data.attributes.secret;
}

test('a tracking flow: succeeded, then each milestone and the terminal changes, signed, in service time', async () => {
  const secret = await subscribe([
    'tracking_request.succeeded',
    'container.transport.vessel_arrived',
    'container.transport.vessel_discharged',
    'container.transport.available',
    'container.transport.full_out',
    'container.updated',
  ]);
  const created = await h.api('/v2/tracking_requests', {
    method: 'POST',
    json: trackingRequestBody({
      request_type: 'container',
      request_number: 'MSCU1234566',
      scac: 'MSCU',
      ref_numbers: ['PO-77'],
    }),
  });
  expect(created.status).toBe(201);
  const requestId = ((await created.json()) as { data: { id: string } }).data.id;

  await advance(PLAY_INTERVAL_MS);
  const succeeded = await waitFor(
    () => deliveries().find((delivery) => delivery.event === 'tracking_request.succeeded'),
    'tracking_request.succeeded',
  );
  expect(succeeded.body.data.relationships.reference_object.data).toEqual({
    id: requestId,
    type: 'tracking_request',
  });
  expect(succeeded.body.included.map((resource) => resource.type)).toEqual([
    'container',
    'shipment',
    'tracking_request',
  ]);
  const shipment = succeeded.body.included.find((resource) => resource.type === 'shipment');
  const container = succeeded.body.included.find((resource) => resource.type === 'container');
  expect(shipment?.attributes.ref_numbers).toEqual(['PO-77']);
  expect(container?.attributes.ref_numbers).toEqual(['PO-77']);
  const request = receiver.requests[0];
  expect(request?.headers[SIGNATURE_HEADER]).toBe(bodySignature(secret, request?.body ?? Buffer.alloc(0)));

  // Sixty days later the box has arrived, been discharged, become available and left the terminal.
  await advance(60 * 24 * PLAY_INTERVAL_MS);
  const names = await waitFor(() => {
    const seen = deliveries().map((delivery) => delivery.event);
    return seen.includes('container.transport.full_out') && seen.includes('container.updated')
      ? seen
      : undefined;
  }, 'the destination milestones');
  const order = [
    'container.transport.vessel_arrived',
    'container.transport.vessel_discharged',
    'container.transport.available',
    'container.transport.full_out',
  ];
  expect(order.map((name) => names.indexOf(name))).toEqual(
    [...order.map((name) => names.indexOf(name))].sort((a, b) => a - b),
  );
  expect(names.filter((name) => name === 'container.transport.vessel_arrived')).toHaveLength(1);

  const update = deliveries().find(
    (delivery) =>
      delivery.event === 'container.updated' &&
      delivery.body.included.some(
        (resource) =>
          resource.type === 'container_updated_event' &&
          (resource.attributes.changeset as { available_for_pickup?: unknown[] })
            .available_for_pickup?.[1] === true,
      ),
  );
  expect(update?.body.data.relationships.reference_object.data.type).toBe('container_updated_event');
  expect(update?.body.included.map((resource) => resource.type)).toEqual([
    'shipment',
    'port',
    'terminal',
    'container',
    'container_updated_event',
  ]);
  const changeset = update?.body.included.at(-1)?.attributes.changeset as Record<string, [unknown, unknown]>;
  expect(changeset.available_for_pickup?.[1]).toBe(true);

  const transportEvent = deliveries().find(
    (delivery) => delivery.event === 'container.transport.vessel_arrived',
  );
  expect(transportEvent?.body.data.relationships.reference_object.data.type).toBe('transport_event');
  expect(transportEvent?.body.included[0]?.attributes.event).toBe('container.transport.vessel_arrived');
});

test('TEST-TR-FAILED fails with not_found and sends tracking_request.failed with only the request', async () => {
  await subscribe(['tracking_request.failed', 'tracking_request.succeeded']);
  for (const number of ['TEST-TR-FAILED', 'TEST-TR-SUCCEEDED']) {
    const created = await h.api('/v2/tracking_requests', {
      method: 'POST',
      json: trackingRequestBody({ request_type: 'bill_of_lading', request_number: number, scac: 'TEST' }),
    });
    expect(created.status).toBe(201);
  }
  await advance(PLAY_INTERVAL_MS);
  const failed = await waitFor(
    () => deliveries().find((delivery) => delivery.event === 'tracking_request.failed'),
    'failed',
  );
  expect(failed.body.included).toHaveLength(1);
  expect(failed.body.included[0]?.attributes).toMatchObject({
    status: 'failed',
    failed_reason: 'not_found',
    request_number: 'TEST-TR-FAILED',
  });
  await waitFor(
    () => deliveries().some((delivery) => delivery.event === 'tracking_request.succeeded'),
    'succeeded',
  );
  const listed = (await (await h.api('/v2/tracking_requests?filter[status]=failed')).json()) as {
    data: Array<{ attributes: { request_number: string } }>;
  };
  expect(listed.data.map((request) => request.attributes.request_number)).toEqual(['TEST-TR-FAILED']);
});
