import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { TrackingClient } from '../client/tracking-client.ts';
import { type Clock, systemClock } from '../domain/clock.ts';
import { createMcpServer } from './server.ts';

/** Longest a closed stdin waits for the answers still owed: past any tool call's own timeout. */
const DRAIN_MS = 60_000;

/**
 * The MCP server on stdin/stdout for a local client that starts it as a subprocess. Resolves when the
 * client closes the stream (once every request it sent has its answer: a script that writes its requests
 * and closes stdin still reads the answers) or `signal` aborts.
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
  const owed = new Set<string | number>();
  let drained: (() => void) | undefined;
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    // The transport does not watch its input: a client that exits just closes our stdin.
    options.stdin.once('end', () => {
      if (owed.size === 0) resolve();
      drained = resolve;
      setTimeout(resolve, DRAIN_MS).unref();
    });
    options.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  // Counted around the protocol's own handlers, installed before it connects (the first lines may be read
  // as soon as it does): a request owes an answer until one with its id is sent.
  let receive: typeof transport.onmessage;
  const counted = (message: JSONRPCMessage): void => {
    if ('method' in message && 'id' in message) owed.add(message.id);
    receive?.(message);
  };
  // The protocol reads the handler it replaces and calls it from its own: none until it has set one.
  Object.defineProperty(transport, 'onmessage', {
    get: () => (receive === undefined ? undefined : counted),
    set: (handler: typeof transport.onmessage) => {
      receive = handler;
    },
  });
  const send = transport.send.bind(transport);
  transport.send = async (message) => {
    try {
      await send(message);
    } finally {
      const answered = !('method' in message) && 'id' in message ? message.id : undefined;
      if (answered !== undefined && owed.delete(answered) && owed.size === 0) drained?.();
    }
  };
  await server.connect(transport);
  await closed;
  await server.close();
};
