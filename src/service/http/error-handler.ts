import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorDocument } from '../../contract/json-api.ts';
import type { Logger } from '../../observability/logger.ts';
import { HttpProblem } from './problem.ts';

const internalError: ErrorDocument = {
  errors: [{ status: '500', title: 'Internal Server Error', detail: null, source: null }],
};

/** The one place where a thrown error becomes a response; nothing internal reaches the client. */
export const errorHandler =
  (logger: Logger) =>
  (error: Error, c: Context): Response => {
    if (error instanceof HttpProblem) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      // Problems are built with 4xx/5xx statuses only, all of which carry a body.
      return c.json({ errors: [error.errorObject] }, error.status as ContentfulStatusCode);
    }
    logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error');
    return c.json(internalError, 500);
  };

export const notFoundHandler = (c: Context): Response =>
  c.json(
    {
      errors: [
        { status: '404', title: 'Not Found', detail: `No route matches ${c.req.method} ${c.req.path}` },
      ],
    },
    404,
  );
