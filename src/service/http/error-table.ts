import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorObject } from '../../contract/json-api.ts';
import {
  type AppError,
  DuplicateDocumentError,
  InvalidParameterError,
  NotFoundError,
  ValidationError,
} from '../../domain/errors.ts';
import { RateLimitedError } from './http-errors.ts';

/** How one error code leaves the service: its status, its title, and what of the error a client may see. */
export interface ErrorMapping {
  readonly status: ContentfulStatusCode;
  readonly title: string;
  /** Defaults to the error's message, which the code's throwers word for clients. */
  readonly detail?: (error: AppError) => string;
  readonly source?: (error: AppError) => ErrorObject['source'];
  readonly meta?: (error: AppError) => Record<string, unknown> | undefined;
  readonly headers?: (error: AppError) => Record<string, string>;
}

const unprocessable: ErrorMapping = {
  status: 422,
  title: 'Unprocessable Entity',
  source: (error) =>
    error instanceof ValidationError && error.pointer !== undefined ? { pointer: error.pointer } : undefined,
};

const badRequest: ErrorMapping = { status: 400, title: 'Bad Request' };

/** How long a client should wait after the database stayed locked; a lock is held for milliseconds. */
const STORE_BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * Every error code a client can see, and its status. A code not listed here is a bug or an outage and
 * becomes a bare 500, so nothing internal (a stack, SQL, a path) reaches a client by accident.
 */
export const ERROR_TABLE: Readonly<Record<string, ErrorMapping>> = {
  invalid_parameter: {
    ...badRequest,
    source: (error) => (error instanceof InvalidParameterError ? { parameter: error.parameter } : undefined),
  },
  malformed_json: badRequest,
  not_found: {
    status: 404,
    title: 'Not Found',
    // The upstream's wording; the id is the caller's own input, so it adds nothing.
    detail: (error) => (error instanceof NotFoundError ? `Couldn't find ${error.what}` : 'Not found'),
  },
  duplicate_document: {
    status: 409,
    title: 'Duplicate document',
    meta: (error) =>
      error instanceof DuplicateDocumentError
        ? {
            existing_document_id: error.existingDocumentId,
            existing_document_name: error.existingDocumentName,
          }
        : {},
  },
  api_access_not_enabled: { status: 403, title: 'API access not enabled' },
  routing_not_enabled: { status: 403, title: 'Forbidden' },
  payload_too_large: { status: 413, title: 'Payload Too Large' },
  unsupported_media_type: { status: 415, title: 'Unsupported Media Type' },
  validation_failed: unprocessable,
  blank: unprocessable,
  invalid: unprocessable,
  not_uploaded: unprocessable,
  duplicate: {
    ...unprocessable,
    // A duplicate tracking request names the live one, as the upstream's error schema (`meta`) has it.
    meta: (error) =>
      typeof error.details.tracking_request_id === 'string'
        ? { tracking_request_id: error.details.tracking_request_id }
        : undefined,
  },
  rate_limited: {
    status: 429,
    title: 'Too Many Requests',
    headers: (error): Record<string, string> =>
      error instanceof RateLimitedError
        ? { ...error.rateLimitHeaders, 'Retry-After': String(error.retryAfterSeconds) }
        : {},
  },
  too_many_rotations: {
    status: 429,
    title: 'Too Many Requests',
    // A rotation ends within seconds (README, Abuse limits), so a second is a fair first wait.
    headers: () => ({ 'Retry-After': '1' }),
  },
  store_busy: {
    status: 503,
    title: 'Service Unavailable',
    // The store's message names the operation; a client only needs to know it may retry.
    detail: () => 'The service is busy; try again shortly',
    headers: () => ({ 'Retry-After': String(STORE_BUSY_RETRY_AFTER_SECONDS) }),
  },
};

/** The JSON:API error object and headers of a mapped error, or undefined for a code not in the table. */
export function mapError(
  error: AppError,
): { status: ContentfulStatusCode; body: ErrorObject; headers: Record<string, string> } | undefined {
  const mapping = Object.hasOwn(ERROR_TABLE, error.code) ? ERROR_TABLE[error.code] : undefined;
  if (mapping === undefined) return undefined;
  const source = mapping.source?.(error);
  const meta = mapping.meta?.(error);
  return {
    status: mapping.status,
    headers: mapping.headers?.(error) ?? {},
    body: {
      status: String(mapping.status),
      title: mapping.title,
      detail: mapping.detail?.(error) ?? error.message,
      code: error.code,
      ...(source === undefined || source === null ? {} : { source }),
      ...(meta === undefined ? {} : { meta }),
    },
  };
}
