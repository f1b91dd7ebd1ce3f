import { expect } from 'vitest';
import { TrackingClient } from '../../../src/client/tracking-client.ts';
import { errorDocument } from '../../../src/contract/json-api.ts';
import type { Clock } from '../../../src/domain/clock.ts';
import { type McpHttpServer, startMcpHttpServer } from '../../../src/mcp/http-server.ts';

/** A request of the probes: `key` null sends no credential; `json` becomes the body, typed JSON unless set. */
export type ProbeInit = RequestInit & { key?: string | null; json?: unknown };

/**
 * The API as the probes call it, against the service `target()` names when the call is made (the probes
 * start their service in `beforeAll`).
 */
export const probeClient =
  (target: () => { origin: string; apiKey: string }) =>
  (path: string, init: ProbeInit = {}): Promise<Response> => {
    const { origin, apiKey } = target();
    const { key = apiKey, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (key !== null) headers.set('Authorization', `Token ${key}`);
    if (json !== undefined && !headers.has('content-type')) headers.set('Content-Type', 'application/json');
    return fetch(`${origin}${path}`, {
      ...rest,
      headers,
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
  };

/** Every refusal of the probes: the status, and a JSON:API error document that says it. */
export const expectError = async (response: Response, status: number, label: string) => {
  expect(response.status, label).toBe(status);
  const body = errorDocument.parse(await response.json());
  expect(body.errors[0]?.status, label).toBe(String(status));
  return body.errors[0];
};

/**
 * The MCP HTTP server as the probes attack it: loopback only, no extra hosts or origins allowed, in front
 * of the tracking service at `origin`, with limits high enough that only the probe's own ones bite.
 */
export const startProbeMcp = (origin: string, clock: Clock): Promise<McpHttpServer> =>
  startMcpHttpServer({
    host: '127.0.0.1',
    port: 0,
    allowedHosts: [],
    allowedOrigins: [],
    clock,
    clientFor: (token) =>
      new TrackingClient({ baseUrl: `${origin}/v2`, token, requestsPerMinute: 60_000, timeoutMs: 10_000 }),
    version: '0.0.0-probe',
  });
