import type { IncomingHttpHeaders } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface PutAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** The start of the answer's body, for error messages. */
  readonly body: string;
}

/** Enough of an error answer to read its JSON:API errors; the rest is drained and dropped. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * PUTs a body with backpressure. Not `fetch`: undici keeps every chunk of a streamed request body
 * until the request ends (nodejs/undici#4058), so a 1 GB upload would hold 1 GB of memory.
 */
export const putStream = (
  url: string,
  headers: Readonly<Record<string, string>>,
  body: Readable | Uint8Array,
  timeoutMs: number,
): Promise<PutAnswer> =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(target, { method: 'PUT', headers, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      response.on('data', (chunk: Buffer) => {
        if (kept >= MAX_ANSWER_BYTES) return;
        chunks.push(chunk);
        kept += chunk.length;
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8', 0, MAX_ANSWER_BYTES),
        }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    const source = body instanceof Readable ? body : Readable.from([body]);
    // The request's own error (above) carries the reason; a failed pipe only ends the body early.
    pipeline(source, request).catch((error: unknown) => {
      request.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
