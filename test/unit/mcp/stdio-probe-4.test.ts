import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TrackingClient } from '../../../src/client/tracking-client.ts';
import { runMcpStdio } from '../../../src/mcp/stdio-server.ts';
import {
  MAX_LINE_BYTES,
  MAX_REQUESTS_IN_FLIGHT,
  MAX_REQUESTS_QUEUED,
} from '../../../src/mcp/stdio-transport.ts';
import {
  CONTAINER_NUMBER,
  FAKE_KEY,
  type FakeTrackingApi,
  startFakeTrackingApi,
} from '../../support/fake-tracking-api.ts';

/**
 * Round 4 of the abuse probe, on `mcp --stdio` (never probed before): the SDK's transport answered
 * nothing to a line that was not JSON or not one message (the client waited for ever), kept up to 10 MiB
 * of an unfinished line (copying it whole on every chunk) and then closed the session, ran every request
 * written at once, and kept writing answers to a stdout nobody read.
 */

let api: FakeTrackingApi;
beforeAll(async () => {
  api = await startFakeTrackingApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

type Answer = { id?: unknown; error?: { code: number; message: string }; result?: unknown };

/** One stdio session: the server reading `stdin`, its answers parsed line by line. */
const session = (options: { readStdout?: boolean; highWaterMark?: number } = {}) => {
  const stdin = new PassThrough();
  const stdout = new PassThrough({ highWaterMark: options.highWaterMark ?? 16 * 1024 });
  const answers: Answer[] = [];
  let pending = '';
  const read = () =>
    stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) answers.push(JSON.parse(line) as Answer);
    });
  if (options.readStdout !== false) read();
  const client = new TrackingClient({
    baseUrl: api.baseUrl,
    token: FAKE_KEY,
    requestsPerMinute: 600_000,
    timeoutMs: 2_000,
  });
  const done = runMcpStdio({
    client,
    version: 'probe',
    signal: new AbortController().signal,
    stdin,
    stdout,
    drainMs: 5_000,
  });
  const send = (message: object) => stdin.write(`${JSON.stringify(message)}\n`);
  const until = async (count: number) => {
    await expect.poll(() => answers.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  };
  return { stdin, stdout, answers, done, send, until, read };
};

const ping = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'ping' });
const search = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'search_container', arguments: { query: CONTAINER_NUMBER } },
});

