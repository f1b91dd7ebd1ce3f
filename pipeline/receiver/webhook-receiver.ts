import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientErrors } from '../../src/service/http/client-error.ts';
import {
  type HttpTimeouts,
  serverTimeoutOptions,
  TIMEOUT_CHECK_INTERVAL_MS,
} from '../../src/service/http/server-timeouts.ts';
import {
  acceptDelivery,
  type DeliveryDeps,
  type DeliveryOutcome,
  type DeliveryReply,
  errorBody,
  errorReply,
} from './accept-delivery.ts';
import { BodyTooLargeError, readRawBody } from './read-raw-body.ts';
import { RecentDeliveries } from './recent-deliveries.ts';

/**
 * The largest delivery accepted. The whole body rides in one events-queue message, whose limit is
 * 256 KiB (SQS's default and the SQLite queue's); this leaves room for the envelope. Upstream document
 * payloads are a few KiB.
 */
export const MAX_WEBHOOK_BODY_BYTES = 192 * 1024;
/**
 * A request must arrive whole within this long. Senders give up after 10–30 s anyway, and a client that
 * trickles bytes must not hold a socket open.
 */
export const REQUEST_TIMEOUT_MS = 10_000;
/** The request head alone: a sender writes it in one go, so a head still incomplete after this is stalling. */
export const HEADERS_TIMEOUT_MS = 5_000;

const DEFAULT_RECEIVER_TIMEOUTS: HttpTimeouts = {
  headersMs: HEADERS_TIMEOUT_MS,
  requestMs: REQUEST_TIMEOUT_MS,
  checkIntervalMs: TIMEOUT_CHECK_INTERVAL_MS,
};

/**
 * At most one warning this often about deliveries with a bad signature. A sender still using an old
 * secret, or anyone who can reach the port, would otherwise put one line per request on the screen;
 * the rest go to the debug log, and the next warning says how many there were.
 */
export const BAD_SIGNATURE_WARN_INTERVAL_MS = 60_000;

/**
 * Deliveries read at once. The service sends 16 at a time; each may buffer a body up to the cap, so
 * without a bound, clients sending slow bodies together could hold memory without end (10,000 of them:
 * about 2 GB). Past it the answer is 503 with Retry-After, which a sender retries.
 */
export const MAX_CONCURRENT_DELIVERIES = 64;

export const WEBHOOK_PATH = '/webhooks';
export const HEALTH_PATH = '/health';

export interface ReceiverOptions extends DeliveryDeps {
  readonly maxBodyBytes?: number;
  /** The limits above by default; tests shorten them. */
  readonly timeouts?: HttpTimeouts;
}

export type ReceiverStats = Readonly<Record<DeliveryOutcome, number>>;

export interface Receiver {
  /** The request listener, for mounting in another server or calling in tests. */
  readonly handle: (request: IncomingMessage, response: ServerResponse) => void;
  /** Starts a server on `port` (0 picks a free one); resolves once it accepts connections. */
  listen(port: number, host?: string): Promise<{ url: string; port: number }>;
  /** Stops accepting connections and waits for requests in progress. */
  close(): Promise<void>;
  stats(): ReceiverStats;
}

/**
 * The webhook endpoint: `POST /webhooks` verifies, validates and enqueues a delivery, then answers 202;
 * `GET /health` answers 200. All work beyond the enqueue happens in the events stage.
 */
