import { createServer } from 'node:http';
import {
  getRequestListener,
  type Http2Bindings,
  type HttpBindings,
  RequestError,
  type ServerType,
} from '@hono/node-server';
import { answerClientErrors } from './http/client-error.ts';
import {
  type HttpTimeouts,
  serverTimeoutOptions,
  TIMEOUT_CHECK_INTERVAL_MS,
} from './http/server-timeouts.ts';

/** Time to send the request head. A client on this machine needs milliseconds; a slow-loris needs minutes. */
export const HEADERS_TIMEOUT_MS = 10_000;
/**
 * Time to send a whole request, body included: the default upload cap (100 MiB) at under 0.5 MB/s. A
 * body that trickles, or stops short of its Content-Length, is cut at this point with a 408.
 */
export const REQUEST_TIMEOUT_MS = 300_000;

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: HEADERS_TIMEOUT_MS,
  requestMs: REQUEST_TIMEOUT_MS,
  checkIntervalMs: TIMEOUT_CHECK_INTERVAL_MS,
};

type Fetch = (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>;

/**
 * Answers that leave part of the request unread end the connection, and say so. Otherwise the server
 * drains the rest for a moment and then drops the socket while the answer promised keep-alive, so the
 * client's next request on that socket fails. A 413 always closes: the client meant to send more.
 */
export const closeWhenBodyUnread =
  (fetch: Fetch): Fetch =>
  async (request, env) => {
    const response = await fetch(request, env);
    // `complete`: the whole request arrived, read or not; what is buffered is drained in no time.
    if (response.status !== 413 && (env?.incoming === undefined || env.incoming.complete)) return response;
    // A copy: the headers of some responses (Response.error(), redirects) are immutable.
    const closing = new Response(response.body, response);
    closing.headers.set('Connection', 'close');
    return closing;
  };

/**
 * What a request Hono's adaptor cannot turn into a Request gets (no or a bad Host, a backslash in the
 * path): a JSON:API 400 naming the problem, where the adaptor would answer an empty 400. Anything else
 * thrown outside the app is the upstream's bare 500, so nothing internal reaches the client.
 */
export const requestErrorResponse = (error: unknown): Response => {
  const [status, body] =
    error instanceof RequestError
      ? [
          400,
          {
            errors: [
              {
                status: '400',
                title: 'Bad Request',
                detail: `The request could not be read: ${error.message}.`,
                code: 'malformed_request',
              },
            ],
          },
        ]
      : [500, { errors: [{ status: '500', title: 'Internal Server Error', detail: null, source: null }] }];
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', Connection: 'close' },
  });
};

/** The service's Node server: Hono's listener with request timeouts and closing on unread bodies. */
export function createHttpServer(fetch: Fetch, timeouts: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS): ServerType {
  const server = createServer(
    {
      ...serverTimeoutOptions(timeouts),
      // Node would answer a request without Host with an empty 400; the listener's error handler
      // answers it like every other 4xx.
      requireHostHeader: false,
    },
    getRequestListener(closeWhenBodyUnread(fetch), { errorHandler: requestErrorResponse }),
  );
  answerClientErrors(server);
  return server;
}

/** Listens on `host:port` (port 0: any free one) and returns the URL a client on this machine reaches. */
export async function listenHttp(server: ServerType, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const bound = typeof address === 'object' && address !== null ? address.port : port;
  return `http://${reachableHost(host)}:${bound}`;
}

/** A wildcard bind address is no address to connect to; a client on this machine uses loopback. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** How long a closing server waits for open requests (a large upload, say) before cutting connections. */
const CLOSE_GRACE_MS = 5_000;

/** Stops accepting, lets open requests finish for a grace period, then cuts what is left. */
export async function closeHttpServer(server: ServerType): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  if ('closeIdleConnections' in server) server.closeIdleConnections();
  const timer = setTimeout(() => {
    if ('closeAllConnections' in server) server.closeAllConnections();
  }, CLOSE_GRACE_MS);
  await closed;
  clearTimeout(timer);
}
