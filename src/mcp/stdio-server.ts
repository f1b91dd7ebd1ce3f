import type { Readable, Writable } from 'node:stream';
import type { TrackingClient } from '../client/tracking-client.ts';
import { type Clock, systemClock } from '../domain/clock.ts';
import { createMcpServer } from './server.ts';
import { StdioLineTransport } from './stdio-transport.ts';

/**
 * The MCP server on stdin/stdout for a local client that starts it as a subprocess. Resolves when the
 * client closes the stream (once every request it sent has its answer: a script that writes its requests
 * and closes stdin still reads the answers), stdout fails, or `signal` aborts.
 */
export const runMcpStdio = async (options: {
  readonly client: TrackingClient;
  readonly version: string;
  readonly signal: AbortSignal;
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly clock?: Clock;
  /** How long a closed stdin waits for the answers still owed (DRAIN_MS unless set). */
  readonly drainMs?: number;
}): Promise<void> => {
  const clock = options.clock ?? systemClock;
  const server = createMcpServer({ client: options.client, now: () => clock.now() }, options.version);
  const transport = new StdioLineTransport(options.stdin, options.stdout, clock, options.drainMs);
  const closed = new Promise<void>((resolve) => {
    // Set before connecting: the protocol chains the handler it finds.
    transport.onclose = () => resolve();
    options.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.connect(transport);
  await closed;
  await server.close();
};
