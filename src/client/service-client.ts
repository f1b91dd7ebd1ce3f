import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import PQueue from 'p-queue';
import type { z } from 'zod';
import { type DirectUploadResponse, directUploadResponse } from '../contract/direct-upload.ts';
import {
  actionAcceptedResponse,
  type DocumentResource,
  documentResource,
  downloadUrlResponse,
} from '../contract/document.ts';
import {
  type ErrorObject,
  errorDocument,
  JSON_API_MEDIA_TYPE,
  listDocument,
  singleDocument,
} from '../contract/json-api.ts';
import {
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type WebhookResource,
  webhookResource,
} from '../contract/webhook.ts';
import { type Clock, systemClock } from '../domain/clock.ts';
import { isAppError } from '../domain/errors.ts';
import { type Logger, silentLogger } from '../observability/logger.ts';
import {
  DuplicateDocumentError,
  isDuplicateTrackingRequest,
  ServiceApiError,
  ServiceUnreachableError,
  UnexpectedResponseError,
} from './errors.ts';
import { putStream } from './put-stream.ts';
import { defaultRetryPolicy, nextDelay, parseRetryAfter, type RetryPolicy } from './retry-policy.ts';
import {
  type InferNumberResult,
  inferNumberResult,
  many,
  one,
  type TrackingRequestResource,
  trackingRequestResource,
} from './tracking-schemas.ts';

/** An API call answers in milliseconds; one still silent after this has hung. */
const DEFAULT_TIMEOUT_MS = 30_000;
/** The service's largest upload (100 MiB by default) still finishes at 0.17 MB/s. */
const DEFAULT_UPLOAD_TIMEOUT_MS = 600_000;

export interface ServiceClientOptions {
  /** The API root, e.g. `http://127.0.0.1:4010/v2`. */
  readonly baseUrl: string;
  readonly token: string;
  /** Client-side pace, kept under the service's limit so steady state never meets a 429. */
  readonly requestsPerMinute?: number;
  readonly retryPolicy?: Partial<RetryPolicy>;
  /** Per attempt, for API calls. */
  readonly timeoutMs?: number;
  /** Per attempt, for byte uploads, which may be large. */
  readonly uploadTimeoutMs?: number;
  readonly clock?: Clock;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
  readonly logger?: Logger;
  readonly fetch?: typeof fetch;
}

export interface NewBlob {
  readonly filename: string;
  readonly contentType: string;
  readonly byteSize: number;
  /** Base64 of the binary MD5 digest. */
  readonly checksum: string;
}

interface Call {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  readonly path: string;
  readonly body?: unknown;
}

const documentEnvelope = singleDocument(documentResource);
const documentList = listDocument(documentResource);
const webhookEnvelope = singleDocument(webhookResource);
const webhookList = listDocument(webhookResource);
const trackingRequestOne = one(trackingRequestResource);
const trackingRequestMany = many(trackingRequestResource);

export type TrackingRequestType = 'container' | 'bill_of_lading' | 'booking_number';

export interface NewTrackingRequest {
  readonly requestType: TrackingRequestType;
  readonly requestNumber: string;
  readonly scac: string;
  readonly refNumbers: readonly string[];
}

/** Pace requests evenly: at most `perMinute` in any 60 s window, in slices of about 100 ms. */
const pacer = (perMinute: number): PQueue => {
  const intervalCap = Math.max(1, Math.floor(perMinute / 600));
  return new PQueue({ intervalCap, interval: Math.ceil((intervalCap * 60_000) / perMinute) });
};

/**
 * Typed client of the Container Tracking Service: authentication, client-side pacing, retries with
 * backoff on 5xx, 429 (honouring `Retry-After`) and network errors, and typed errors.
 */
