import PQueue from 'p-queue';
import type { z } from 'zod';
import { type ErrorObject, errorDocument, JSON_API_MEDIA_TYPE } from '../contract/json-api.ts';
import { type Clock, systemClock } from '../domain/clock.ts';
import { parseRetryAfter } from './retry-policy.ts';
import { classifyFailure, TrackingApiError } from './tracking-errors.ts';
import {
  containerResource,
  inferNumberResult,
  many,
  one,
  routeResource,
  searchResultResource,
  shipmentResource,
  shippingLineResource,
  trackingRequestResource,
  transportEventResource,
} from './tracking-schemas.ts';

/** An agent waits on every call; one still silent after this has hung, and the agent should hear so. */
export const DEFAULT_TRACKING_TIMEOUT_MS = 15_000;
/** The upstream's default bucket is 100/min per key; staying under it means steady use never meets a 429. */
const DEFAULT_REQUESTS_PER_MINUTE = 90;
/** The API silently truncates larger pages. */
export const MAX_PAGE_SIZE = 100;

export interface TrackingClientOptions {
  /** The API root, e.g. `http://127.0.0.1:4010/v2`. */
  readonly baseUrl: string;
  /** The API key, sent as `Authorization: Token <key>`. */
  readonly token: string;
  /** Per call. */
  readonly timeoutMs?: number;
  readonly requestsPerMinute?: number;
  readonly clock?: Clock;
  readonly fetch?: typeof fetch;
}

export type Query = Readonly<Record<string, string | number | boolean | undefined>>;

const containerOne = one(containerResource);
const containerMany = many(containerResource);
const shipmentOne = one(shipmentResource);
const shipmentMany = many(shipmentResource);
const eventMany = many(transportEventResource);
const trackingRequestOne = one(trackingRequestResource);
const trackingRequestMany = many(trackingRequestResource);
const shippingLineMany = many(shippingLineResource);
const searchMany = many(searchResultResource);
const routeOne = one(routeResource);

const pacer = (perMinute: number): PQueue => {
  const intervalCap = Math.max(1, Math.floor(perMinute / 600));
  return new PQueue({ intervalCap, interval: Math.ceil((intervalCap * 60_000) / perMinute) });
};

const withQuery = (path: string, query: Query = {}): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString().replaceAll('%5B', '[').replaceAll('%5D', ']');
  return text ? `${path}?${text}` : path;
};

const segment = (id: string): string => encodeURIComponent(id);

/**
 * Typed client of the tracking endpoints of the Container Tracking Service (`/v2`): JSON:API bodies
 * validated by schema, the API's error objects mapped to the stable codes of `TrackingApiError`, every
 * call bounded in time, calls paced under the rate limit, and a 429's `Retry-After` honoured: until it
 * has passed, calls fail at once as `rate_limited` instead of hitting the API again.
 */
export class TrackingClient {
  private readonly baseUrl: string;
  private readonly pace: PQueue;
  private readonly clock: Clock;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;
  private readonly perMinute: number;
  /**
   * Calls that may wait for the pace: the ones that can start within the call timeout. A call past them
   * would only wait out its timeout and fail, holding its caller meanwhile (an MCP batch of a hundred calls
   * took 67 s), so it fails at once as rate_limited instead.
   */
  private readonly maxWaiting: number;
  private blockedUntil = 0;

  constructor(private readonly options: TrackingClientOptions) {
    if (!options.token) throw new TypeError('TrackingClient needs an API token');
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.perMinute = options.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE;
    this.pace = pacer(this.perMinute);
    this.clock = options.clock ?? systemClock;
    this.fetch = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TRACKING_TIMEOUT_MS;
    this.maxWaiting = Math.max(1, Math.floor((this.perMinute * this.timeoutMs) / 60_000));
  }

  search(query: string) {
    return this.get(withQuery('/search', { query }), searchMany);
  }

  getContainer(id: string, include: readonly string[] = []) {
    const query = include.length > 0 ? { include: include.join(',') } : {};
    return this.get(withQuery(`/containers/${segment(id)}`, query), containerOne);
  }

  listContainers(query: Query = {}) {
    return this.get(withQuery('/containers', query), containerMany);
  }

  getShipment(id: string, include: readonly string[] = []) {
    const query = include.length > 0 ? { include: include.join(',') } : {};
    return this.get(withQuery(`/shipments/${segment(id)}`, query), shipmentOne);
  }

  listShipments(query: Query = {}) {
    return this.get(withQuery('/shipments', query), shipmentMany);
  }

