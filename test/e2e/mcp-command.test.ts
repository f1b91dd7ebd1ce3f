import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';
import { type E2eScope, e2eTest } from './support/e2e-test.ts';
import { freePort } from './support/free-port.ts';
import { authorization, readApiKey } from './support/service-api.ts';
import type { StevedoreCommand } from './support/stevedore-command.ts';
import { interrupt, pickUpPorts, startUp } from './support/stevedore-up.ts';
import { waitUntil } from './support/wait-until.ts';

/**
 * `stevedore mcp` as a user runs it, in front of a running `stevedore service`: SVC_API_BASE_URL and
 * SVC_API_TOKEN are its only inputs. And `up`'s own MCP server, with `up`'s key.
 */

const REPO = fileURLToPath(new URL('../..', import.meta.url));
/** npx, tsx and the SDK loading on a busy 2-core machine. */
const START_TIMEOUT_MS = 60_000;
/** The sandbox carrier answers a tracking request after 3 s of service time. */
const SHIPMENT_TIMEOUT_MS = 30_000;

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

interface Tracked {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly containerId: string;
  readonly containerNumber: string;
}

/** Asks the service to track a bill of lading, and waits for the sandbox carrier's shipment. */
const trackOne = async (baseUrl: string, apiKey: string, service: StevedoreCommand): Promise<Tracked> => {
  const headers = { ...authorization(apiKey), 'Content-Type': 'application/json' };
  const created = await fetch(`${baseUrl}/tracking_requests`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      data: {
        type: 'tracking_request',
        attributes: { request_type: 'bill_of_lading', request_number: 'MAEU123456789', scac: 'MAEU' },
      },
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const containers = await waitUntil(
    async () => {
      const answer = (await (await fetch(`${baseUrl}/containers`, { headers })).json()) as {
        data: { id: string; attributes: { number: string } }[];
      };
      return answer.data.length > 0 ? answer.data : undefined;
    },
    {
      what: 'the sandbox carrier’s containers',
      timeoutMs: SHIPMENT_TIMEOUT_MS,
      explain: () => service.describe(),
    },
  );
  const [first] = containers;
  if (first === undefined) throw new Error('no container');
  return { baseUrl, apiKey, containerId: first.id, containerNumber: first.attributes.number };
};

const startService = async (e2e: E2eScope) => {
  const workspace = await e2e.workspace();
  const port = await freePort();
  const service = e2e.start(['service', '--port', String(port), '--data-dir', workspace.dataDir], {
    cwd: workspace.root,
  });
  await service.waitForLine(/^API key /, START_TIMEOUT_MS);
  const apiKey = await readApiKey(workspace.dataDir);
  return { workspace, service, tracked: await trackOne(`http://127.0.0.1:${port}/v2`, apiKey, service) };
};

e2eTest(
  'stevedore mcp --stdio: a local MCP client lists and calls tools, prompts and resources on a running service',
  { timeout: 150_000 },
  async ({ e2e }) => {
    const { service, tracked } = await startService(e2e);
    const transport = new StdioClientTransport({
      command: 'npx',
      args: ['tsx', 'bin/stevedore.ts', 'mcp', '--stdio'],
      cwd: REPO,
      env: childEnv({
        SVC_API_BASE_URL: tracked.baseUrl,
        SVC_API_TOKEN: tracked.apiKey,
        STEVEDORE_LOG_LEVEL: 'silent',
      }),
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
        arguments: { query: tracked.containerNumber },
      });
      expect(search.structuredContent).toMatchObject({ containers: [{ id: tracked.containerId }] });
      const events = await client.callTool({
        name: 'get_container_transport_events',
        arguments: { id: tracked.containerId },
      });
      expect(events.isError).not.toBe(true);
      expect(events.structuredContent).toMatchObject({ total_events: expect.any(Number) });
      const container = await client.readResource({ uri: `svc://container/${tracked.containerId}` });
      expect(JSON.stringify(container.contents)).toContain(`# Container ${tracked.containerNumber}`);
      const prompt = await client.getPrompt({
        name: 'check-demurrage',
        arguments: { container_id: tracked.containerId },
      });
      expect(JSON.stringify(prompt.messages)).toContain(tracked.containerId);
    } finally {
      await client.close();
    }
    expect(await service.kill('SIGTERM')).toEqual({ code: 0, signal: null });
  },
);

e2eTest(
  'stevedore mcp --port: serves POST /mcp in front of a running service, prints how to add it, needs a key',
  { timeout: 150_000 },
  async ({ e2e }) => {
    const { workspace, service, tracked } = await startService(e2e);
    const port = await freePort();
    const server = e2e.start(['mcp', '--port', String(port)], {
      cwd: workspace.root,
      env: { SVC_API_BASE_URL: tracked.baseUrl },
    });
    const url = `http://127.0.0.1:${port}/mcp`;
    expect(await server.waitForLine(/^MCP server /, START_TIMEOUT_MS)).toBe(
      `MCP server ${url}   (tracking API ${tracked.baseUrl})`,
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
        requestInit: { headers: { Authorization: `Bearer ${tracked.apiKey}` } },
      }),
    );
    const result = await client.callTool({ name: 'get_container', arguments: { id: tracked.containerId } });
    expect(result.structuredContent).toMatchObject({ container_number: tracked.containerNumber });
    await client.close();
    expect(await server.kill('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(await service.kill('SIGTERM')).toEqual({ code: 0, signal: null });
  },
);

e2eTest(
  "stevedore up: its MCP server answers tools/list with up's key and its banner says how to add it",
  { timeout: 150_000 },
  async ({ e2e }) => {
    const workspace = await e2e.workspace();
    const ports = await pickUpPorts();
    let mcpPort = await freePort();
    while (mcpPort === ports.service || mcpPort === ports.receiver) mcpPort = await freePort();
    const up = await startUp(e2e, workspace, ports, { STEVEDORE_MCP_PORT: String(mcpPort) });
    const url = `http://127.0.0.1:${mcpPort}/mcp`;
    expect(up.command.stdoutLines).toContain(`  MCP       ${url}`);
    expect(
      up.command.stdoutLines.some((text) =>
        text.includes(`claude mcp add --transport http stevedore ${url}`),
      ),
    ).toBe(true);
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Token ${up.apiKey}` } },
      }),
    );
    expect((await client.listTools()).tools).toHaveLength(10);
    const listed = await client.callTool({ name: 'list_shipments', arguments: {} });
    expect(listed.isError).not.toBe(true);
    expect(listed.structuredContent).toMatchObject({ items: [] });
    await client.close();
    expect((await interrupt(up.command)).code).toBe(0);
  },
);
