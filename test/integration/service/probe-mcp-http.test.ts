import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrackingClient } from '../../../src/client/tracking-client.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import {
  MAX_BODY_BYTES,
  MAX_FAILED_KEYS_PER_MINUTE,
  type McpHttpServer,
  startMcpHttpServer,
} from '../../../src/mcp/http-server.ts';
import { MAX_REFUSED_KEYS_PER_MINUTE } from '../../../src/service/http/refused-keys.ts';
import { rawExchange } from '../../support/raw-http.ts';
import { startTracking, type TrackingHarness } from '../tracking/tracking-harness.ts';
import { startProbeMcp } from './probe-client.ts';

/**
 * The abuse probe of the MCP HTTP server in front of the real local service: DNS rebinding through Host
 * and Origin, bodies that are too big, batched, nested or not JSON-RPC, unknown methods, tools called with
 * bad arguments, key guessing, method confusion and a burst of concurrent calls.
 */

let h: TrackingHarness;
let mcp: McpHttpServer;
const clock = new ManualClock(Date.now());

const ACCEPT = 'application/json, text/event-stream';
const initialize = (id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '1' } },
});
const callTool = (name: string, args: unknown, id = 2) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(mcp.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: ACCEPT,
      authorization: `Bearer ${h.apiKey}`,
      ...headers,
    },
    body,
  });

// biome-ignore lint/suspicious/noExplicitAny: JSON-RPC answers are read by path in assertions.
type Rpc = Record<string, any>;
const rpc = async (body: unknown, headers: Record<string, string> = {}) => {
  const response = await post(JSON.stringify(body), headers);
  return { status: response.status, headers: response.headers, body: (await response.json()) as Rpc };
};

