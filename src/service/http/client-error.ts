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

/** The response a socket is carrying, which Node keeps on it; public API has no other way to it. */
type ServerSocket = Duplex & { readonly _httpMessage?: { readonly headersSent?: boolean } };

/**
 * Answers requests Node's parser refuses (a bad chunk size, two Content-Lengths, an oversized head, a
 * request that timed out) with a JSON:API error document like every other 4xx, where Node would write
 * a bare status line with no body. Nothing of the request is echoed.
 */
export function answerClientErrors(server: NodeJS.EventEmitter): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: ServerSocket) => {
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
  });
}
