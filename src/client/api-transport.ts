import PQueue from 'p-queue';
import type { z } from 'zod';
import { type ErrorObject, errorDocument, JSON_API_MEDIA_TYPE } from '../contract/json-api.ts';
import { type Clock, systemClock } from '../domain/clock.ts';
import { isAppError } from '../domain/errors.ts';
import { type Logger, silentLogger } from '../observability/logger.ts';
import {
  DuplicateDocumentError,
  ServiceApiError,
  ServiceUnreachableError,
  UnexpectedResponseError,
} from './errors.ts';
import { defaultRetryPolicy, nextDelay, parseRetryAfter, type RetryPolicy } from './retry-policy.ts';

/** An API call answers in milliseconds; one still silent after this has hung. */
const DEFAULT_TIMEOUT_MS = 30_000;

export interface ApiTransportOptions {
  /** The API root, e.g. `http://127.0.0.1:4010/v2`. */
  readonly baseUrl: string;
  readonly token: string;
  /** Client-side pace, kept under the service's limit so steady state never meets a 429. */
  readonly requestsPerMinute?: number;
  readonly retryPolicy?: Partial<RetryPolicy>;
  /** Per attempt, for API calls. */
  readonly timeoutMs?: number;
  readonly clock?: Clock;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
  readonly logger?: Logger;
  readonly fetch?: typeof fetch;
}

/** One API call: a path under the API root, and a JSON body for writes. */
export interface ApiCall {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  readonly path: string;
  readonly body?: unknown;
}

/** Pace requests evenly: at most `perMinute` in any 60 s window, in slices of about 100 ms. */
const pacer = (perMinute: number): PQueue => {
  const intervalCap = Math.max(1, Math.floor(perMinute / 600));
  return new PQueue({ intervalCap, interval: Math.ceil((intervalCap * 60_000) / perMinute) });
};

/**
 * How the service client talks to the API: the token, client-side pacing, retries with backoff on 5xx,
 * 429 (honouring `Retry-After`) and network errors, and typed errors read from JSON:API error objects.
 */
export class ApiTransport {
  readonly baseUrl: string;
  /** The fetch every call goes through (the options' own in tests). */
  readonly fetch: typeof fetch;
  private readonly options: ApiTransportOptions;
  private readonly policy: RetryPolicy;
  private readonly pace: PQueue;
  private readonly clock: Clock;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly logger: Logger;

  constructor(options: ApiTransportOptions) {
    this.options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.policy = { ...defaultRetryPolicy, ...options.retryPolicy };
    this.pace = pacer(options.requestsPerMinute ?? 90);
    this.clock = options.clock ?? systemClock;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.random = options.random ?? Math.random;
    this.logger = options.logger ?? silentLogger;
    this.fetch = options.fetch ?? fetch;
  }

  /** A call whose answer is read with `schema`; an answer it does not fit is an `UnexpectedResponseError`. */
  async call<S extends z.ZodType>(request: ApiCall, schema: S): Promise<z.output<S>> {
    return this.withRetries(request, async () => {
      const response = await this.paced(request);
      if (!response.ok) throw await this.failure(request, response);
      const parsed = schema.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success) throw new UnexpectedResponseError(request, parsed.error.message);
      return parsed.data;
    });
  }

  /** A call whose answer has no body worth reading (a 204). */
  async callForNothing(request: ApiCall): Promise<void> {
    await this.withRetries(request, async () => {
      const response = await this.paced(request);
      if (!response.ok) throw await this.failure(request, response);
      await response.body?.cancel();
    });
  }

  /** Runs `attempt` until it succeeds, or fails with an error the retry policy does not retry. */
  async withRetries<T>(request: { method: string; path: string }, attempt: () => Promise<T>): Promise<T> {
    for (let n = 1; ; n++) {
      try {
        return await attempt();
      } catch (error) {
        const retryable = isAppError(error) && error.retryable;
        const retryAfterMs = error instanceof ServiceApiError ? error.retryAfterMs : undefined;
        const delay = nextDelay(this.policy, { attempt: n, retryable, retryAfterMs }, this.random);
        if (delay === undefined) throw error;
        this.logger.warn(
          {
            method: request.method,
            path: request.path,
            attempt: n,
            delayMs: delay,
            reason: error instanceof Error ? error.message : String(error),
          },
          'retrying',
        );
        await this.sleep(delay);
      }
    }
  }

  /** The typed error of a non-2xx answer, from its JSON:API error objects (or its status line). */
  async failure(request: { method: string; path: string }, response: Response): Promise<ServiceApiError> {
    const text = await response.text().catch(() => '');
    let errors: ErrorObject[] = [{ status: String(response.status), title: response.statusText || 'Error' }];
    try {
      const parsed = errorDocument.safeParse(JSON.parse(text));
      if (parsed.success) errors = parsed.data.errors;
    } catch {
      // Not JSON (a proxy's HTML page, say): keep the status line as the error.
    }
    const existing = errors[0]?.meta?.existing_document_id;
    if (response.status === 409 && errors[0]?.code === 'duplicate_document' && typeof existing === 'string') {
      return new DuplicateDocumentError(errors, request, existing);
    }
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), this.clock.now());
    return new ServiceApiError(response.status, errors, request, { retryAfterMs });
  }

  private paced(request: ApiCall): Promise<Response> {
    const init: RequestInit = {
      method: request.method,
      headers: {
        Authorization: `Token ${this.options.token}`,
        Accept: JSON_API_MEDIA_TYPE,
        ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    };
    if (request.body !== undefined) init.body = JSON.stringify(request.body);
    // `add` resolves to undefined only when a task is aborted, and these tasks take no signal.
    return this.pace.add(() =>
      this.send(request, `${this.baseUrl}${request.path}`, init),
    ) as Promise<Response>;
  }

  private async send(
    request: { method: string; path: string },
    url: string,
    init: RequestInit,
  ): Promise<Response> {
    try {
      return await this.fetch(url, init);
    } catch (error) {
      throw new ServiceUnreachableError(request, error);
    }
  }
}
