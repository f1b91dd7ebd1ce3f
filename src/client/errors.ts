import type { ErrorObject } from '../contract/json-api.ts';
import { AppError } from '../domain/errors.ts';

/** A failed call to the service: the HTTP status and the JSON:API errors it answered with. */
export class ServiceApiError extends AppError {
  constructor(
    readonly status: number,
    readonly errors: readonly ErrorObject[],
    readonly request: { readonly method: string; readonly path: string },
    options: { retryAfterMs?: number | undefined; cause?: unknown } = {},
  ) {
    const first = errors[0];
    super(
      first?.code ?? `http_${status}`,
      `${request.method} ${request.path} answered ${status}: ${first?.detail ?? first?.title ?? 'no detail'}`,
      { retryable: status === 429 || status >= 500, cause: options.cause },
    );
    this.retryAfterMs = options.retryAfterMs;
  }
  readonly retryAfterMs: number | undefined;
}

/** 409 `duplicate_document`: the account already has this content, under `existingDocumentId`. */
export class DuplicateDocumentError extends ServiceApiError {
  readonly existingDocumentId: string;
  readonly existingDocumentName: string | null;
  constructor(errors: readonly ErrorObject[], request: { method: string; path: string }, existingId: string) {
    super(409, errors, request);
    this.existingDocumentId = existingId;
    const name = errors[0]?.meta?.existing_document_name;
    this.existingDocumentName = typeof name === 'string' ? name : null;
  }
}

/** The service could not be reached or did not answer in time; always worth another try. */
export class ServiceUnreachableError extends AppError {
  constructor(request: { method: string; path: string }, cause: unknown) {
    super('service_unreachable', `${request.method} ${request.path} failed: ${describe(cause)}`, {
      retryable: true,
      cause,
    });
  }
}

/** The service answered something that does not match the contract. */
export class UnexpectedResponseError extends AppError {
  constructor(request: { method: string; path: string }, detail: string) {
    super('unexpected_response', `${request.method} ${request.path}: ${detail}`);
  }
}

const describe = (cause: unknown): string => {
  if (!(cause instanceof Error)) return String(cause);
  const inner = cause.cause instanceof Error ? ` (${cause.cause.message})` : '';
  return `${cause.message}${inner}`;
};

/** 422 `duplicate` of `POST /tracking_requests`: a pending or created request for the number exists. */
export const isDuplicateTrackingRequest = (error: unknown): boolean =>
  error instanceof ServiceApiError &&
  error.status === 422 &&
  error.errors.some((item) => item.code === 'duplicate');
