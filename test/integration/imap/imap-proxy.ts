import { connect, createServer, type Server, type Socket } from 'node:net';

export interface ImapProxyOptions {
  /** Each connection is cut (both ways) once the client has sent this many command lines on it. */
  readonly closeAfterCommands?: number;
  /** The server's bytes are passed on in pieces of at most this many bytes, */
  readonly pieceBytes?: number;
  /** each after this many milliseconds: a very slow server. */
  readonly delayMs?: number;
  /** A connection is cut (both ways) instead of passing on a command line for which this says true. */
  readonly cutAt?: (line: string) => boolean;
}

export interface ImapProxy {
  readonly port: number;
  /** Connections opened through the proxy so far. */
  connections(): number;
  /** Connections the proxy cut after their command budget. */
  cuts(): number;
  close(): Promise<void>;
}

/**
 * A loopback TCP proxy in front of an IMAP server that misbehaves on purpose: it drops a connection after
 * a number of commands, or trickles the server's answers in small delayed pieces.
 */
export async function startImapProxy(upstreamPort: number, options: ImapProxyOptions): Promise<ImapProxy> {
  const sockets = new Set<Socket>();
  let opened = 0;
  let cut = 0;
  const server: Server = createServer((client) => {
    opened += 1;
    const upstream = connect(upstreamPort, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
    let commands = 0;
    let pending = '';
    client.on('data', (data: Buffer) => {
      const cutAt = options.cutAt;
      if (cutAt !== undefined) {
        pending += data.toString('latin1');
        const lines = pending.split('\r\n');
        pending = lines.pop() ?? '';
        if (lines.some((line) => cutAt(line))) {
          cut += 1;
          end();
          return;
        }
      }
      const limit = options.closeAfterCommands;
      if (limit !== undefined) {
        // A command line ends in CRLF; a literal's bytes are never sent by the poller.
        for (const byte of data) if (byte === 0x0a) commands += 1;
        if (commands > limit) {
          cut += 1;
          end();
          return;
        }
      }
      upstream.write(data);
    });
    // The server's bytes, in order, through a queue that paces them.
    let queue = Promise.resolve();
    upstream.on('data', (data: Buffer) => {
      const piece = options.pieceBytes ?? data.length;
      const delay = options.delayMs ?? 0;
      if (delay === 0 && piece >= data.length) {
        client.write(data);
        return;
      }
      upstream.pause();
      queue = queue.then(async () => {
        for (let start = 0; start < data.length; start += piece) {
          await new Promise((resolve) => setTimeout(resolve, delay));
          if (client.destroyed) return;
          client.write(data.subarray(start, start + piece));
        }
        upstream.resume();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    port: address.port,
    connections: () => opened,
    cuts: () => cut,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