/** A request with a Host header of our choosing: fetch does not let a caller set Host. */
const withHost = (host: string) => {
  const body = JSON.stringify(initialize());
  return rawExchange(
    mcp.url,
    [
      'POST /mcp HTTP/1.1',
      `Host: ${host}`,
      'Content-Type: application/json',
      `Accept: ${ACCEPT}`,
      `Authorization: Bearer ${h.apiKey}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
};

beforeAll(async () => {
  h = await startTracking();
  mcp = await startProbeMcp(h.origin, clock);
});
afterAll(async () => {
  await mcp?.close();
  await h?.close();
});

describe('DNS rebinding: Host and Origin', () => {
  it('a Host that is not loopback is refused before anything runs', async () => {
    const port = new URL(mcp.url).port;
    for (const host of ['evil.example', `localhost.evil.example:${port}`, `127.0.0.1.nip.io:${port}`, '']) {
      const answer = await withHost(host);
      expect(answer.status, host).toBe(403);
      expect(answer.text, host).toContain('Invalid Host header');
    }
    expect((await withHost(`localhost:${port}`)).status).toBe(200);
  });

  it('an Origin of another site, or the opaque "null", is refused; a loopback origin is not', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example', 'file://']) {
      const answer = await rpc(initialize(), { origin });
      expect(answer.status, origin).toBe(403);
      expect(answer.body.error.message).toContain('Invalid Origin header');
    }
    expect((await rpc(initialize(), { origin: 'http://localhost:3000' })).status).toBe(200);
  });
});

describe('bodies that are not one good JSON-RPC call', () => {
  it('a body over the cap is a 413', async () => {
    const huge = JSON.stringify(callTool('search_container', { query: 'x'.repeat(MAX_BODY_BYTES) }));
    const response = await post(huge);
    expect(response.status).toBe(413);
  });

  it('unparsable, deeply nested, empty and over-long batches are answered with JSON-RPC errors', async () => {
    const broken = await post('{"jsonrpc":');
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as Rpc).error.code).toBe(-32700);
    const deep = await post(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(deep.status).toBe(400);
    const empty = await rpc([]);
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe(-32600);
    const batch = await rpc(Array.from({ length: 500 }, (_, index) => callTool('list_shipments', {}, index)));
    expect(batch.status).toBe(400);
    expect(batch.body.error.code).toBe(-32600);
    for (const body of ['12', '"x"', 'null', '{"a":1}']) {
      expect((await post(body)).status, body).toBe(400);
    }
  });

  it('a wrong content type or Accept is refused', async () => {
    expect((await post(JSON.stringify(initialize()), { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post(JSON.stringify(initialize()), { accept: 'text/html' })).status).toBe(406);
  });

  it('an unknown method is -32601', async () => {
    const answer = await rpc({ jsonrpc: '2.0', id: 9, method: 'admin/shutdown', params: {} });
    expect(answer.body.error.code).toBe(-32601);
    expect(answer.body.id).toBe(9);
  });
});

describe('tools called with bad arguments get the structured invalid_input error', () => {
  const expectInvalidInput = (answer: { body: Rpc }, label: string) => {
    expect(answer.body.result?.isError, label).toBe(true);
    expect(answer.body.result.structuredContent.error.code, label).toBe('invalid_input');
    expect(JSON.parse(answer.body.result.content[0].text).error.code, label).toBe('invalid_input');
  };

  it('wrong types, missing arguments, ids that are not UUIDs, control characters, unknown tools', async () => {
    const calls: [string, unknown][] = [
      ['get_container', { id: 12 }],
      ['get_container', {}],
      ['get_container', { id: '../../etc/passwd\u0000' }],
      ['get_shipment_details', { id: 'x'.repeat(10_000) }],
      ['list_shipments', { page: -1 }],
      ['search_container', { query: 'A'.repeat(100_000) }],
      ['search_container', { query: '   ' }],
      ['no_such_tool', {}],
    ];
    for (const [name, args] of calls) {
      const answer = await rpc(callTool(name, args));
      expect(answer.status, name).toBe(200);
      expectInvalidInput(answer, `${name} ${JSON.stringify(args).slice(0, 40)}`);
      expect(JSON.stringify(answer.body).length).toBeLessThan(5_000);
    }
  });

  it('params that break the protocol itself are -32602 naming the member, not an internal error', async () => {
    const stringArgs = await rpc(callTool('get_container', 'not an object', 7));
    expect(stringArgs.body.error).toMatchObject({ code: -32602 });
    expect(stringArgs.body.error.message).toContain('params.arguments');
    expect(stringArgs.body.id).toBe(7);
    const noName = await rpc({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: {} });
    expect(noName.body.error.code).toBe(-32602);
    const prompt = await rpc({
      jsonrpc: '2.0',
      id: 10,
      method: 'prompts/get',
      params: { name: 'track_shipment', arguments: { container_number: 42 } },
    });
    expect(prompt.body.error.code).toBe(-32602);
    const resource = await rpc({ jsonrpc: '2.0', id: 11, method: 'resources/read', params: { uri: 12 } });
    expect(resource.body.error.code).toBe(-32602);
  });

  it('a resource of another account or a bad id is an error, not a crash', async () => {
    const answer = await rpc({
      jsonrpc: '2.0',
      id: 12,
      method: 'resources/read',
      params: { uri: 'svc://container/00000000-0000-4000-8000-000000000000' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.error ?? answer.body.result).toBeDefined();
  });
});

describe('keys, methods and load', () => {
  it(`after ${MAX_FAILED_KEYS_PER_MINUTE} refused keys an address gets 429 with Retry-After instead of more API calls`, async () => {
    for (let attempt = 0; attempt < MAX_FAILED_KEYS_PER_MINUTE; attempt += 1) {
      expect((await rpc(initialize(), { authorization: `Bearer guess-${attempt}` })).status).toBe(401);
    }
    const throttled = await rpc(initialize(), { authorization: 'Bearer guess-again' });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(throttled.body.error.message).toContain('Too many refused API keys');
    // A key already verified keeps working for the address.
    expect((await rpc(initialize())).status).toBe(200);
    // The API throttles unknown keys per address too (round 4), and this server calls it from loopback:
    // use up the API's budget for that address, then let the MCP server's own window pass.
    for (let guess = 0; guess < MAX_REFUSED_KEYS_PER_MINUTE; guess += 1) {
      await fetch(`${h.origin}/v2/shipments`, { headers: { authorization: `Token guess-direct-${guess}` } });
    }
    clock.advance(61_000);
    // The MCP server's window has passed, but the API's (on the service's clock) still refuses this
    // server's address: its 429 is passed on, not read as a yes.
    const later = await rpc(initialize(), { authorization: 'Bearer guess-later' });
    expect(later.status).toBe(429);
    expect(Number(later.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(later.body.error.message).toContain('tracking API is rate limiting');
  });

  it('other methods on the endpoint are 405 with Allow; other paths and case variants are 404', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const response = await fetch(mcp.url, { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
    expect((await fetch(mcp.url, { method: 'HEAD' })).status).toBe(405);
    expect((await fetch(mcp.url, { method: 'OPTIONS' })).status).toBe(204);
    for (const path of ['/MCP', '/mcp/', '/mcp/../admin', '/']) {
      const response = await fetch(new URL(path, mcp.url), { method: 'POST' });
      expect(response.status, path).toBe(404);
    }
  });

  it('a request target that is not a path, and a header flood, are 4xx, never 500', async () => {
    const port = new URL(mcp.url).port;
    const odd = await rawExchange(
      mcp.url,
      `POST http://[ HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    expect(odd.status).toBeGreaterThanOrEqual(400);
    expect(odd.status).toBeLessThan(500);
    const flood = await rawExchange(
      mcp.url,
      `POST /mcp HTTP/1.1\r\nHost: localhost:${port}\r\n${Array.from({ length: 500 }, (_, i) => `X-Flood-${i}: ${'y'.repeat(100)}`).join('\r\n')}\r\n\r\n`,
    );
    expect(flood.status).toBe(431);
  });

  it('a body that stops short of its Content-Length, or a head that trickles, is cut with a 408', async () => {
    const slow = await startMcpHttpServer({
      host: '127.0.0.1',
      port: 0,
      allowedHosts: [],
      allowedOrigins: [],
      clientFor: (token) => new TrackingClient({ baseUrl: `${h.origin}/v2`, token, timeoutMs: 10_000 }),
      version: '0.0.0-probe',
      timeouts: { headersMs: 300, requestMs: 600, checkIntervalMs: 50 },
    });
    try {
      const port = new URL(slow.url).port;
      const head = [
        'POST /mcp HTTP/1.1',
        `Host: localhost:${port}`,
        'Content-Type: application/json',
        `Accept: ${ACCEPT}`,
        `Authorization: Bearer ${h.apiKey}`,
        'Content-Length: 500',
        '',
        '',
      ].join('\r\n');
      const short = await rawExchange(slow.url, `${head}{"jsonrpc":"2.0",`);
      expect(short.status).toBe(408);
      const trickled = await rawExchange(slow.url, 'POST /mcp HTTP/1.1\r\n', {
        trickle: Array(40).fill('X-Slow: 1\r\n'),
        everyMs: 50,
      });
      expect(trickled.status).toBe(408);
      expect((await rpc(initialize())).status).toBe(200);
    } finally {
      await slow.close();
    }
  });

  it('a burst of concurrent calls is answered (200, or 503 with Retry-After) and the server keeps answering', async () => {
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, index) => post(JSON.stringify(callTool('list_shipments', {}, index)))),
    );
    for (const answer of answers) {
      expect([200, 503]).toContain(answer.status);
      if (answer.status === 503) expect(answer.headers.get('retry-after')).toBe('1');
      await answer.arrayBuffer();
    }
    expect((await rpc(initialize())).status).toBe(200);
  });
});
