import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { TrackingClient } from '../client/tracking-client.ts';
import { type Clock, systemClock } from '../domain/clock.ts';
import { createMcpServer } from './server.ts';

/**
 * The MCP server on stdin/stdout for a local client that starts it as a subprocess. Resolves when the
 * client closes the stream or `signal` aborts.
 */
export const runMcpStdio = async (options: {
  readonly client: TrackingClient;
  readonly version: string;
  readonly signal: AbortSignal;
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly clock?: Clock;
}): Promise<void> => {
  const clock = options.clock ?? systemClock;
  const server = createMcpServer({ client: options.client, now: () => clock.now() }, options.version);
  const transport = new StdioServerTransport(options.stdin, options.stdout);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    // The transport does not watch its input: a client that exits just closes our stdin.
    options.stdin.once('end', () => resolve());
    options.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.connect(transport);
  await closed;
  await server.close();
};
