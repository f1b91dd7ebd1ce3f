import type { ErrorObject } from '../../contract/json-api.ts';
import {
  AppError,
  InvalidParameterError,
  NotFoundError,
  type ValidationCode,
  ValidationError,
} from '../../domain/errors.ts';

/**
 * An error that carries its own status and JSON:API error object, for checks at the HTTP edge that have no
 * code in the error table (a signed URL's 403, say). Use cases throw coded `AppError`s instead; the
 * error mapper in `error-handler.ts` writes both.
 */
export class HttpProblem extends AppError {
  constructor(
    readonly status: number,
    readonly title: string,
    detail: string,
    options: {
      code?: string;
      pointer?: string;
      parameter?: string;
      meta?: Record<string, unknown>;
      headers?: Record<string, string>;
      retryable?: boolean;
    } = {},
  ) {
    super(options.code ?? title.toLowerCase().replaceAll(' ', '_'), detail, {
      retryable: options.retryable ?? false,
      details: { pointer: options.pointer, parameter: options.parameter, meta: options.meta },
    });
    this.headers = options.headers ?? {};
    this.errorObject = {
      status: String(status),
      title,
      detail,
      ...(options.code ? { code: options.code } : {}),
      ...(options.pointer ? { source: { pointer: options.pointer } } : {}),
      ...(options.parameter ? { source: { parameter: options.parameter } } : {}),
      ...(options.meta ? { meta: options.meta } : {}),
    };
  }
  readonly headers: Record<string, string>;
  readonly errorObject: ErrorObject;
}

// Shorthands that build coded errors, so their status comes from the error table.
export const badRequest = (detail: string, parameter: string) => new InvalidParameterError(parameter, detail);
export const unauthorized = () => new HttpProblem(401, 'Unauthorized', 'Invalid or missing API token.');
export const notFound = (what: string, id = '') => new NotFoundError(what, id);
export const unprocessable = (detail: string, pointer: string, code: ValidationCode = 'invalid') =>
  new ValidationError(detail, {}, { pointer, code });
