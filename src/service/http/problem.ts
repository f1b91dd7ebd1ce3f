import type { ErrorObject } from '../../contract/json-api.ts';
import { AppError } from '../../domain/errors.ts';

/**
 * An error that becomes one JSON:API error object. Routes and use cases throw it; the one error
 * mapper in `error-handler.ts` writes it. Anything else thrown becomes a bare 500.
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

export const badRequest = (detail: string, parameter?: string) =>
  new HttpProblem(400, 'Bad Request', detail, parameter ? { parameter } : {});
export const unauthorized = () => new HttpProblem(401, 'Unauthorized', 'Invalid or missing API token.');
export const notFound = (what: string) => new HttpProblem(404, 'Not Found', `Couldn't find ${what}`);
export const unprocessable = (detail: string, pointer: string, code = 'invalid') =>
  new HttpProblem(422, 'Unprocessable Entity', detail, { pointer, code });
