import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context, LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import type { Logger } from '../../src/observability/logger.ts';
import { lambdaContext } from './lambda-context.ts';
import { LOOPBACK } from './local-stack.ts';

/** A function URL's request payload limit (Lambda's 6 MB); past it Lambda answers 413 without invoking. */
export const FUNCTION_URL_MAX_BODY_BYTES = 6 * 1024 * 1024;

/**
 * Function URLs deliver text bodies as they are and everything else base64-encoded, by content type;
 * these are the text ones.
 */
const isTextType = (contentType: string | undefined): boolean => {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/xml' ||
    type === 'application/x-www-form-urlencoded'
  );
};

export type UrlFunction = (
  event: LambdaFunctionURLEvent,
  context?: Context,
) => Promise<LambdaFunctionURLResult>;

/** The payload v2 event a function URL makes of one request. */
export const functionUrlEvent = (
  request: IncomingMessage,
  raw: Buffer,
  domain: string,
): LambdaFunctionURLEvent => {
  const url = new URL(request.url ?? '/', `http://${domain}`);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    // Node lower-cases names already; repeated headers are joined with commas, as function URLs do.
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const base64 = raw.length > 0 && !isTextType(headers['content-type']);
  const now = new Date();
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers,
    requestContext: {
      accountId: 'anonymous',
      apiId: 'local',
      domainName: domain,
      domainPrefix: 'local',
      http: {
        method: request.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? LOOPBACK,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    ...(raw.length > 0 ? { body: raw.toString(base64 ? 'base64' : 'utf8') } : {}),
    isBase64Encoded: base64,
  };
};

const readBody = async (request: IncomingMessage): Promise<Buffer | 'too_large'> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > FUNCTION_URL_MAX_BODY_BYTES) return 'too_large';
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
};

const send = (response: ServerResponse, result: LambdaFunctionURLResult): void => {
  // A bare string is the body of a 200 with a JSON content type, as function URLs read it.
  const structured =
    typeof result === 'string'
      ? { statusCode: 200, headers: { 'content-type': 'application/json' }, body: result }
      : result;
  const { statusCode = 200, headers = {}, body = '', isBase64Encoded = false } = structured;
  // A function's headers may be numbers or booleans; on the wire every one is text.
  const textHeaders = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, String(value)]),
  );
  response.writeHead(statusCode, textHeaders);
  response.end(Buffer.from(body, isBase64Encoded ? 'base64' : 'utf8'));
};

export interface FunctionUrl {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  stop(): Promise<void>;
}

/** Serves a function on a loopback port as its function URL would (auth type NONE, payload v2). */
export async function startFunctionUrl(options: {
  readonly port: number;
  readonly functionName: string;
  readonly handler: UrlFunction;
  readonly logger: Logger;
}): Promise<FunctionUrl> {
  const { functionName, handler, logger } = options;
  let domain = LOOPBACK;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      if (raw === 'too_large') {
        send(response, { statusCode: 413, body: '{"message":"Request Entity Too Large"}' });
        request.destroy();
        return;
      }
      const result = await handler(functionUrlEvent(request, raw, domain), lambdaContext(functionName));
      send(response, result);
    })().catch((error: unknown) => {
      logger.error({ err: error }, 'function URL invocation failed');
      if (!response.headersSent)
        send(response, { statusCode: 502, body: '{"message":"Internal Server Error"}' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, LOOPBACK, () => resolve());
  });
  const { port } = server.address() as AddressInfo; // listening on a TCP port, so an AddressInfo
  domain = `${LOOPBACK}:${port}`;
  return {
    url: `http://${domain}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
