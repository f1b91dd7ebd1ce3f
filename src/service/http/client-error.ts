import type { Duplex } from 'node:stream';

/** Node's codes for a request it could not parse or that ran out of time, and what each answers. */
interface ClientErrorAnswer {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly code: string;
}

const CLIENT_ERRORS: Readonly<Record<string, ClientErrorAnswer>> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    title: 'Request Header Fields Too Large',
    detail: 'The request head is larger than the server accepts.',
    code: 'headers_too_large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    title: 'Request Timeout',
    detail: 'The request did not arrive in time.',
    code: 'request_timeout',
  },
};

const MALFORMED: ClientErrorAnswer = {
  status: 400,
  title: 'Bad Request',
  detail: 'The request is not valid HTTP/1.1.',
  code: 'malformed_request',
};

/**
 * After answering a request it could not parse, the socket is drained (bytes read and dropped) for at most
 * this long and this much, then closed. Node went on feeding what the client still sent to its failed
 * parser, and each chunk was a new `clientError` on a socket already answered, which destroyed it: a
 * client still writing its body met a reset and, if it reads only once it has written everything (as
 * simple clients do), never saw the answer. When Node instead stopped reading, nobody closed the socket
 * and a client could hold it for as long as it liked. Draining lets the client finish and read the error,
 * like a web server's lingering close; the bounds keep a client sending without end from holding it.
 */
export const LINGER_MS = 2_000;
export const LINGER_BYTES = 8 * 1024 * 1024;

/** The response a socket is carrying, which Node keeps on it; public API has no other way to it. */
type ServerSocket = Duplex & { readonly _httpMessage?: { readonly headersSent?: boolean } };

/**
 * Answers requests Node's parser refuses (a bad chunk size, two Content-Lengths, an oversized head, a
 * request that timed out) with a JSON:API error document like every other 4xx, where Node would write
 * a bare status line with no body. Nothing of the request is echoed.
 */
export function answerClientErrors(server: NodeJS.EventEmitter): void {
  // Sockets answered and draining: later errors on them are the rest of the same bad request.
  const answered = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: ServerSocket) => {
    if (answered.has(socket)) return;
    // A reset peer cannot read an answer, and a socket already answering must not get a second one.
    if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent === true) {
      socket.destroy();
      return;
    }
    const { status, title, detail, code } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
    const body = JSON.stringify({ errors: [{ status: String(status), title, detail, code }] });
    socket.end(
      `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    answered.add(socket);
    linger(socket);
  });
}

/** Reads and drops what the client still sends, then closes: at its end, or at LINGER_MS / LINGER_BYTES. */
function linger(socket: Duplex): void {
  let drained = 0;
  const close = (): void => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  socket.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > LINGER_BYTES) close();
  });
  socket.once('end', close);
  socket.once('close', () => clearTimeout(timer));
  socket.resume();
}
