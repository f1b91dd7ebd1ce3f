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

/** Which code an HTTP failure is, from its status and its JSON:API error objects. */
export const classifyFailure = (status: number, errors: readonly ErrorObject[]): TrackingErrorCode => {
  if (status === 404) return 'not_found';
  if (status === 401) return 'unauthorized';
  if (status === 429) return 'rate_limited';
  if (status === 400 || status === 422) return 'invalid_input';
  if (status === 403) {
    const text = errors.map((error) => `${error.title} ${error.detail ?? ''}`).join(' ');
    return NOT_ENABLED.test(text) ? 'not_enabled' : 'unauthorized';
  }
  return 'upstream_error';
};