export const createReceiver = (options: ReceiverOptions): Receiver => {
  const { maxBodyBytes = MAX_WEBHOOK_BODY_BYTES, logger, timeouts = DEFAULT_RECEIVER_TIMEOUTS } = options;
  const counts: Record<DeliveryOutcome, number> = {
    accepted: 0,
    duplicate: 0,
    ignored: 0,
    unauthorized: 0,
    invalid: 0,
    too_large: 0,
    unavailable: 0,
  };
  let server: Server | undefined;
  let reading = 0;
  const recent = options.recent ?? new RecentDeliveries();
  let lastBadSignatureWarningAt: number | undefined;
  let badSignaturesSinceWarning = 0;
  const onBadSignature = (reason: string): void => {
    const now = options.clock.now();
    if (
      lastBadSignatureWarningAt !== undefined &&
      now - lastBadSignatureWarningAt < BAD_SIGNATURE_WARN_INTERVAL_MS
    ) {
      badSignaturesSinceWarning += 1;
      logger.debug({ reason }, 'webhook delivery with a bad signature');
      return;
    }
    logger.warn(
      {
        reason,
        ...(badSignaturesSinceWarning > 0 ? { alsoRefusedSinceLastWarning: badSignaturesSinceWarning } : {}),
      },
      'webhook delivery with a bad signature',
    );
    lastBadSignatureWarningAt = now;
    badSignaturesSinceWarning = 0;
  };

  const receive = async (request: IncomingMessage): Promise<DeliveryReply> => {
    let raw: Buffer;
    try {
      raw = await readRawBody(request, maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        return errorReply(413, 'too_large', 'Payload Too Large', error.message, error.code);
      }
      throw error;
    }
    return acceptDelivery(raw, flatten(request.headers), { onBadSignature, recent, ...options });
  };

  const handle = (request: IncomingMessage, response: ServerResponse): void => {
    const path = (request.url ?? '/').split('?')[0];
    if (path === HEALTH_PATH && (request.method === 'GET' || request.method === 'HEAD')) {
      send(response, 200, { status: 'ok' });
      return;
    }
    if (path !== WEBHOOK_PATH) {
      send(response, 404, errorBody(404, 'Not Found', `no route for ${path}`, 'not_found'));
      return;
    }
    if (request.method !== 'POST') {
      response.setHeader('allow', 'POST');
      send(response, 405, errorBody(405, 'Method Not Allowed', 'use POST', 'method_not_allowed'));
      return;
    }
    if (reading >= MAX_CONCURRENT_DELIVERIES) {
      counts.unavailable += 1;
      // The body stays unread, so the socket cannot carry another request.
      response.setHeader('retry-after', '1');
      response.setHeader('connection', 'close');
      send(
        response,
        503,
        errorBody(503, 'Service Unavailable', 'too many deliveries at once; retry shortly', 'busy'),
      );
      return;
    }
    reading += 1;
    response.once('close', () => {
      reading -= 1;
    });
    receive(request)
      .then((reply) => {
        counts[reply.outcome] += 1;
        // After a refused oversize body the rest of it may still be in flight; do not reuse the socket.
        if (reply.outcome === 'too_large') response.setHeader('connection', 'close');
        send(response, reply.status, reply.body);
      })
      .catch((error: unknown) => {
        counts.unavailable += 1;
        logger.error({ err: error }, 'webhook delivery failed unexpectedly');
        if (!response.headersSent) {
          send(response, 500, errorBody(500, 'Internal Server Error', 'unexpected error', 'internal_error'));
        }
      });
  };

  return {
    handle,
    stats: () => ({ ...counts }),
    listen: (port, host = '127.0.0.1') =>
      new Promise((resolve, reject) => {
        if (server !== undefined) {
          reject(new Error('receiver is already listening'));
          return;
        }
        const created = createServer(serverTimeoutOptions(timeouts), handle);
        answerClientErrors(created);
        server = created;
        created.once('error', reject);
        created.listen(port, host, () => {
          created.off('error', reject);
          // listen() on a TCP port always yields an AddressInfo, never a pipe name.
          const address = created.address() as AddressInfo;
          const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          resolve({ url: `http://${shown}:${address.port}`, port: address.port });
        });
      }),
    close: () =>
      new Promise((resolve, reject) => {
        const current = server;
        server = undefined;
        if (current === undefined) {
          resolve();
          return;
        }
        current.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets with no request in progress would hold close() open until they time out.
        current.closeIdleConnections();
      }),
  };
};

const send = (response: ServerResponse, status: number, body: unknown): void => {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
};

/** Node joins repeated headers with ", " except a few; an array can only be `set-cookie`-like ones. */
const flatten = (headers: IncomingHttpHeaders): Record<string, string | undefined> => {
  const flat: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) {
    flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
};
