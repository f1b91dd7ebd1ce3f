import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TrackingClient } from '../../../src/client/tracking-client.ts';
import { type McpHttpServer, startMcpHttpServer } from '../../../src/mcp/http-server.ts';
import { startTracking, type TrackingHarness } from '../tracking/tracking-harness.ts';

/**
 * The MCP server's HTTP layer (paths, methods, body limits, keys, Host and Origin) on loopback, in front
 * of the real local service; and one API that never answers, which the service cannot be made to do.
 * The tools themselves are tested against a tracked shipment in mcp-real-service.test.ts.
 */

let h: TrackingHarness;
let KEY = '';
const servers: McpHttpServer[] = [];

beforeAll(async () => {
  h = await startTracking();
  KEY = h.apiKey;
});
afterAll(() => h.close());
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const serve = async (
  options: {
    allowedHosts?: string[];
    allowedOrigins?: string[];
    defaultToken?: string;
    timeoutMs?: number;
    baseUrl?: string;
  } = {},
) => {
  const server = await startMcpHttpServer({
    host: '127.0.0.1',
    port: 0,
    allowedHosts: options.allowedHosts ?? [],
    allowedOrigins: options.allowedOrigins ?? [],
    defaultToken: options.defaultToken,
    clientFor: (token) =>
      new TrackingClient({
        baseUrl: options.baseUrl ?? `${h.origin}/v2`,
        token,
        requestsPerMinute: 6_000,
        timeoutMs: options.timeoutMs ?? 5_000,
      }),
    version: '0.0.0-test',
  });
  servers.push(server);
  return server;
};

const connect = async (url: string, headers: Record<string, string> = { Authorization: `Bearer ${KEY}` }) => {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
};

/** A raw request through node:http, which (unlike fetch) lets a test send any Host header. */
const post = (url: string, headers: Record<string, string>, method = 'POST', raw?: string) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const rpc = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
      const body = raw ?? (method === 'POST' ? rpc : '');
      const req = request(
        url,
        {
          method,
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
            ...headers,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    },
  );

// biome-ignore lint/suspicious/noExplicitAny: the server checked these results against their output schemas; tests read them by path.
type Structured = Record<string, any>;
const call = async (client: Client, name: string, args: Record<string, unknown>) => {
  const result = await client.callTool({ name, arguments: args });
  return {
    isError: result.isError === true,
    data: result.structuredContent as Structured,
    text: (result.content as { text: string }[])[0]?.text ?? '',
  };
};

describe('MCP server over HTTP', () => {
  it('bounds every call in time: an API that never answers is an upstream_error, not a hung agent', async () => {
    // Accepts every connection and never answers: the one failure the real service cannot be made to show.
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const { url } = await serve({ timeoutMs: 300, baseUrl: `http://127.0.0.1:${port}/v2` });
      const client = await connect(url);
      const result = await call(client, 'list_shipments', {});
      expect(result.data.error.code).toBe('upstream_error');
      expect(result.data.error.message).toContain('no answer within 300 ms');
      await client.close();
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('serves POST /api/mcp too, and answers GET and DELETE with 405', async () => {
    const { url } = await serve();
    const client = await connect(url.replace('/mcp', '/api/mcp'));
    expect((await client.listTools()).tools).toHaveLength(10);
    await client.close();
    for (const method of ['GET', 'DELETE']) {
      const answer = await post(url, { Authorization: `Token ${KEY}` }, method);
      expect(answer.status).toBe(405);
      expect(JSON.parse(answer.body).jsonrpc).toBe('2.0');
    }
  });
  it('refuses a body that is not JSON, or too large, before any MCP processing', async () => {
    const { url } = await serve();
    const auth = { Authorization: `Bearer ${KEY}` };
    expect((await post(url, auth, 'POST', '{"jsonrpc":')).status).toBe(400);
    expect((await post(url, auth, 'POST', `"${'x'.repeat(1_100_000)}"`)).status).toBe(413);
  });
});

describe('MCP server authentication', () => {
  it('forwards "Bearer <t>" and "Token <t>" as the API key', async () => {
    const { url } = await serve();
    for (const authorization of [`Bearer ${KEY}`, `token ${KEY}`]) {
      const client = await connect(url, { Authorization: authorization });
      // The service accepts only its own keys: an answer proves the key reached it.
      expect((await call(client, 'list_containers', {})).isError).toBe(false);
      await client.close();
    }
  });

  it('uses SVC_API_TOKEN without a header, and answers 401 with neither', async () => {
    const withDefault = await serve({ defaultToken: KEY });
    const client = await connect(withDefault.url, {});
    expect((await call(client, 'list_containers', {})).isError).toBe(false);
    await client.close();

    const without = await serve();
    const answer = await post(without.url, {});
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Bearer realm="mcp"');
    expect((await post(without.url, { Authorization: `Basic ${KEY}` })).status).toBe(401);
  });

  it('answers 401 for a key the API refuses', async () => {
    const { url } = await serve();
    const answer = await post(url, { Authorization: 'Bearer not-the-key-123' });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it('answers 403 for a foreign Host or Origin before looking at the key', async () => {
    const { url } = await serve();
    const port = new URL(url).port;
    // No Authorization at all: the 403 proves the Host/Origin check ran first.
    expect((await post(url, { Host: `evil.example:${port}` })).status).toBe(403);
    expect((await post(url, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(url, { Origin: 'not a url' })).status).toBe(403);
    expect((await post(url, { Host: `localhost:${port}`, Origin: `http://localhost:${port}` })).status).toBe(
      401,
    );
  });

  it('accepts exactly the configured hosts and origins', async () => {
    const { url } = await serve({
      allowedHosts: ['mcp.example.com'],
      allowedOrigins: ['https://app.example.com'],
    });
    const auth = { Authorization: `Bearer ${KEY}` };
    expect((await post(url, { ...auth, Host: 'mcp.example.com' })).status).toBe(200);
    expect(
      (await post(url, { ...auth, Host: 'mcp.example.com', Origin: 'https://app.example.com' })).status,
    ).toBe(200);
    expect(
      (await post(url, { ...auth, Host: 'mcp.example.com', Origin: 'https://other.example.com' })).status,
    ).toBe(403);
    // Loopback is no longer implied once a list is configured.
    expect((await post(url, auth)).status).toBe(403);
  });
});
