import type { ErrorObject } from '../contract/json-api.ts';
import { AppError } from '../domain/errors.ts';

/**
 * The stable codes an agent can act on: change the input, stop asking, wait `retryAfterSeconds`, fix
 * the key, or try again later. Every failure of the tracking API ends up as exactly one of these.
 */
export const TRACKING_ERROR_CODES = [
  'not_found',
  'not_enabled',
  'rate_limited',
  'invalid_input',
  'unauthorized',
  'upstream_error',
] as const;
export type TrackingErrorCode = (typeof TRACKING_ERROR_CODES)[number];

export interface TrackingErrorOptions {
  readonly status?: number | undefined;
  readonly retryAfterSeconds?: number | undefined;
  /** The JSON:API pointer or parameter of an invalid input. */
  readonly source?: string | undefined;
  readonly cause?: unknown;
}

/** A failed call to the tracking API, classified by what the caller can do about it. */
export class TrackingApiError extends AppError {
  declare readonly code: TrackingErrorCode;
  readonly status: number | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly source: string | undefined;

  constructor(code: TrackingErrorCode, message: string, options: TrackingErrorOptions = {}) {
    super(code, message, {
      retryable: code === 'rate_limited' || code === 'upstream_error',
      cause: options.cause,
    });
    this.status = options.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.source = options.source;
  }
}

/** The upstream's own test: a 403 about a feature or something "not enabled" is a missing entitlement. */
const NOT_ENABLED = /not enabled|feature/i;

/** The local service's 404 for a path it has no route for. */
const NO_ROUTE = /^No route matches/;

/**
 * Which code an HTTP failure is, from its status and its JSON:API error objects. A 404 without error
 * objects (the upstream's HTML page for an unknown path) or naming no route is an endpoint this API does
 * not serve, not a missing record: `not_enabled`, so an agent answers without it instead of searching.
 */
export const classifyFailure = (status: number, errors: readonly ErrorObject[]): TrackingErrorCode => {
  if (status === 404) {
    const unrouted = errors.length === 0 || errors.some((error) => NO_ROUTE.test(error.detail ?? ''));
    return unrouted ? 'not_enabled' : 'not_found';
  }
  if (status === 401) return 'unauthorized';
  if (status === 429) return 'rate_limited';
  if (status === 400 || status === 422) return 'invalid_input';
  if (status === 403) {
    const text = errors.map((error) => `${error.title} ${error.detail ?? ''}`).join(' ');
    return NOT_ENABLED.test(text) ? 'not_enabled' : 'unauthorized';
  }
  return 'upstream_error';
};
