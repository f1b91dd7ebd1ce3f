import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CONTAINER_ID,
  CONTAINER_NUMBER,
  FAKE_KEY,
  type FakeTrackingApi,
  startFakeTrackingApi,
} from '../support/fake-tracking-api.ts';
import { e2eTest } from './support/e2e-test.ts';
import { freePort } from './support/free-port.ts';

/**
 * `stevedore mcp` as a user runs it, against the stand-in of the tracking API (test/support) until the
 * local service serves the tracking endpoints: SVC_API_BASE_URL and SVC_API_TOKEN are the only inputs.
 */

const REPO = fileURLToPath(new URL('../..', import.meta.url));
/** npx, tsx and the SDK loading on a busy 2-core machine. */
const START_TIMEOUT_MS = 60_000;

let api: FakeTrackingApi;
beforeAll(async () => {
  api = await startFakeTrackingApi();
});
afterAll(() => api.close());

/** The child's environment: this one's, without a developer's own stevedore settings. */
const childEnv = (extra: Record<string, string>): Record<string, string> => ({
  ...Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && !entry[0].startsWith('STEVEDORE_') && !entry[0].startsWith('SVC_'),
    ),
  ),
  ...extra,
});

it('stevedore mcp --stdio: a local MCP client lists and calls the tools, prompts and resources', {
  timeout: 120_000,
}, async () => {
  const transport = new StdioClientTransport({
    command: 'npx',
    args: ['tsx', 'bin/stevedore.ts', 'mcp', '--stdio'],
    cwd: REPO,
    env: childEnv({ SVC_API_BASE_URL: api.baseUrl, SVC_API_TOKEN: FAKE_KEY, STEVEDORE_LOG_LEVEL: 'silent' }),
    stderr: 'pipe',
  });
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(transport);
  try {
    expect((await client.listTools()).tools).toHaveLength(10);
    expect((await client.listPrompts()).prompts.map((p) => p.name).sort()).toEqual([
      'analyze-delays',
      'check-demurrage',
      'track-shipment',
    ]);
    const search = await client.callTool({
      name: 'search_container',
      arguments: { query: CONTAINER_NUMBER },
    });
    expect(search.structuredContent).toMatchObject({ containers: [{ id: CONTAINER_ID }] });
    const container = await client.readResource({ uri: `svc://container/${CONTAINER_ID}` });
    expect(JSON.stringify(container.contents)).toContain(CONTAINER_NUMBER);
    expect(api.requests.every((r) => r.authorization === `Token ${FAKE_KEY}`)).toBe(true);
  } finally {
    await client.close();
  }
});

e2eTest(
  'stevedore mcp --port: serves POST /mcp, prints how to add it to a client, and needs a key',
  { timeout: 120_000 },
  async ({ e2e }) => {
    const workspace = await e2e.workspace();
    const port = await freePort();
    const server = e2e.start(['mcp', '--port', String(port)], {
      cwd: workspace.root,
      env: { SVC_API_BASE_URL: api.baseUrl },
    });
    const url = `http://127.0.0.1:${port}/mcp`;
    expect(await server.waitForLine(/^MCP server /, START_TIMEOUT_MS)).toBe(
      `MCP server ${url}   (tracking API ${api.baseUrl})`,
    );
    await server.waitForLine(/claude mcp add --transport http stevedore /, START_TIMEOUT_MS);

    const unauthenticated = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(unauthenticated.status).toBe(401);

    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${FAKE_KEY}` } },
      }),
    );
    const result = await client.callTool({ name: 'get_container', arguments: { id: CONTAINER_ID } });
    expect(result.structuredContent).toMatchObject({ container_number: CONTAINER_NUMBER });
    await client.close();
    expect(await server.kill('SIGTERM')).toEqual({ code: 0, signal: null });
  },
);
