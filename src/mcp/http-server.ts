import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { TrackingClient } from '../client/tracking-client.ts';
import { TrackingApiError } from '../client/tracking-errors.ts';
import { setNewest } from '../domain/bounded-map.ts';
import { type Clock, systemClock } from '../domain/clock.ts';
import { FailureThrottle } from '../domain/failure-throttle.ts';
import { type Logger, silentLogger } from '../observability/logger.ts';
import { checkHost, checkOrigin, checkRpcBody, credentialsOf, type GuardOptions } from './request-guard.ts';
import { createMcpServer } from './server.ts';

export const MCP_PATHS: ReadonlySet<string> = new Set(['/mcp', '/api/mcp']);
/** A key the API accepted is trusted this long before it is checked again. */
const VERIFIED_KEY_TTL_MS = 5 * 60_000;
/** Distinct keys remembered at once; a caller cycling keys cannot grow the map without bound. */
const MAX_KEYS = 100;
/** A JSON-RPC call is a few kilobytes; the cap keeps a client from making the server buffer without bound. */
export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * Keys the API refused, per client address per minute, before the address is answered 429 without the key
 * being tried: each try costs a request to the API, so a key-guessing client must not drive that traffic.
 */
export const MAX_FAILED_KEYS_PER_MINUTE = 20;
/** Requests handled at once; each holds a server, a transport and API calls. More get a 503 and Retry-After. */
export const MAX_CONCURRENT_REQUESTS = 64;
/**
 * Requests of one key handled at once. A key's calls share one pace (the API's rate limit), so more of them
 * only wait; past this a key gets 429 and Retry-After, and cannot take every slot of MAX_CONCURRENT_REQUESTS.
 */
export const MAX_CONCURRENT_REQUESTS_PER_KEY = 16;
/** How long the server waits for a request's head and for the whole request, and how often it checks. */
export interface McpHttpTimeouts {
  readonly headersMs: number;
  readonly requestMs: number;
  readonly checkIntervalMs: number;
}

/**
 * A local client sends its head in milliseconds, where a slow-loris needs minutes; a 1 MiB body at a crawl
 * still arrives in 30 s, and a body that trickles or stops short is cut there with a 408. Node checks the
 * limits every second; its default (30 s) would let a request outlive them by that much.
 */
export const DEFAULT_MCP_HTTP_TIMEOUTS: McpHttpTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  checkIntervalMs: 1_000,
};

/** The request body as JSON, `too_large` past the cap, or `invalid` when it does not parse. */
const readJson = async (req: IncomingMessage): Promise<{ value: unknown } | 'too_large' | 'invalid'> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    // node:http yields Buffers for a request without an encoding set.
    const part = chunk as Buffer;
    size += part.length;
    if (size > MAX_BODY_BYTES) return 'too_large';
    chunks.push(part);
  }
  try {
    return { value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return 'invalid';
  }
};

export interface McpHttpOptions extends GuardOptions {
  readonly host: string;
  readonly port: number;
  /** A client of the tracking API for one API key. */
  readonly clientFor: (token: string) => TrackingClient;
  /** SVC_API_TOKEN: used when a request has no Authorization header. */
  readonly defaultToken?: string | undefined;
  readonly version: string;
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** DEFAULT_MCP_HTTP_TIMEOUTS unless given (tests shorten them). */
  readonly timeouts?: McpHttpTimeouts;
}

export interface McpHttpServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };

/** The path of a request target, or undefined for one that is no URL at all (`http://[`). */
const pathOf = (target: string | undefined): string | undefined => {
  try {
    return new URL(target ?? '/', 'http://localhost').pathname;
  } catch {
    return undefined;
  }
};

const rpcError = (
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { ...JSON_HEADERS, ...headers });
  res.end(
    JSON.stringify({ jsonrpc: '2.0', error: { code: status >= 500 ? -32603 : -32000, message }, id: null }),
  );
};

/** Keeps the clients and the verdicts per key: one pace per key, and one check per key every few minutes. */
class KeyCache {
  private readonly entries = new Map<string, { client: TrackingClient; verifiedUntil: number }>();
  constructor(
    private readonly clientFor: (token: string) => TrackingClient,
    private readonly clock: Clock,
  ) {}

  client(token: string): { client: TrackingClient; verified: boolean } {
    let entry = this.entries.get(token);
    if (!entry) {
      entry = { client: this.clientFor(token), verifiedUntil: 0 };
      setNewest(this.entries, token, entry, MAX_KEYS);
    }
    return { client: entry.client, verified: entry.verifiedUntil > this.clock.now() };
  }

  verified(token: string): void {
    const entry = this.entries.get(token);
    if (entry) entry.verifiedUntil = this.clock.now() + VERIFIED_KEY_TTL_MS;
  }

  forget(token: string): void {
    this.entries.delete(token);
  }
}

/**
 * The MCP server over streamable HTTP, stateless: every POST gets its own server and transport, bound
 * to the caller's API key. Host and Origin are checked first, then the key (the API's 401 becomes ours).
 */
