import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ServiceClient } from '../../../src/client/service-client.ts';
import { loadConfig } from '../../../src/config/load-config.ts';
import type { Config, ConfigOverrides } from '../../../src/config/settings.ts';
import { directUploadResponse } from '../../../src/contract/direct-upload.ts';
import { type DocumentResource, documentResource } from '../../../src/contract/document.ts';
import {
  type DocumentWebhookPayload,
  documentWebhookPayload,
} from '../../../src/contract/document-webhook.ts';
import { singleDocument } from '../../../src/contract/json-api.ts';
import type { Clock } from '../../../src/domain/clock.ts';
import type { ExtractDocument } from '../../../src/extraction/extract-document.ts';
import { createService, type LocalService } from '../../../src/service/service.ts';

export interface Harness {
  readonly service: LocalService;
  readonly config: Config;
  readonly dataDir: string;
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  readonly apiKey: string;
  /** fetch against the origin with the first account's key (override with `key`, or `key: null` for none). */
  api(path: string, init?: RequestInit & { key?: string | null; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  readonly config?: ConfigOverrides;
  readonly clock?: Clock;
  readonly extract?: ExtractDocument;
  readonly startProcessing?: boolean;
  readonly drainMs?: number;
  /** Reuse a data dir (restart tests); a fresh temp dir otherwise, removed on close. */
  readonly dataDir?: string;
  /** How often the sandbox carrier plays due milestones (a test advancing its clock by days raises it). */
  readonly trackingPlayIntervalMs?: number;
}

export const md5Base64 = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('base64');

/** The typed client of the harness's first account, limited to `requestsPerMinute`. */
export const clientOf = (h: Harness, requestsPerMinute = 6_000): ServiceClient =>
  new ServiceClient({ baseUrl: `${h.origin}/v2`, token: h.apiKey, requestsPerMinute });

export async function makeDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'stevedore-service-'));
}

export async function startService(options: HarnessOptions = {}): Promise<Harness> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await makeDataDir());
  const config = loadConfig({}, { dataDir, host: '127.0.0.1', port: 0, ...options.config });
  const service = await createService({
    config,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.extract ? { extract: options.extract } : {}),
    ...(options.startProcessing === undefined ? {} : { startProcessing: options.startProcessing }),
    ...(options.drainMs === undefined ? {} : { drainMs: options.drainMs }),
    ...(options.trackingPlayIntervalMs === undefined
      ? {}
      : { trackingPlayIntervalMs: options.trackingPlayIntervalMs }),
  });
  const { url: origin } = await service.listen();
  const api: Harness['api'] = (path, init = {}) => {
    const { key = service.apiKey, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (key !== null) headers.set('Authorization', `Token ${key}`);
    if (json !== undefined) headers.set('Content-Type', 'application/json');
    const url = path.startsWith('http') ? path : `${origin}${path}`;
    return fetch(url, { ...rest, headers, ...(json === undefined ? {} : { body: JSON.stringify(json) }) });
  };
  return {
    service,
    config,
    dataDir,
    origin,
    apiKey: service.apiKey,
    api,
    close: async () => {
      await service.close();
      if (ownDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Announces a direct upload and PUTs the bytes with the headers the service asked for; returns the signed id. */
export async function upload(
  h: Harness,
  bytes: Uint8Array,
  options: { filename?: string; contentType?: string; key?: string } = {},
): Promise<string> {
  const { filename = 'file.pdf', contentType = 'application/pdf', key = h.apiKey } = options;
  const announced = await h.api('/v2/rails/active_storage/direct_uploads', {
    method: 'POST',
    key,
    json: {
      blob: { filename, content_type: contentType, byte_size: bytes.byteLength, checksum: md5Base64(bytes) },
    },
  });
  expect(announced.status).toBe(200);
  const blob = directUploadResponse.parse(await announced.json());
  const put = await fetch(blob.direct_upload.url, {
    method: 'PUT',
    headers: blob.direct_upload.headers,
    body: bytes,
  });
  expect(put.status).toBe(204);
  return blob.signed_id;
}

export async function postDocument(
  h: Harness,
  name: string,
  signedId: string,
  key = h.apiKey,
): Promise<Response> {
  return h.api('/v2/documents', {
    method: 'POST',
    key,
    json: { data: { type: 'document', attributes: { name, attached_document: signedId } } },
  });
}

/** Upload + create; returns the created document. */
export async function submit(
  h: Harness,
  bytes: Uint8Array,
  options: { name?: string; filename?: string; contentType?: string; key?: string } = {},
): Promise<DocumentResource> {
  const signedId = await upload(h, bytes, options);
  const response = await postDocument(
    h,
    options.name ?? options.filename ?? 'file.pdf',
    signedId,
    options.key,
  );
  expect(response.status).toBe(201);
  return singleDocument(documentResource).parse(await response.json()).data;
}

const documentEnvelope = singleDocument(documentResource);

export async function getDocument(h: Harness, id: string, query = '', key = h.apiKey) {
  const response = await h.api(`/v2/documents/${id}${query}`, { key });
  expect(response.status).toBe(200);
  return documentEnvelope.parse(await response.json());
}

/** Polls until the document has an outcome (extracted or failed) for at least `attempt`. */
export async function waitForOutcome(
  h: Harness,
  id: string,
  options: { attempt?: number; timeoutMs?: number; query?: string; onPoll?: () => void } = {},
) {
  const { attempt = 1, timeoutMs = 15_000, query = '', onPoll } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const envelope = await getDocument(h, id, query);
    const { extraction_status: status, extraction_attempts: attempts } = envelope.data.attributes;
    if ((status === 'extracted' || status === 'failed') && attempts >= attempt) return envelope;
    if (Date.now() > deadline) throw new Error(`document ${id} still ${status} after ${timeoutMs} ms`);
    onPoll?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Subscribes `url` to `events` on the harness's service and returns a reader of the document webhooks
 * that `requests` (the receiver's log) holds so far, parsed.
 */
export async function subscribeDocumentEvents(
  h: Harness,
  url: string,
  events: readonly string[],
  requests: () => readonly { body: Buffer }[],
): Promise<() => DocumentWebhookPayload[]> {
  const created = await h.api('/v2/webhooks', {
    method: 'POST',
    json: { data: { type: 'webhook', attributes: { url, active: true, events } } },
  });
  if (created.status !== 201) throw new Error(`subscribing ${url} answered ${created.status}`);
  return () =>
    requests().map((request) => documentWebhookPayload.parse(JSON.parse(request.body.toString('utf8'))));
}
