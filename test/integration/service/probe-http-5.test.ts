import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINGER_BYTES } from '../../../src/service/http/client-error.ts';
import { type Harness, startService } from './service-harness.ts';

/**
 * Abuse probe round 5 on the HTTP layer. A request Node's parser refuses (here a chunk size that is not
 * hex) was answered 400, then Node fed what the client still sent to its failed parser, each chunk a new
 * `clientError` on the answered socket, which destroyed it: a client still streaming its body met a reset,
 * and one that reads only after writing (as simple clients do) never saw the 400. The socket is now
 * drained for a bounded time and size, then closed.
 */

let h: Harness;
beforeAll(async () => {
  h = await startService({ startProcessing: false });
});
afterAll(async () => {
  await h.close();
});

interface Streamed {
  readonly answer: string;
  /** Bytes of the body the client got out before the server closed. */
  readonly sent: number;
}

/**
 * Writes `head` then `total` bytes of body in 256 KiB writes (reading only once it has written them all,
 * as a simple client does, when `readAfterWriting`), and resolves when the server closes the connection.
 */
function stream(head: string, total: number, readAfterWriting: boolean): Promise<Streamed> {
  const { port } = new URL(h.origin);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    const parts: Buffer[] = [];
    let sent = 0;
    let reading = !readAfterWriting;
    socket.on('data', (part: Buffer) => {
      if (reading) parts.push(part);
    });
    if (readAfterWriting) socket.pause();
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ answer: Buffer.concat(parts).toString('latin1'), sent }));
    socket.write(head);
    const chunk = Buffer.alloc(256 * 1024, 0x61);
    const pump = (): void => {
      while (sent < total && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(chunk)) {
          socket.once('drain', pump);
          return;
        }
      }
      if (readAfterWriting && !reading) {
        reading = true;
        socket.resume();
      }
      socket.end();
    };
    pump();
  });
}

const malformedChunked = (key: string): string =>
  `POST /v2/documents HTTP/1.1\r\nHost: localhost\r\nAuthorization: Token ${key}\r\n` +
  'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n';

describe('a request Node cannot parse, while the client still streams its body', () => {
  it('a client that writes its whole body before reading reads the 400', async () => {
    const { answer } = await stream(malformedChunked(h.apiKey), 4 * 1024 * 1024, true);
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    expect(answer).toContain('"code":"malformed_request"');
  });

  it('a client that never stops sending is closed after a bounded drain, and the service answers others', async () => {
    const { sent } = await stream(malformedChunked(h.apiKey), 1024 * 1024 * 1024, false);
    // What the server drained, plus what the sockets' buffers held when it closed.
    expect(sent).toBeLessThan(LINGER_BYTES + 32 * 1024 * 1024);
    expect((await h.api('/v2/documents')).status).toBe(200);
  });
});