export const startMcpHttpServer = async (options: McpHttpOptions): Promise<McpHttpServer> => {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger;
  const keys = new KeyCache(options.clientFor, clock);
  const timeouts = options.timeouts ?? DEFAULT_MCP_HTTP_TIMEOUTS;
  const failedKeys = new FailureThrottle(clock, MAX_FAILED_KEYS_PER_MINUTE, 60_000);
  let inFlight = 0;
  const inFlightPerKey = new Map<string, number>();

  /**
   * Whether the API accepts the key: only its 401 says no; an API that is down is the tools' to report.
   * One shipment is the cheapest page every deployment of the API serves to every account.
   */
  const verify = async (
    token: string,
    client: TrackingClient,
  ): Promise<'accepted' | 'refused' | { readonly retryAfterSeconds: number }> => {
    try {
      await client.listShipments({ 'page[size]': 1 });
    } catch (error) {
      if (error instanceof TrackingApiError && error.code === 'unauthorized') return 'refused';
      // The API throttles unknown keys per address, and every client of this server shares its address:
      // its 429 is passed on, neither an acceptance nor a refusal of the key.
      if (error instanceof TrackingApiError && error.code === 'rate_limited') {
        return { retryAfterSeconds: Math.max(1, error.retryAfterSeconds ?? 1) };
      }
      return 'accepted';
    }
    keys.verified(token);
    return 'accepted';
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const host = checkHost(req.headers.host, options.allowedHosts);
    if (!host.ok) return rpcError(res, 403, host.message);
    const origin = checkOrigin(req.headers.origin, req.headers.host, options.allowedOrigins);
    if (!origin.ok) return rpcError(res, 403, origin.message);

    const path = pathOf(req.url);
    if (path === undefined) return rpcError(res, 400, `Bad request target: ${String(req.url).slice(0, 100)}`);
    if (!MCP_PATHS.has(path)) return rpcError(res, 404, `Not found: ${path}; the MCP endpoint is POST /mcp`);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { Allow: 'POST, OPTIONS' });
      return void res.end();
    }
    if (req.method !== 'POST') {
      return rpcError(res, 405, 'Method not allowed: this stateless server only accepts POST', {
        Allow: 'POST',
      });
    }

    const credentials = credentialsOf(req.headers.authorization, options.defaultToken);
    if (!credentials.ok)
      return rpcError(res, 401, credentials.message, { 'WWW-Authenticate': 'Bearer realm="mcp"' });
    const held = inFlightPerKey.get(credentials.token) ?? 0;
    if (held >= MAX_CONCURRENT_REQUESTS_PER_KEY) {
      return rpcError(res, 429, 'Too many requests at once with this API key; retry in a second', {
        'Retry-After': '1',
      });
    }
    inFlightPerKey.set(credentials.token, held + 1);
    res.once('close', () => {
      const left = (inFlightPerKey.get(credentials.token) ?? 1) - 1;
      if (left === 0) inFlightPerKey.delete(credentials.token);
      else inFlightPerKey.set(credentials.token, left);
    });
    const address = req.socket.remoteAddress ?? 'unknown';
    const { client, verified } = keys.client(credentials.token);
    if (!verified) {
      const wait = failedKeys.retryAfterSeconds(address);
      if (wait !== undefined) {
        keys.forget(credentials.token);
        return rpcError(res, 429, `Too many refused API keys from this address; retry in ${wait} s`, {
          'Retry-After': String(wait),
        });
      }
      const verdict = await verify(credentials.token, client);
      if (verdict === 'refused') {
        keys.forget(credentials.token);
        failedKeys.failed(address);
        return rpcError(res, 401, 'Invalid API key: the tracking API refused it', {
          'WWW-Authenticate': 'Bearer realm="mcp", error="invalid_token"',
        });
      }
      if (verdict !== 'accepted') {
        keys.forget(credentials.token);
        const wait = String(verdict.retryAfterSeconds);
        return rpcError(res, 429, `The tracking API is rate limiting this key check; retry in ${wait} s`, {
          'Retry-After': wait,
        });
      }
    }

    const body = await readJson(req);
    if (body === 'too_large') {
      // The rest of the body is never read, so the connection cannot carry another request: say so, or a
      // client reusing it meets a reset.
      return rpcError(res, 413, `Request body larger than ${MAX_BODY_BYTES} bytes`, { Connection: 'close' });
    }
    if (body === 'invalid') {
      res.writeHead(400, JSON_HEADERS);
      return void res.end(
        JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }),
      );
    }
    const shape = checkRpcBody(body.value);
    if (!shape.ok) {
      // The SDK answers a bad request with 400 and a bad call with 200 and the error in the body.
      res.writeHead(shape.id === null ? 400 : 200, JSON_HEADERS);
      return void res.end(
        JSON.stringify({ jsonrpc: '2.0', error: { code: shape.code, message: shape.message }, id: shape.id }),
      );
    }

    const server = createMcpServer({ client, now: () => clock.now() }, options.version);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body.value);
  };

  const http = createServer(
    {
      // Node requires headersTimeout <= requestTimeout.
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    (req, res) => {
      if (inFlight >= MAX_CONCURRENT_REQUESTS) {
        return rpcError(res, 503, 'Too many requests at once; retry in a second', { 'Retry-After': '1' });
      }
      inFlight += 1;
      res.once('close', () => {
        inFlight -= 1;
      });
      handle(req, res).catch((error: unknown) => {
        logger.error({ err: error }, 'MCP request failed');
        if (!res.headersSent) rpcError(res, 500, 'Internal server error');
        else res.end();
      });
    },
  );
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  // A server listening on a TCP port has an AddressInfo address (a string only for pipes).
  const { port } = http.address() as AddressInfo;
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${shownHost}:${port}/mcp`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
};