describe('mcp --stdio against a hostile client', () => {
  it('a line that is not JSON, binary bytes, a batch, and a message that is not JSON-RPC: each answered, and the session goes on', async () => {
    const s = session();
    s.stdin.write('{"jsonrpc": "2.0", "id": 1, "method": \n');
    s.stdin.write(
      Buffer.concat([randomBytes(4_096).map((byte) => (byte === 0x0a ? 0 : byte)), Buffer.from('\n')]),
    );
    s.stdin.write(`${JSON.stringify(Array.from({ length: 5_000 }, (_, index) => ping(index)))}\n`);
    s.send({ jsonrpc: '1.0', id: 'old', method: 'ping' });
    s.send({ jsonrpc: '2.0', id: 'long', method: 'prompts/get', params: { name: 'x'.repeat(100_000) } });
    s.send(ping('after'));
    await s.until(6);
    const [notJson, binary, batch, notRpc, longName] = s.answers;
    const after = s.answers.find((answer) => answer.id === 'after');
    expect(notJson).toMatchObject({ id: null, error: { code: -32700 } });
    expect(binary).toMatchObject({ id: null, error: { code: -32700 } });
    expect(batch).toMatchObject({ id: null, error: { code: -32600 } });
    expect(batch?.error?.message).toContain('batches are not supported');
    expect(notRpc).toMatchObject({ id: 'old', error: { code: -32600 } });
    expect(longName).toMatchObject({ id: 'long', error: { code: -32602 } });
    // The SDK's error echoed the name whole; the answer names the limit instead.
    expect(JSON.stringify(longName).length).toBeLessThan(1_000);
    expect(after).toMatchObject({ id: 'after', result: {} });
    s.stdin.end();
    await s.done;
  });

  it(`a line over ${MAX_LINE_BYTES} bytes, and one that never ends, get one error each without being kept`, async () => {
    const s = session();
    const heapBefore = process.memoryUsage().heapUsed;
    // 5 MiB in one line, then 40 MiB that never end in a newline, written in 64 KiB chunks.
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    for (let sent = 0; sent < 5 * 1024 * 1024; sent += chunk.length) s.stdin.write(chunk);
    s.stdin.write('\n');
    s.send(ping('between'));
    for (let sent = 0; sent < 40 * 1024 * 1024; sent += chunk.length) s.stdin.write(chunk);
    await s.until(3);
    // Errors are written as the line is read; the ping's answer comes from the protocol a tick later.
    const refused = s.answers.filter((answer) => answer.id === null);
    expect(refused).toHaveLength(2);
    for (const answer of refused) {
      expect(answer).toMatchObject({ error: { code: -32600 } });
      expect(answer.error?.message).toContain(`at most ${MAX_LINE_BYTES} bytes`);
    }
    expect(s.answers.find((answer) => answer.id === 'between')).toMatchObject({ result: {} });
    // The endless line is dropped as it comes: what the process holds does not grow with it.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(32 * 1024 * 1024);
    // Its end, and the next message, are read as usual.
    s.stdin.write('\n');
    s.send(ping('after'));
    await s.until(4);
    expect(s.answers.find((answer) => answer.id === 'after')).toMatchObject({ result: {} });
    s.stdin.end();
    await s.done;
  });

  it(`3,000 requests written at once: every one answered once, at most ${MAX_REQUESTS_IN_FLIGHT} at the API at a time`, async () => {
    const s = session();
    api.hang('/containers');
    const hung = Array.from({ length: 40 }, (_, index) => ({
      jsonrpc: '2.0',
      id: `hung-${index}`,
      method: 'tools/call',
      params: { name: 'get_container', arguments: { id: '0c6f0b9a-7b8c-4d2e-8f10-222222222222' } },
    }));
    for (const message of hung) s.send(message);
    await expect.poll(() => api.requests.length).toBe(MAX_REQUESTS_IN_FLIGHT);
    expect(s.answers).toEqual([]);
    api.reset();
    // The hung calls time out (the client's 2 s), and the rest take their turn.
    for (let index = 0; index < 3_000; index += 1) s.send(index % 10 === 0 ? search(index) : ping(index));
    s.stdin.end();
    await s.done;
    const ids = s.answers.map((answer) => answer.id);
    expect(ids).toHaveLength(3_040);
    expect(new Set(ids).size).toBe(3_040);
  }, 60_000);

  it('a client that does not read stdout: stdin is no longer read, and nothing piles up; reading again, every answer comes', async () => {
    const s = session({ readStdout: false, highWaterMark: 1024 });
    const count = MAX_REQUESTS_QUEUED * 5;
    for (let index = 0; index < count; index += 1) s.send(ping(index));
    await expect.poll(() => s.stdin.isPaused()).toBe(true);
    // Answers written but unread stay within a few lines; the rest wait as bytes in stdin.
    expect(s.stdout.writableLength).toBeLessThan(64 * 1024);
    s.read();
    await s.until(count);
    s.stdin.end();
    await s.done;
    expect(new Set(s.answers.map((answer) => answer.id)).size).toBe(count);
  });

  it('requests after the session ended are not read, and nothing more is written', async () => {
    const s = session();
    s.send(ping(1));
    s.stdin.end();
    await s.done;
    expect(s.answers).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
    expect(() => s.stdin.write(`${JSON.stringify(ping(2))}\n`)).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(s.answers).toHaveLength(1);
  });
});
