import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { type DirectUploadResponse, directUploadResponse } from '../contract/direct-upload.ts';
import {
  actionAcceptedResponse,
  type DocumentResource,
  documentResource,
  downloadUrlResponse,
} from '../contract/document.ts';
import { listDocument, singleDocument } from '../contract/json-api.ts';
import {
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type WebhookResource,
  webhookResource,
} from '../contract/webhook.ts';
import { ApiTransport, type ApiTransportOptions } from './api-transport.ts';
import { isDuplicateTrackingRequest, ServiceApiError, ServiceUnreachableError } from './errors.ts';
import { putStream } from './put-stream.ts';
import {
  type InferNumberResult,
  inferNumberResult,
  many,
  one,
  type TrackingRequestResource,
  trackingRequestResource,
} from './tracking-schemas.ts';

/** The service's largest upload (100 MiB by default) still finishes at 0.17 MB/s. */
const DEFAULT_UPLOAD_TIMEOUT_MS = 600_000;

export interface ServiceClientOptions extends ApiTransportOptions {
  /** Per attempt, for byte uploads, which may be large. */
  readonly uploadTimeoutMs?: number;
}

export interface NewBlob {
  readonly filename: string;
  readonly contentType: string;
  readonly byteSize: number;
  /** Base64 of the binary MD5 digest. */
  readonly checksum: string;
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

/**
 * Typed client of the Container Tracking Service: one method per call the pipeline makes, over
 * `ApiTransport` (authentication, client-side pacing, retries with backoff, typed errors).
 */
export class ServiceClient {
  private readonly api: ApiTransport;
  private readonly options: ServiceClientOptions;

  constructor(options: ServiceClientOptions) {
    if (!options.token) throw new TypeError('ServiceClient needs an API token');
    this.options = options;
    this.api = new ApiTransport(options);
  }

  async health(): Promise<void> {
    const origin = new URL(this.api.baseUrl).origin;
    const response = await this.api.fetch(`${origin}/health`, { signal: AbortSignal.timeout(5_000) });
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
    return this.api.call(
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
    await this.api.withRetries(request, async () => {
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
      throw await this.api.failure(
        request,
        new Response(answer.body, { status: answer.status, headers: answerHeaders }),
      );
    });
  }

  async createDocument(input: { name: string; signedId: string }): Promise<DocumentResource> {
    const body = {
      data: { type: 'document', attributes: { name: input.name, attached_document: input.signedId } },
    };
    return (await this.api.call({ method: 'POST', path: '/documents', body }, documentEnvelope)).data;
  }

  async getDocument(
    id: string,
    include: readonly string[] = [],
  ): Promise<{ data: DocumentResource; included: unknown[] }> {
    const query = include.length > 0 ? `?include=${include.join(',')}` : '';
    const result = await this.api.call(
      { method: 'GET', path: `/documents/${encodeURIComponent(id)}${query}` },
      documentEnvelope,
    );
    return { data: result.data, included: result.included ?? [] };
  }

  listDocuments(query: Readonly<Record<string, string>> = {}): Promise<z.infer<typeof documentList>> {
    const search = new URLSearchParams(query).toString();
    return this.api.call({ method: 'GET', path: `/documents${search ? `?${search}` : ''}` }, documentList);
  }

  async reextractDocument(id: string): Promise<void> {
    await this.api.call(
      { method: 'POST', path: `/documents/${encodeURIComponent(id)}/reextract` },
      actionAcceptedResponse,
    );
  }

  async getDownloadUrl(id: string): Promise<string> {
    const path = `/documents/${encodeURIComponent(id)}/download_url`;
    return (await this.api.call({ method: 'GET', path }, downloadUrlResponse)).download_url;
  }

  async listWebhooks(): Promise<WebhookResource[]> {
    return (await this.api.call({ method: 'GET', path: '/webhooks?page[size]=100' }, webhookList)).data;
  }

  async getWebhook(id: string): Promise<WebhookResource> {
    const path = `/webhooks/${encodeURIComponent(id)}`;
    return (await this.api.call({ method: 'GET', path }, webhookEnvelope)).data;
  }

  async createWebhook(attributes: CreateWebhookRequest['data']['attributes']): Promise<WebhookResource> {
    const body = { data: { type: 'webhook', attributes } };
    return (await this.api.call({ method: 'POST', path: '/webhooks', body }, webhookEnvelope)).data;
  }

  async updateWebhook(
    id: string,
    attributes: UpdateWebhookRequest['data']['attributes'],
  ): Promise<WebhookResource> {
    const body = { data: { type: 'webhook', attributes } };
    const path = `/webhooks/${encodeURIComponent(id)}`;
    return (await this.api.call({ method: 'PATCH', path, body }, webhookEnvelope)).data;
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
    return (await this.api.call(request, inferNumberResult)).data.attributes;
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
    return (await this.api.call({ method: 'POST', path: '/tracking_requests', body }, trackingRequestOne))
      .data;
  }

  /** Whether an error of `createTrackingRequest` is the 422 `duplicate` of a live request. */
  isDuplicate(error: unknown): boolean {
    return isDuplicateTrackingRequest(error);
  }

  /** The account's tracking requests for one number, newest first as the service lists them. */
  async findTrackingRequests(requestNumber: string): Promise<TrackingRequestResource[]> {
    const query = new URLSearchParams({ 'filter[request_number]': requestNumber, 'page[size]': '100' });
    const path = `/tracking_requests?${query.toString()}`;
    return (await this.api.call({ method: 'GET', path }, trackingRequestMany)).data;
  }

  async deleteWebhook(id: string): Promise<void> {
    await this.api.callForNothing({ method: 'DELETE', path: `/webhooks/${encodeURIComponent(id)}` });
  }
}
