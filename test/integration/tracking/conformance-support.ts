import { expect } from 'vitest';
import { PLAY_INTERVAL_MS, type TrackingHarness, trackingRequestBody } from './tracking-harness.ts';

/** A JSON:API resource as the upstream's OpenAPI describes it. */
export interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: Identifier | Identifier[] | null }>;
  links?: Record<string, string>;
}
export interface Identifier {
  id: string;
  type: string;
}
export interface ErrorObject {
  status?: string;
  title?: string;
  detail?: string;
  code?: string;
  source?: { pointer?: string; parameter?: string } | null;
  meta?: Record<string, unknown> | null;
}
export interface Document {
  data: Resource & Resource[];
  included?: Resource[];
  links?: Record<string, string | null>;
  meta?: {
    size?: number;
    total?: number;
    pagination?: { current: number; next?: number; prev?: number; last: number; records: number };
  };
  errors?: ErrorObject[];
}

export const read = async (response: Response): Promise<Document> => (await response.json()) as Document;

/** The upstream's error object: only `title` is required, `status` is a string of the HTTP status. */
export async function expectError(
  response: Response,
  status: number,
  expected: ErrorObject,
): Promise<ErrorObject> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/(vnd\.api\+)?json/);
  const body = await read(response);
  expect(body.errors).toHaveLength(1);
  const [error] = body.errors ?? [];
  expect(error).toMatchObject({ status: String(status), ...expected });
  expect(typeof error?.title).toBe('string');
  return error as ErrorObject;
}

/** `POST /v2/tracking_requests` as the SDK sends it. */
export const createRequest = (h: TrackingHarness, attributes: Record<string, unknown>, key?: string) =>
  h.api('/v2/tracking_requests', {
    method: 'POST',
    json: trackingRequestBody(attributes),
    ...(key === undefined ? {} : { key }),
  });

/** Moves service time on by `ms`, one sandbox pass at a time. */
export async function advance(h: TrackingHarness, ms: number): Promise<void> {
  for (let moved = 0; moved < ms; moved += PLAY_INTERVAL_MS) {
    h.clock.advance(Math.min(PLAY_INTERVAL_MS, ms - moved));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The tracking request as the API shows it now. */
export async function requestNow(h: TrackingHarness, id: string, key?: string): Promise<Resource> {
  const response = await h.api(`/v2/tracking_requests/${id}`, key === undefined ? {} : { key });
  expect(response.status).toBe(200);
  return (await read(response)).data;
}

/** The events of the account's webhook notifications, oldest first, with their reference objects. */
export async function notifications(
  h: TrackingHarness,
  key?: string,
): Promise<Array<{ event: string; reference: Identifier }>> {
  const response = await h.api('/v2/webhook_notifications?page[size]=100', key === undefined ? {} : { key });
  expect(response.status).toBe(200);
  return (await read(response)).data
    .map((notification) => ({
      event: String(notification.attributes.event),
      reference: notification.relationships?.reference_object?.data as Identifier,
      createdAt: String(notification.attributes.created_at),
    }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map(({ event, reference }) => ({ event, reference }));
}

/** A webhook subscribed to every tracking_request event, so the account's notifications are recorded. */
export async function subscribeRequests(h: TrackingHarness, url: string, key?: string): Promise<void> {
  const events = ['succeeded', 'failed', 'awaiting_manifest', 'tracking_stopped'].map(
    (name) => `tracking_request.${name}`,
  );
  const created = await h.api('/v2/webhooks', {
    method: 'POST',
    json: { data: { type: 'webhook', attributes: { url, active: true, events } } },
    ...(key === undefined ? {} : { key }),
  });
  expect(created.status).toBe(201);
}

/** The id a to-one relationship names; throws when it names none. */
export function relId(resource: Resource | undefined, name: string): string {
  const data = resource?.relationships?.[name]?.data;
  if (data === null || data === undefined || Array.isArray(data)) throw new Error(`no ${name} relationship`);
  return data.id;
}

/** The ids a to-many relationship names; throws when it is not a list. */
export function relIds(resource: Resource | undefined, name: string): string[] {
  const data = resource?.relationships?.[name]?.data;
  if (!Array.isArray(data)) throw new Error(`no ${name} list`);
  return data.map((identifier) => identifier.id);
}
