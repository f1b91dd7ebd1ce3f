import { request } from 'node:http';

export interface HttpAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly json: unknown;
}

/**
 * A POST over a real socket with node:http, so a test controls the bytes and the framing (Content-Length or
 * chunked) exactly. `chunks` are written one by one without a Content-Length.
 */
export const post = (
  url: string,
  body: string | Buffer | { chunks: Buffer[] },
  headers: Record<string, string> = {},
): Promise<HttpAnswer> =>
  new Promise((resolve, reject) => {
    const chunked = typeof body === 'object' && 'chunks' in body;
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(chunked ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
          ...headers,
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            json: text ? JSON.parse(text) : null,
          });
        });
        res.on('error', reject);
      },
    );
    // The server may answer 413 and close while we are still sending; the answer is what counts.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    if (chunked) {
      for (const chunk of body.chunks) req.write(chunk);
      req.end();
    } else {
      req.end(body);
    }
  });
