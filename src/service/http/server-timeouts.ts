import type { ServerOptions } from 'node:http';

/** How long a Node HTTP server waits for a request's head and for the whole request. */
export interface HttpTimeouts {
  readonly headersMs: number;
  readonly requestMs: number;
  /** How often Node checks the two limits. */
  readonly checkIntervalMs: number;
}

/**
 * How often Node checks the two limits. Its default (30 s) lets a request outlive its limit by up to
 * that much (a trickled body ran to 25 s against a 10 s limit); a second costs nothing.
 */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** The timeouts as `createServer` options. */
export const serverTimeoutOptions = (
  timeouts: HttpTimeouts,
): Pick<ServerOptions, 'headersTimeout' | 'requestTimeout' | 'connectionsCheckingInterval'> => ({
  // Node requires headersTimeout <= requestTimeout.
  headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
  requestTimeout: timeouts.requestMs,
  connectionsCheckingInterval: timeouts.checkIntervalMs,
});
