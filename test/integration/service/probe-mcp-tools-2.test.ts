import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/domain/clock.ts';
import type { McpHttpServer } from '../../../src/mcp/http-server.ts';
import { startTracking, type TrackingHarness } from '../tracking/tracking-harness.ts';
import { startProbeMcp } from './probe-client.ts';

/**
 * The abuse probe, round 2, of the MCP tools that now call infer_number and the shipping line search:
 * track_container with pasted text (labels, sentences, confusables, bidi marks, emoji, many numbers, huge
 * input) and get_supported_shipping_lines with wildcards and huge searches. Every call is answered as a
 * tool result (an error one where the input cannot be used), never a protocol-level internal error.
 */

let h: TrackingHarness;
let mcp: McpHttpServer;
const clock = new ManualClock(Date.now());

// biome-ignore lint/suspicious/noExplicitAny: JSON-RPC answers are read by path in assertions.
type Rpc = Record<string, any>;
const call = async (name: string, args: unknown): Promise<Rpc> => {
  const response = await fetch(mcp.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${h.apiKey}`,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  expect(response.status, name).toBe(200);
  const body = (await response.json()) as Rpc;
  expect(body.error, `${name} ${JSON.stringify(args).slice(0, 60)}`).toBeUndefined();
  return body.result as Rpc;
};

beforeAll(async () => {
  h = await startTracking();
  mcp = await startProbeMcp(h.origin, clock);
});
afterAll(async () => {
  await mcp?.close();
  await h?.close();
});

describe('track_container with pasted text', () => {
  it('labels, sentences, confusables, bidi marks, emoji, many numbers and huge input are tool results', async () => {
    const inputs = [
      'B/L No. MAEU123456789',
      'Please track container MSCU1234565 for me, thanks!',
      'ＭＳＣＵ１２３４５６５',
      '\u202eMSCU1234565\u202c',
      'MSCU1234565\u200f',
      '🚢 MSCU1234565 🚢',
      'MSCU1234565 MSCU7654321 TGHU1234567 MAEU123456789',
      "MSCU1234565'; DROP TABLE containers; --",
      '%_%_%',
      'x'.repeat(200_000),
      'MSCU1234565 '.repeat(10_000),
      '\u0000\u0001\u0002',
    ];
    for (const number of inputs) {
      const result = await call('track_container', { number });
      const text = JSON.stringify(result);
      expect(text.length, number.slice(0, 40)).toBeLessThan(20_000);
      if (result.isError === true) expect(result.content?.[0]?.type).toBe('text');
    }
  });
});

describe('track_container with input no number is that long', () => {
  it('answers a 200 KB paste with an invalid-input result that says the limit', async () => {
    for (const number of ['7'.repeat(200_000), `B/L No. ${'MAEU123456789'.repeat(20)}`]) {
      const result = await call('track_container', { number });
      expect(result.isError, number.slice(0, 20)).toBe(true);
      expect(JSON.stringify(result)).toContain('at most 200 characters');
    }
  });
});

describe('get_supported_shipping_lines with hostile searches', () => {
  it('LIKE wildcards match literally, and huge or odd searches are tool results', async () => {
    for (const search of ['%', '_', '%%', '.*', "' OR 1=1 --"]) {
      const result = await call('get_supported_shipping_lines', { search });
      expect(result.structuredContent?.total_lines ?? 0, search).toBe(0);
    }
    for (const search of ['x'.repeat(100_000), '\u202e', '🚢', 'ＭＳＣ']) {
      const result = await call('get_supported_shipping_lines', { search });
      expect(JSON.stringify(result).length).toBeLessThan(20_000);
    }
    const maersk = await call('get_supported_shipping_lines', { search: 'maersk' });
    expect(maersk.structuredContent?.total_lines).toBeGreaterThan(0);
  });
});
