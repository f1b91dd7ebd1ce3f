import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TrackingClient } from '../../../src/client/tracking-client.ts';
import { TrackingApiError } from '../../../src/client/tracking-errors.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import {
  CONTAINER_ID,
  FAKE_KEY,
  type FakeTrackingApi,
  startFakeTrackingApi,
} from '../../support/fake-tracking-api.ts';

let api: FakeTrackingApi;
beforeAll(async () => {
  api = await startFakeTrackingApi();
});
afterAll(() => api.close());
afterEach(() => api.reset());

const client = (options: { token?: string; timeoutMs?: number; clock?: ManualClock } = {}) =>
  new TrackingClient({
    baseUrl: api.baseUrl,
    token: options.token ?? FAKE_KEY,
    timeoutMs: options.timeoutMs ?? 5_000,
    requestsPerMinute: 6_000,
    ...(options.clock ? { clock: options.clock } : {}),
  });

const failure = async (promise: Promise<unknown>): Promise<TrackingApiError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TrackingApiError);
  return error as TrackingApiError;
};

describe('TrackingClient', () => {
  it('sends the key as "Token <key>" and validates the JSON:API answer', async () => {
    const answer = await client().getContainer(CONTAINER_ID, ['shipment']);
    expect(answer.data.attributes.number).toBe('MSCU1234565');
    expect(answer.included?.map((r) => r.type)).toEqual(['shipment']);
    expect(api.requests[0]?.authorization).toBe(`Token ${FAKE_KEY}`);
    expect(api.requests[0]?.url).toBe(`/v2/containers/${CONTAINER_ID}?include=shipment`);
  });

  it('maps 404 to not_found', async () => {
    const error = await failure(client().getContainer('0c6f0b9a-7b8c-4d2e-8f10-999999999999'));
    expect(error.code).toBe('not_found');
    expect(error.status).toBe(404);
  });

  it('maps a 404 for a path the API does not serve (an HTML page, or "No route matches") to not_enabled', async () => {
    api.fail('/shipping_lines', { status: 404, body: '<html><body>Not Found</body></html>' });
    expect((await failure(client().listShippingLines())).code).toBe('not_enabled');
    api.fail('/shipments', {
      status: 404,
      body: { errors: [{ status: '404', title: 'Not Found', detail: 'No route matches GET /v2/shipments' }] },
    });
    expect((await failure(client().listShipments())).code).toBe('not_enabled');
  });

  it('maps a 403 about a feature to not_enabled, and another 403 to unauthorized', async () => {
    api.routingEnabled = false;
    expect((await failure(client().getRoute(CONTAINER_ID))).code).toBe('not_enabled');
    api.fail('/shipments', {
      status: 403,
      body: { errors: [{ status: '403', title: 'Forbidden', detail: 'Not yours' }] },
    });
    expect((await failure(client().listShipments())).code).toBe('unauthorized');
  });

  it('maps 401 to unauthorized', async () => {
    expect((await failure(client({ token: 'wrong-key-123' }).listContainers())).code).toBe('unauthorized');
  });

  it('maps 422 to invalid_input with the pointer the API named', async () => {
    const error = await failure(
      client().createTrackingRequest({ request_type: 'container', request_number: 'MSCU1234565' }),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.source).toBe('/data/attributes/scac');
    expect(error.message).toContain("Scac can't be blank");
  });

  it('maps 400 (a missing search query) to invalid_input', async () => {
    expect((await failure(client().search(''))).code).toBe('invalid_input');
  });

  it('maps 429 to rate_limited with Retry-After in seconds, and waits it out without calling the API', async () => {
    const clock = new ManualClock();
    const c = client({ clock });
    api.fail('/containers', {
      status: 429,
      body: {
        errors: [
          {
            status: '429',
            title: 'Too Many Requests',
            detail: 'Your account has exceeded its API rate limit.',
          },
        ],
      },
      headers: { 'Retry-After': '42' },
    });
    const first = await failure(c.listContainers());
    expect(first.code).toBe('rate_limited');
    expect(first.retryAfterSeconds).toBe(42);
    expect(first.retryable).toBe(true);
    api.reset();
    await clock.advance(30_000);
    const second = await failure(c.listShipments());
    expect(second.code).toBe('rate_limited');
    expect(second.retryAfterSeconds).toBe(12);
    expect(api.requests).toHaveLength(0);
    await clock.advance(12_000);
    await expect(c.listShipments()).resolves.toBeDefined();
  });

  it('maps 5xx, HTML pages and unexpected bodies to upstream_error', async () => {
    api.fail('/shipments', {
      status: 500,
      body: { errors: [{ status: '500', source: null, title: 'Internal Server Error', detail: null }] },
    });
    expect((await failure(client().listShipments())).code).toBe('upstream_error');
    api.fail('/containers', { status: 200, body: { data: [{ nope: true }] } });
    expect((await failure(client().listContainers())).code).toBe('upstream_error');
  });

  it('gives up on a call that does not answer in time, as upstream_error', async () => {
    api.hang('/shipping_lines');
    const error = await failure(client({ timeoutMs: 200 }).listShippingLines());
    expect(error.code).toBe('upstream_error');
    expect(error.message).toContain('no answer within 200 ms');
  });
});

// Last in the file: the calls it leaves timing out may reach the fake API after the next reset.
describe('TrackingClient pace', () => {
  it('fails at once as rate_limited a call past those its pace can start within the timeout', async () => {
    // 600 a minute is one call every 100 ms; within a 300 ms timeout three may wait behind the first.
    const paced = new TrackingClient({
      baseUrl: api.baseUrl,
      token: FAKE_KEY,
      timeoutMs: 300,
      requestsPerMinute: 600,
    });
    const calls = Array.from({ length: 10 }, () =>
      paced.listShipments().then(
        () => 'served',
        (error: unknown) => (error instanceof TrackingApiError ? error : 'other'),
      ),
    );
    const outcomes = await Promise.all(calls);
    const limited = outcomes.filter(
      (outcome): outcome is TrackingApiError =>
        outcome instanceof TrackingApiError && outcome.code === 'rate_limited',
    );
    expect(limited).toHaveLength(6);
    for (const error of limited) expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(api.requests.length).toBeLessThanOrEqual(4);
  });
});
