import * as http from 'node:http';
import * as https from 'node:https';
import { isTargetRefusal, type TargetAgents } from './target-guard.ts';

/** How long a receiver has to answer; Svix and the Standard Webhooks spec use 15 s. */
export const DEFAULT_DELIVERY_TIMEOUT_MS = 15_000;

/** Only a glimpse of the receiver's answer is kept (logs, the trigger reply); the rest is not read. */
export const MAX_RESPONSE_BODY_BYTES = 16 * 1024;

export interface OutgoingWebhook {
  readonly url: string;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface SendResult {
  /** null when no response arrived. */
  readonly statusCode: number | null;
  /** Why no response arrived; null when one did. */
  readonly transportError: string | null;
  /** true when the send was abandoned because `signal` fired (shutdown); no attempt should be recorded. */
  readonly aborted: boolean;
  readonly responseHeaders: Record<string, string> | null;
  /** At most MAX_RESPONSE_BODY_BYTES, decoded as UTF-8. */
  readonly responseBody: string | null;
  readonly durationMs: number;
}

export type Send = (request: OutgoingWebhook, signal?: AbortSignal) => Promise<SendResult>;

class DeliveryTimeout extends Error {}
class DeliveryAborted extends Error {}

const flattenHeaders = (headers: http.IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]],
    ),
  );

const describe = (error: Error, timeoutMs: number): string => {
  if (error instanceof DeliveryTimeout) return `timed out after ${timeoutMs} ms without a response`;
  if (error instanceof DeliveryAborted) return 'abandoned: the service is shutting down';
  if (isTargetRefusal(error)) {
    return `target refused: ${error.message}`;
  }
  const code = 'code' in error && typeof error.code === 'string' ? `${error.code}: ` : '';
  return `${code}${error.message}`;
};

/**
 * POSTs one webhook over `node:http(s)` through the SSRF-guarded agents (Node's global fetch would ignore
 * them). Never follows redirects and never throws: every failure comes back as a result. The timeout
 * covers connecting and the response head; once the head arrives the status decides.
 */
export function createSender(agents: TargetAgents, timeoutMs: number): Send {
  return async (request, signal) => {
    try {
      return await post(request, agents, timeoutMs, signal);
    } catch (error) {
      // node:http refused the URL or a header before connecting; stored webhooks are validated, so rare.
      return {
        statusCode: null,
        transportError: `request not sent: ${error instanceof Error ? error.message : String(error)}`,
        aborted: false,
        responseHeaders: null,
        responseBody: null,
        durationMs: 0,
      };
    }
  };
}

function post(
  request: OutgoingWebhook,
  agents: TargetAgents,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<SendResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    const target = new URL(request.url);
    const secure = target.protocol === 'https:';
    const options: http.RequestOptions = {
      method: 'POST',
      agent: secure ? agents.https : agents.http,
      headers: { ...request.headers, 'Content-Length': String(Buffer.byteLength(request.body)) },
    };
    const req = secure ? https.request(target, options) : http.request(target, options);
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      req.destroy();
      resolve({ ...result, durationMs: Math.round(performance.now() - started) });
    };
    const fail = (error: Error): void =>
      finish({
        statusCode: null,
        transportError: describe(error, timeoutMs),
        aborted: error instanceof DeliveryAborted,
        responseHeaders: null,
        responseBody: null,
      });
    const timer = setTimeout(() => req.destroy(new DeliveryTimeout()), timeoutMs);
    const onAbort = (): void => {
      req.destroy(new DeliveryAborted());
    };
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });

    req.on('error', fail);
    req.on('response', (res) => {
      clearTimeout(timer);
      const chunks: Buffer[] = [];
      let size = 0;
      const done = (): void => {
        clearTimeout(bodyTimer);
        finish({
          statusCode: res.statusCode ?? null,
          transportError: null,
          aborted: false,
          responseHeaders: flattenHeaders(res.headers),
          responseBody: Buffer.concat(chunks).toString('utf8'),
        });
      };
      // The body only feeds logs, so a slow or endless one must not hold the attempt open.
      const bodyTimer = setTimeout(done, timeoutMs);
      res.on('data', (chunk: Buffer) => {
        const room = MAX_RESPONSE_BODY_BYTES - size;
        chunks.push(chunk.subarray(0, Math.max(0, room)));
        size += chunk.length;
        if (size >= MAX_RESPONSE_BODY_BYTES) done();
      });
      res.on('end', done);
      res.on('error', done);
      res.on('close', done);
    });
    req.end(request.body);
  });
}
