import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TrackingClient } from '../../../src/client/tracking-client.ts';
import { runMcpStdio } from '../../../src/mcp/stdio-server.ts';
import {
  CONTAINER_ID,
  CONTAINER_NUMBER,
  FAKE_KEY,
  type FakeTrackingApi,
  startFakeTrackingApi,
} from '../../support/fake-tracking-api.ts';

let api: FakeTrackingApi;
beforeAll(async () => {
  api = await startFakeTrackingApi();
});
afterAll(() => api.close());

/** What a script does: writes its requests, closes stdin, and reads stdout to its end. */
const runScript = async (messages: readonly object[]): Promise<Array<Record<string, unknown>>> => {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let written = '';
  stdout.on('data', (chunk: Buffer) => {
    written += chunk.toString('utf8');
  });
  const client = new TrackingClient({ baseUrl: api.baseUrl, token: FAKE_KEY, requestsPerMinute: 6_000 });
  const running = runMcpStdio({
    client,
    version: 'test',
    signal: new AbortController().signal,
    stdin,
    stdout,
  });
  for (const message of messages) stdin.write(`${JSON.stringify(message)}\n`);
  stdin.end();
  await running;
  return written
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
};

it('answers every request of a client that closes stdin right after writing them', async () => {
  const answers = await runScript([
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'script', version: '1' },
      },
    },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'search_container', arguments: { query: CONTAINER_NUMBER } },
    },
  ]);
  expect(answers.map((answer) => answer.id)).toEqual([1, 2]);
  // The tool call went to the API and came back with its result, after stdin had ended.
  expect(JSON.stringify(answers[1])).toContain(CONTAINER_ID);
});

it('ends at once when stdin closes with nothing owed', async () => {
  expect(await runScript([])).toEqual([]);
});
