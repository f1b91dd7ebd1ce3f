import { connect, type Socket } from 'node:net';

export interface RawExchange {
  /** Everything the server wrote before it closed the connection. */
  readonly text: string;
  /** The status of the first answer, 0 when none came. */
  readonly status: number;
  /** Milliseconds from connecting until the server closed the socket. */
  readonly closedAfterMs: number;
}

/**
 * Writes `head` (and each of `trickle`'s chunks, `everyMs` apart) to a fresh socket and collects what the
 * server answers until it closes the connection. Real time on purpose: these tests probe the server's own
 * timers, which take no injected clock. Fails if the server keeps the socket open past `limitMs`.
 */
export function rawExchange(
  origin: string,
  head: string,
  options: { trickle?: readonly string[]; everyMs?: number; limitMs?: number } = {},
): Promise<RawExchange> {
  const { trickle = [], everyMs = 50, limitMs = 5_000 } = options;
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket: Socket = connect(Number(port), hostname);
    const parts: Buffer[] = [];
    const timers: NodeJS.Timeout[] = [];
    const limit = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${limitMs} ms`));
    }, limitMs);
    socket.on('data', (part: Buffer) => parts.push(part));
    // Writes after the server gave up fail with EPIPE or ECONNRESET; what it answered is what counts.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(limit);
      for (const timer of timers) clearTimeout(timer);
      const text = Buffer.concat(parts).toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ text, status, closedAfterMs: performance.now() - started });
    });
    socket.on('connect', () => {
      socket.write(head);
      trickle.forEach((chunk, index) => {
        timers.push(
          setTimeout(
            () => {
              if (!socket.destroyed) socket.write(chunk);
            },
            everyMs * (index + 1),
          ),
        );
      });
    });
  });
}

/** The header block of the first answer in an exchange, names lower-cased. */
export const answerHeaders = (text: string): Record<string, string> => {
  const [block = ''] = text.split('\r\n\r\n');
  return Object.fromEntries(
    block
      .split('\r\n')
      .slice(1)
      .map((line) => {
        const at = line.indexOf(':');
        return [line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()];
      }),
  );
};
