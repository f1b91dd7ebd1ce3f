import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MANIFEST_EXPIRY_MS, MANIFEST_RECHECK_MS } from '../../../src/service/tracking/sandbox-requests.ts';
import { type Receiver, startReceiver } from '../service/webhook-harness.ts';
import {
  advance,
  createRequest,
  expectError,
  notifications,
  type Resource,
  read,
  relId,
  requestNow,
  subscribeRequests,
} from './conformance-support.ts';
import { PLAY_INTERVAL_MS, startTracking, type TrackingHarness } from './tracking-harness.ts';

/**
 * `POST/GET/PATCH /tracking_requests` against the upstream's OpenAPI (`tracking_request` schema, `post-track`)
 * and its lifecycle guide: statuses pending → created | awaiting_manifest | failed | tracking_stopped.
 */
let h: TrackingHarness;
let receiver: Receiver;

beforeAll(async () => {
  h = await startTracking();
  receiver = await startReceiver();
  await subscribeRequests(h, receiver.url);
});
afterAll(async () => {
  await h.close();
  await receiver.close();
});

/** The attributes the spec marks required on a tracking_request, and the ones the guides add. */
const SPEC_ATTRIBUTES = [
  'request_number',
  'request_type',
  'scac',
  'status',
  'failed_reason',
  'created_at',
  'updated_at',
  'is_retrying',
  'retry_count',
  'ref_numbers',
  'tags',
  'shipment_tags',
];

const created = async (attributes: Record<string, unknown>): Promise<Resource> => {
  const response = await createRequest(h, attributes);
  expect(response.status).toBe(201);
  return (await read(response)).data;
};