  listTransportEvents(containerId: string, include: readonly string[] = ['location', 'terminal']) {
    const query = include.length > 0 ? { include: include.join(',') } : {};
    return this.get(withQuery(`/containers/${segment(containerId)}/transport_events`, query), eventMany);
  }

  /** Paid ("Routing Data"): `not_enabled` for an account without it. */
  getRoute(containerId: string) {
    const path = withQuery(`/containers/${segment(containerId)}/route`, {
      include: 'port,vessel,route_location',
    });
    return this.get(path, routeOne);
  }

  listShippingLines(query: Query = {}) {
    return this.get(withQuery('/shipping_lines', query), shippingLineMany);
  }

  listTrackingRequests(query: Query = {}) {
    return this.get(withQuery('/tracking_requests', query), trackingRequestMany);
  }

  async inferNumber(number: string) {
    return (
      await this.call(
        { method: 'POST', path: '/tracking_requests/infer_number', body: { number } },
        inferNumberResult,
      )
    ).data.attributes;
  }

  createTrackingRequest(attributes: {
    request_type: 'container' | 'bill_of_lading' | 'booking_number';
    request_number: string;
    scac?: string | undefined;
    ref_numbers?: readonly string[] | undefined;
  }) {
    const body = { data: { type: 'tracking_request', attributes } };
    return this.call({ method: 'POST', path: '/tracking_requests', body }, trackingRequestOne);
  }

  private get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
    return this.call({ method: 'GET', path }, schema);
  }

  private async call<S extends z.ZodType>(
    request: { method: 'GET' | 'POST'; path: string; body?: unknown },
    schema: S,
  ): Promise<z.output<S>> {
    const name = `${request.method} ${request.path}`;
    const waitMs = this.blockedUntil - this.clock.now();
    if (waitMs > 0) {
      throw new TrackingApiError('rate_limited', `${name}: rate limited, retry after the API's delay`, {
        status: 429,
        retryAfterSeconds: Math.ceil(waitMs / 1000),
      });
    }
    if (this.pace.size >= this.maxWaiting) {
      throw new TrackingApiError(
        'rate_limited',
        `${name}: ${this.pace.size} calls already wait for this key's pace of ${this.perMinute} a minute`,
        { retryAfterSeconds: Math.max(1, Math.ceil((this.pace.size * 60) / this.perMinute)) },
      );
    }
    const signal = AbortSignal.timeout(this.timeoutMs);
    const init: RequestInit = {
      method: request.method,
      headers: {
        Authorization: `Token ${this.options.token}`,
        Accept: `${JSON_API_MEDIA_TYPE}, application/json`,
        ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      signal,
    };
    if (request.body !== undefined) init.body = JSON.stringify(request.body);
    let response: Response;
    try {
      // The signal also drops a call whose timeout passes while it waits, so it takes no turn of the pace;
      // `add` then rejects with the signal's TimeoutError, so it never resolves to undefined here.
      response = (await this.pace.add(() => this.fetch(`${this.baseUrl}${request.path}`, init), {
        signal,
      })) as Response;
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new TrackingApiError(
        'upstream_error',
        timedOut
          ? `${name}: no answer within ${this.timeoutMs} ms`
          : `${name}: the tracking API could not be reached`,
        { cause: error },
      );
    }
    if (!response.ok) throw await this.failure(name, response);
    const body: unknown = await response.json().catch(() => undefined);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new TrackingApiError('upstream_error', `${name}: unexpected response: ${parsed.error.message}`, {
        status: response.status,
      });
    }
    return parsed.data;
  }

  private async failure(name: string, response: Response): Promise<TrackingApiError> {
    const text = await response.text().catch(() => '');
    let errors: ErrorObject[] = [];
    try {
      const parsed = errorDocument.safeParse(JSON.parse(text));
      if (parsed.success) errors = parsed.data.errors;
    } catch {
      // Not JSON (an HTML 404 page for an unknown route, a proxy's error): the status decides alone.
    }
    const code = classifyFailure(response.status, errors);
    const first = errors[0];
    const detail = first?.detail ?? first?.title ?? (response.statusText || `HTTP ${response.status}`);
    let retryAfterSeconds: number | undefined;
    if (code === 'rate_limited') {
      const delayMs = parseRetryAfter(response.headers.get('retry-after'), this.clock.now()) ?? 60_000;
      retryAfterSeconds = Math.ceil(delayMs / 1000);
      this.blockedUntil = Math.max(this.blockedUntil, this.clock.now() + delayMs);
    }
    return new TrackingApiError(code, `${name} answered ${response.status}: ${detail}`, {
      status: response.status,
      retryAfterSeconds,
      source: first?.source?.pointer ?? first?.source?.parameter,
    });
  }
}
