import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy in front of a server: counts the client's command lines, and drops every
 * connection on demand or when a command matches, as a flaky network would.
 */
export interface TcpProxy {
  readonly port: number;
  /** Client lines seen since the last `resetCount`, by their command word (`SELECT`, `UID`, ...). */
  commands(): string[];
  resetCount(): void;
  /** Destroys every open connection now. */
  dropAll(): void;
  /** Destroys the connection that next sends a line matching `pattern`, before forwarding it. */
  dropOn(pattern: RegExp): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let lines: string[] = [];
  let trigger: RegExp | undefined;
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    upstream.pipe(client);
    let pending = '';
    client.on('data', (chunk: Buffer) => {
      pending += chunk.toString('latin1');
      const parts = pending.split('\r\n');
      pending = parts.pop() ?? '';
      for (const line of parts) {
        if (trigger?.test(line)) {
          trigger = undefined;
          end();
          return;
        }
        // Tagged commands only; a literal's continuation lines carry no tag.
        const match = /^[A-Za-z0-9.]+ ([A-Z]+(?: [A-Z]+)?)/.exec(line);
        if (match?.[1] !== undefined) lines.push(match[1]);
      }
      upstream.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('proxy has no port');
  return {
    port: address.port,
    commands: () => [...lines],
    resetCount: () => {
      lines = [];
    },
    dropAll: () => {
      for (const socket of sockets) socket.destroy();
    },
    dropOn: (pattern) => {
      trigger = pattern;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