describe('POST /tracking_requests', () => {
  test('201 with the spec’s document: pending, tracked_object null, links.self under /v2', async () => {
    const response = await createRequest(h, {
      request_type: 'bill_of_lading',
      request_number: 'HLCUHAM2601001',
      scac: 'HLCU',
      ref_numbers: ['PO-77'],
      shipment_tags: ['east'],
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await read(response);
    expect(body.data.type).toBe('tracking_request');
    expect(Object.keys(body.data.attributes)).toEqual(expect.arrayContaining(SPEC_ATTRIBUTES));
    expect(body.data.attributes).toMatchObject({
      request_type: 'bill_of_lading',
      scac: 'HLCU',
      status: 'pending',
      failed_reason: null,
      is_retrying: false,
      ref_numbers: ['PO-77'],
      tags: ['east'],
    });
    expect(body.data.relationships?.tracked_object?.data).toBeNull();
    expect(body.links?.self).toBe(`/v2/tracking_requests/${body.data.id}`);
  });

  test('422 error objects carry status, title, detail, code and source.pointer', async () => {
    await expectError(
      await createRequest(h, { request_type: 'container', request_number: 'MSCU1234566' }),
      422,
      {
        title: 'Unprocessable Entity',
        detail: "Scac can't be blank",
        code: 'blank',
        source: { pointer: '/data/attributes/scac' },
      },
    );
    await expectError(
      await createRequest(h, { request_type: 'bill_of_lading', request_number: 'ABC123456', scac: 'XXXX' }),
      422,
      { detail: "Scac 'XXXX' is not recognized", source: { pointer: '/data/attributes/scac' } },
    );
    await expectError(
      await createRequest(h, { request_type: 'bill_of_lading', request_number: ' ', scac: 'MAEU' }),
      422,
      {
        detail: "Request number can't be blank",
        code: 'blank',
        source: { pointer: '/data/attributes/request_number' },
      },
    );
    const first = { request_type: 'booking_number', request_number: 'MAEU99887766', scac: 'MAEU' };
    expect((await createRequest(h, first)).status).toBe(201);
    await expectError(await createRequest(h, first), 422, {
      code: 'duplicate',
      source: { pointer: '/data/attributes/request_number' },
      detail:
        "Request number 'MAEU99887766' with scac 'MAEU' already exists in a tracking_request with a pending or created status",
    });
  });

  test('request_type booking (the issue’s and infer_number’s name) is taken as booking_number', async () => {
    const request = await created({ request_type: 'booking', request_number: 'HLCU55443322', scac: 'HLCU' });
    expect(request.attributes).toMatchObject({
      request_type: 'booking_number',
      request_number: 'HLCU55443322',
    });
    // The list filter reads the short name the same way.
    const listed = await read(await h.api('/v2/tracking_requests?filter[request_type]=booking'));
    expect(listed.data.map((entry) => entry.id)).toContain(request.id);
    // The same number under the upstream's name is the same request: a duplicate.
    await expectError(
      await createRequest(h, {
        request_type: 'booking_number',
        request_number: 'HLCU55443322',
        scac: 'HLCU',
      }),
      422,
      { code: 'duplicate', source: { pointer: '/data/attributes/request_number' } },
    );
    await expectError(
      await createRequest(h, { request_type: 'bookings', request_number: 'HLCU55443323', scac: 'HLCU' }),
      422,
      { source: { pointer: '/data/attributes/request_type' } },
    );
  });

  test('GET of an unknown id is the upstream’s 404 object', async () => {
    await expectError(await h.api('/v2/tracking_requests/00000000-0000-4000-8000-000000000000'), 404, {
      title: 'Not Found',
    });
  });
});

describe('auto_detect_vocc_scac', () => {
  test('without a SCAC: 201 pending with scac null, then created with the inferred carrier', async () => {
    const request = await created({
      request_type: 'container',
      request_number: 'MSCU 123456-6',
      auto_detect_vocc_scac: true,
    });
    expect(request.attributes).toMatchObject({ status: 'pending', scac: null });
    await advance(h, PLAY_INTERVAL_MS);
    const answered = await requestNow(h, request.id);
    expect(answered.attributes).toMatchObject({ status: 'created', scac: 'MSCU', failed_reason: null });
    const shipmentId = relId(answered, 'tracked_object');
    const shipment = await read(await h.api(`/v2/shipments/${shipmentId}`));
    expect(shipment.data.attributes.shipping_line_scac).toBe('MSCU');
  });

  test('a number no carrier can be inferred for fails with scac_auto_detect_failed and no shipment', async () => {
    const request = await created({
      request_type: 'booking_number',
      request_number: 'ZZ99999999',
      auto_detect_vocc_scac: true,
    });
    await advance(h, PLAY_INTERVAL_MS);
    const failed = await requestNow(h, request.id);
    expect(failed.attributes).toMatchObject({
      status: 'failed',
      failed_reason: 'scac_auto_detect_failed',
      scac: null,
    });
    expect(failed.relationships?.tracked_object?.data).toBeNull();
    const sent = await notifications(h);
    expect(sent).toContainEqual({
      event: 'tracking_request.failed',
      reference: { id: request.id, type: 'tracking_request' },
    });
  });

  test('auto_detect_vocc_scac false still needs a SCAC', async () => {
    await expectError(
      await createRequest(h, {
        request_type: 'container',
        request_number: 'MSCU1234566',
        auto_detect_vocc_scac: false,
      }),
      422,
      { code: 'blank', source: { pointer: '/data/attributes/scac' } },
    );
  });
});

describe('awaiting_manifest', () => {
  test('a B/L the line has not manifested: awaiting_manifest with one webhook, re-checked daily, expired after 7 days', async () => {
    const request = await created({
      request_type: 'bill_of_lading',
      request_number: 'TEST-TR-AWAITING-MANIFEST',
      scac: 'TEST',
    });
    await advance(h, PLAY_INTERVAL_MS);
    expect((await requestNow(h, request.id)).attributes).toMatchObject({
      status: 'awaiting_manifest',
      failed_reason: 'awaiting_manifest',
    });
    // Not a live request any more: the same number may be requested again (as upstream's duplicate rule says).
    await advance(h, 3 * MANIFEST_RECHECK_MS);
    const waiting = await requestNow(h, request.id);
    expect(waiting.attributes.status).toBe('awaiting_manifest');
    expect(Date.parse(String(waiting.attributes.updated_at))).toBeGreaterThan(
      Date.parse(String(waiting.attributes.created_at)) + 2 * MANIFEST_RECHECK_MS,
    );
    await advance(h, MANIFEST_EXPIRY_MS);
    const expired = await requestNow(h, request.id);
    expect(expired.attributes).toMatchObject({ status: 'failed', failed_reason: 'expired' });
    expect(expired.relationships?.tracked_object?.data).toBeNull();
    const about = (await notifications(h)).filter((sent) => sent.reference.id === request.id);
    expect(about.map((sent) => sent.event)).toEqual([
      'tracking_request.awaiting_manifest',
      'tracking_request.failed',
    ]);
  });

  test('a B/L manifested a day late: awaiting_manifest, then created at the next daily check', async () => {
    const request = await created({
      request_type: 'booking_number',
      request_number: 'TEST-TR-MANIFEST-LATE',
      scac: 'TEST',
    });
    await advance(h, PLAY_INTERVAL_MS);
    expect((await requestNow(h, request.id)).attributes.status).toBe('awaiting_manifest');
    await advance(h, MANIFEST_RECHECK_MS + PLAY_INTERVAL_MS);
    const found = await requestNow(h, request.id);
    expect(found.attributes).toMatchObject({ status: 'created', failed_reason: null });
    expect(found.relationships?.tracked_object?.data).toMatchObject({ type: 'shipment' });
    const about = (await notifications(h)).filter((sent) => sent.reference.id === request.id);
    expect(about.map((sent) => sent.event)).toEqual([
      'tracking_request.awaiting_manifest',
      'tracking_request.succeeded',
    ]);
  });

  test('a container number the line does not know fails at once with not_found', async () => {
    const request = await created({
      request_type: 'container',
      request_number: 'TEST-TR-AWAITING-MANIFEST',
      scac: 'TEST',
    });
    await advance(h, PLAY_INTERVAL_MS);
    expect((await requestNow(h, request.id)).attributes).toMatchObject({
      status: 'failed',
      failed_reason: 'not_found',
    });
  });
});

describe('GET /tracking_requests', () => {
  test('filter[status]=awaiting_manifest and filter[scac] narrow the list', async () => {
    const waiting = await created({
      request_type: 'bill_of_lading',
      request_number: 'TEST-TR-AWAITING-MANIFEST',
      scac: 'TEST',
    });
    await advance(h, PLAY_INTERVAL_MS);
    const listed = await read(
      await h.api('/v2/tracking_requests?filter[status]=awaiting_manifest&filter[scac]=TEST'),
    );
    expect(listed.data.map((request) => request.id)).toEqual([waiting.id]);
    expect(listed.meta).toMatchObject({ total: 1, pagination: { current: 1, records: 1 } });
  });

  test('PATCH adds the single ref_number the spec takes', async () => {
    const request = await created({
      request_type: 'bill_of_lading',
      request_number: 'ONEYSH9AME650500',
      scac: 'ONEY',
    });
    const patched = await h.api(`/v2/tracking_requests/${request.id}`, {
      method: 'PATCH',
      json: { data: { attributes: { ref_number: 'NEW-REF' } } },
    });
    expect(patched.status).toBe(200);
    expect((await read(patched)).data.attributes.ref_numbers).toEqual(['NEW-REF']);
  });
});

describe('GET /tracking_requests?q= (deprecated upstream, still honoured)', () => {
  test('matches a part of the request number or of a reference number, case-insensitively', async () => {
    const request = await created({
      request_type: 'bill_of_lading',
      request_number: 'EGLV143300112233',
      scac: 'EGLV',
      ref_numbers: ['Order-4711'],
    });
    const byNumber = await read(await h.api('/v2/tracking_requests?q=eglv1433'));
    expect(byNumber.data.map((found) => found.id)).toEqual([request.id]);
    const byRef = await read(await h.api('/v2/tracking_requests?q=order-47'));
    expect(byRef.data.map((found) => found.id)).toEqual([request.id]);
    expect((await read(await h.api('/v2/tracking_requests?q=100%25'))).data).toEqual([]);
  });
});
