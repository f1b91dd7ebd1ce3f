import { STATUS_CODES } from 'node:http';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorDocument } from '../../contract/json-api.ts';
import { isAppError } from '../../domain/errors.ts';
import type { Logger } from '../../observability/logger.ts';
import { mapError } from './error-table.ts';
import { HttpProblem } from './problem.ts';

const internalError: ErrorDocument = {
  errors: [{ status: '500', title: 'Internal Server Error', detail: null, source: null }],
};

/**
 * The one place where a thrown error becomes a response: a coded error through the error table, a problem
 * built at the edge as it was built, anything else a bare 500 that is logged but never described.
 */
export const errorHandler =
  (logger: Logger) =>
  (error: Error, c: Context): Response => {
    if (error instanceof HttpProblem) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      // Problems are built with 4xx/5xx statuses only, all of which carry a body.
      return c.json({ errors: [error.errorObject] }, error.status as ContentfulStatusCode);
    }
    const mapped = isAppError(error) ? mapError(error) : undefined;
    if (mapped !== undefined) {
      for (const [name, value] of Object.entries(mapped.headers)) c.header(name, value);
      if (mapped.status >= 500) logger.warn({ err: error, path: c.req.path }, 'request refused');
      return c.json({ errors: [mapped.body] }, mapped.status);
    }
    // Hono's own refusals (a body it could not read, say) carry a client status; keep it, not its text.
    if (error instanceof HTTPException && error.status < 500) {
      const status = error.status as ContentfulStatusCode; // every 4xx but 1xx/204/304 carries a body
      const title = STATUS_CODES[status] ?? 'Bad Request';
      return c.json({ errors: [{ status: String(status), title, detail: null }] }, status);
    }
    logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error');
    return c.json(internalError, 500);
  };

export const notFoundHandler = (c: Context): Response =>
  c.json(
    {
      errors: [
        {
          status: '404',
          code: 'not_found',
          title: 'Not Found',
          detail: `No route matches ${c.req.method} ${c.req.path}`,
        },
      ],
    },
    404,
  );