export class ServiceClient {
  private readonly baseUrl: string;
  private readonly policy: RetryPolicy;
  private readonly pace: PQueue;
  private readonly clock: Clock;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly logger: Logger;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: ServiceClientOptions) {
    if (!options.token) throw new TypeError('ServiceClient needs an API token');
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.policy = { ...defaultRetryPolicy, ...options.retryPolicy };
    this.pace = pacer(options.requestsPerMinute ?? 90);
    this.clock = options.clock ?? systemClock;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.random = options.random ?? Math.random;
    this.logger = options.logger ?? silentLogger;
    this.fetch = options.fetch ?? fetch;
  }

  async health(): Promise<void> {
    const origin = new URL(this.baseUrl).origin;
    const response = await this.fetch(`${origin}/health`, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw new ServiceApiError(response.status, [], { method: 'GET', path: '/health' });
  }

  createDirectUpload(blob: NewBlob): Promise<DirectUploadResponse> {
    const body = {
      blob: {
        filename: blob.filename,
        content_type: blob.contentType,
        byte_size: blob.byteSize,
        checksum: blob.checksum,
      },
    };
    return this.call(
      { method: 'POST', path: '/rails/active_storage/direct_uploads', body },
      directUploadResponse,
    );
  }

  /**
   * PUTs the bytes to the upload URL with exactly the headers the service asked for. `body` is a
   * factory so a retry can read the bytes again from the start.
   */
  async uploadBlob(
    upload: DirectUploadResponse,
    body: () => Readable | Uint8Array,
    byteSize: number,
  ): Promise<void> {
    const request = { method: 'PUT', path: new URL(upload.direct_upload.url).pathname };
    await this.withRetries(request, async () => {
      const headers = { ...upload.direct_upload.headers, 'Content-Length': String(byteSize) };
      const answer = await putStream(
        upload.direct_upload.url,
        headers,
        body(),
        this.options.uploadTimeoutMs ?? DEFAULT_UPLOAD_TIMEOUT_MS,
      ).catch((error: unknown) => {
        throw new ServiceUnreachableError(request, error);
      });
      if (answer.status >= 200 && answer.status < 300) return;
      const answerHeaders = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (typeof value === 'string') answerHeaders.set(name, value);
      }
      throw await this.failure(
        request,
        new Response(answer.body, { status: answer.status, headers: answerHeaders }),
      );
    });
  }

  async createDocument(input: { name: string; signedId: string }): Promise<DocumentResource> {
    const body = {
      data: { type: 'document', attributes: { name: input.name, attached_document: input.signedId } },
    };
    return (await this.call({ method: 'POST', path: '/documents', body }, documentEnvelope)).data;
  }

  async getDocument(
    id: string,
    include: readonly string[] = [],
  ): Promise<{ data: DocumentResource; included: unknown[] }> {
    const query = include.length > 0 ? `?include=${include.join(',')}` : '';
    const result = await this.call(
      { method: 'GET', path: `/documents/${encodeURIComponent(id)}${query}` },
      documentEnvelope,
    );
    return { data: result.data, included: result.included ?? [] };
  }

  listDocuments(query: Readonly<Record<string, string>> = {}): Promise<z.infer<typeof documentList>> {
    const search = new URLSearchParams(query).toString();
    return this.call({ method: 'GET', path: `/documents${search ? `?${search}` : ''}` }, documentList);
  }

  async reextractDocument(id: string): Promise<void> {
    await this.call(
      { method: 'POST', path: `/documents/${encodeURIComponent(id)}/reextract` },
      actionAcceptedResponse,
    );
  }

  async getDownloadUrl(id: string): Promise<string> {
    const path = `/documents/${encodeURIComponent(id)}/download_url`;
    return (await this.call({ method: 'GET', path }, downloadUrlResponse)).download_url;
  }

  async listWebhooks(): Promise<WebhookResource[]> {
    return (await this.call({ method: 'GET', path: '/webhooks?page[size]=100' }, webhookList)).data;
  }

  async getWebhook(id: string): Promise<WebhookResource> {
    const path = `/webhooks/${encodeURIComponent(id)}`;
    return (await this.call({ method: 'GET', path }, webhookEnvelope)).data;
  }

  async createWebhook(attributes: CreateWebhookRequest['data']['attributes']): Promise<WebhookResource> {
    const body = { data: { type: 'webhook', attributes } };
    return (await this.call({ method: 'POST', path: '/webhooks', body }, webhookEnvelope)).data;
  }

  async updateWebhook(
    id: string,
    attributes: UpdateWebhookRequest['data']['attributes'],
  ): Promise<WebhookResource> {
    const body = { data: { type: 'webhook', attributes } };
    const path = `/webhooks/${encodeURIComponent(id)}`;
    return (await this.call({ method: 'PATCH', path, body }, webhookEnvelope)).data;
  }

  /**
   * Names the account behind the API key without holding the key: the ledger keys per account use it. A
   * rotated key names a new account here; the service's duplicate rule still stops a second live request.
   */
  get accountKey(): string {
    return createHash('sha256').update(this.options.token).digest('hex').slice(0, 16);
  }

  /** `POST /tracking_requests/infer_number`: the number's type, validity and carrier prediction. */
  async inferNumber(number: string): Promise<InferNumberResult> {
    const request = { method: 'POST', path: '/tracking_requests/infer_number', body: { number } } as const;
    return (await this.call(request, inferNumberResult)).data.attributes;
  }

  /**
   * `POST /tracking_requests`. A live request for the same number and carrier answers 422 with the code
   * `duplicate` (`isDuplicateTrackingRequest`).
   */
  async createTrackingRequest(input: NewTrackingRequest): Promise<TrackingRequestResource> {
    const attributes = {
      request_type: input.requestType,
      request_number: input.requestNumber,
      scac: input.scac,
      ref_numbers: input.refNumbers,
    };
    const body = { data: { type: 'tracking_request', attributes } };
    return (await this.call({ method: 'POST', path: '/tracking_requests', body }, trackingRequestOne)).data;
  }

  /** Whether an error of `createTrackingRequest` is the 422 `duplicate` of a live request. */
  isDuplicate(error: unknown): boolean {
    return isDuplicateTrackingRequest(error);
  }

  /** The account's tracking requests for one number, newest first as the service lists them. */
  async findTrackingRequests(requestNumber: string): Promise<TrackingRequestResource[]> {
    const query = new URLSearchParams({ 'filter[request_number]': requestNumber, 'page[size]': '100' });
    const path = `/tracking_requests?${query.toString()}`;
    return (await this.call({ method: 'GET', path }, trackingRequestMany)).data;
  }

  async deleteWebhook(id: string): Promise<void> {
    const request = { method: 'DELETE', path: `/webhooks/${encodeURIComponent(id)}` } as const;
    await this.withRetries(request, async () => {
      const response = await this.paced(request);
      if (!response.ok) throw await this.failure(request, response);
      await response.body?.cancel();
    });
  }

  private async call<S extends z.ZodType>(request: Call, schema: S): Promise<z.output<S>> {
    return this.withRetries(request, async () => {
      const response = await this.paced(request);
      if (!response.ok) throw await this.failure(request, response);
      const parsed = schema.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success) throw new UnexpectedResponseError(request, parsed.error.message);
      return parsed.data;
    });
  }

  private paced(request: Call): Promise<Response> {
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

  private async withRetries<T>(
    request: { method: string; path: string },
    attempt: () => Promise<T>,
  ): Promise<T> {
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

  private async failure(
    request: { method: string; path: string },
    response: Response,
  ): Promise<ServiceApiError> {
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
}
