import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import { afterEach } from 'vitest';
import { ManualClock } from '../../../src/domain/clock.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import type { ServiceEnv } from '../../../src/service/http/env.ts';
import { errorHandler, notFoundHandler } from '../../../src/service/http/error-handler.ts';
import { sampleDocumentIncluded } from '../../../src/service/webhooks/sample-documents.ts';
import {
  createWebhookModule,
  type DocumentEventInput,
  type WebhookModule,
  type WebhookModuleDeps,
} from '../../../src/service/webhooks/webhook-module.ts';
import { openDatabase } from '../../../src/store/database.ts';

export const ACCOUNT_A = 'account-a';
export const ACCOUNT_B = 'account-b';

/** Tests pick the account with this header; the real service sets it from the API key. */
const ACCOUNT_HEADER = 'x-test-account';

export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string | undefined>;
  readonly body: Buffer;
}

export type Reply = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

export interface Receiver {
  readonly url: string;
  readonly requests: ReceivedRequest[];
  /** TCP connections accepted, whether or not a request followed. */
  connections: number;
  reply: (request: ReceivedRequest) => Reply;
  close(): Promise<void>;
}

const flatten = (request: IncomingMessage): Record<string, string | undefined> =>
  Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : value,
    ]),
  );

/** A webhook receiver on 127.0.0.1 with a port of its own; `reply` decides each answer. */
export async function startReceiver(reply: Receiver['reply'] = () => ({ status: 200 })): Promise<Receiver> {
  const server: Server = createServer();
  const receiver: Receiver = {
    url: '',
    requests: [],
    connections: 0,
    reply,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  server.on('connection', () => {
    receiver.connections += 1;
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: flatten(req),
        body: Buffer.concat(chunks),
      };
      receiver.requests.push(request);
      const answer = receiver.reply(request);
      if (answer === 'hang') return;
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body ?? '');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo; // listening on a TCP port, so the address is AddressInfo
  return Object.assign(receiver, { url: `http://127.0.0.1:${port}/hooks` });
}

export interface Harness {
  readonly db: DatabaseSync;
  readonly clock: ManualClock;
  readonly module: WebhookModule;
  request(method: string, path: string, options?: { body?: unknown; account?: string }): Promise<Response>;
  /** Registers a webhook for the account and returns its id and secret. */
  createWebhook(
    attributes: Record<string, unknown>,
    account?: string,
  ): Promise<{ id: string; secret: string }>;
  publish(input: Partial<DocumentEventInput>): void;
  /** The notification with its attempt logs, read through the API. */
  notification(id: string, account?: string): Promise<NotificationView>;
  notifications(account?: string): Promise<NotificationView[]>;
  close(): Promise<void>;
}

export interface NotificationView {
  id: string;
  status: string;
  logs: { attempt: number; status_code: number | null; error: string | null; succeeded: boolean }[];
}

interface ListedNotification {
  id: string;
  attributes: { delivery_status: string };
  relationships: { webhook_notification_logs: { data: { id: string }[] } };
}

interface LogResource {
  id: string;
  attributes: { attempt: number; status_code: number | null; error: string | null; succeeded: boolean };
}

export function createHarness(
  options: Partial<Omit<WebhookModuleDeps, 'clock' | 'logger'>> & { clock?: ManualClock } = {},
): Harness {
  const db = options.db ?? openDatabase(':memory:');
  // Real time as the start: the Standard Webhooks verifier compares signatures' timestamps with Date.now().
  const clock = options.clock ?? new ManualClock(Date.now());
  const shutdownGraceMs = options.shutdownGraceMs ?? 100;
  const module = createWebhookModule({
    db,
    clock,
    logger: silentLogger,
    allowPrivateTargets: options.allowPrivateTargets ?? true,
    random: options.random ?? (() => 0.5),
    ...(options.deliveryTimeoutMs === undefined ? {} : { deliveryTimeoutMs: options.deliveryTimeoutMs }),
    shutdownGraceMs,
  });
  const app = new Hono<ServiceEnv>();
  app.use(async (c, next) => {
    c.set('account', { id: c.req.header(ACCOUNT_HEADER) ?? ACCOUNT_A, name: 'Test account' });
    await next();
  });
  app.route('/v2', module.router);
  app.onError(errorHandler(silentLogger));
  app.notFound(notFoundHandler);

  const request: Harness['request'] = (method, path, { body, account = ACCOUNT_A } = {}) =>
    Promise.resolve(
      app.request(path, {
        method,
        headers: {
          [ACCOUNT_HEADER]: account,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      }),
    );

  const toView = (resource: ListedNotification, logs: LogResource[]): NotificationView => {
    const ids = new Set(resource.relationships.webhook_notification_logs.data.map(({ id }) => id));
    return {
      id: resource.id,
      status: resource.attributes.delivery_status,
      logs: logs.filter(({ id }) => ids.has(id)).map(({ attributes }) => attributes),
    };
  };

  return {
    db,
    clock,
    module,
    request,
    async createWebhook(attributes, account = ACCOUNT_A) {
      const response = await request('POST', '/v2/webhooks', {
        body: { data: { type: 'webhook', attributes: { events: ['document.extracted'], ...attributes } } },
        account,
      });
      if (response.status !== 201)
        throw new Error(`create webhook: ${response.status} ${await response.text()}`);
      const { data } = (await response.json()) as { data: { id: string; attributes: { secret: string } } }; // our own 201 body
      return { id: data.id, secret: data.attributes.secret };
    },
    publish(input) {
      module.notifier.publishDocumentEvent({
        accountId: ACCOUNT_A,
        event: 'document.extracted',
        documentId: 'doc-1',
        extractionAttempt: 1,
        included: sampleDocumentIncluded(input.event ?? 'document.extracted'),
        ...input,
      });
    },
    async notification(id, account = ACCOUNT_A) {
      const response = await request(
        'GET',
        `/v2/webhook_notifications/${id}?include=webhook_notification_logs`,
        {
          account,
        },
      );
      const body = (await response.json()) as { data: ListedNotification; included: LogResource[] }; // our own reply
      return toView(body.data, body.included);
    },
    async notifications(account = ACCOUNT_A) {
      const response = await request('GET', '/v2/webhook_notifications?include=webhook_notification_logs', {
        account,
      });
      const body = (await response.json()) as { data: ListedNotification[]; included: LogResource[] }; // our own reply
      return body.data.map((resource) => toView(resource, body.included));
    },
    async close() {
      const stopping = module.stop();
      // The grace period runs on the injected clock: let it pass, so in-flight deliveries are handed back.
      clock.advance(shutdownGraceMs);
      await stopping;
      if (options.db === undefined) db.close();
    },
  };
}

/**
 * Harnesses and receivers for one test file, each closed after every test (newest first), pass or
 * fail.
 */
export function useWebhookFixtures() {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return {
    harness(options: Parameters<typeof createHarness>[0] = {}): Harness {
      const h = createHarness(options);
      cleanups.push(() => h.close());
      return h;
    },
    async receiver(reply?: Receiver['reply']): Promise<Receiver> {
      const r = await startReceiver(reply);
      cleanups.push(() => r.close());
      return r;
    },
  };
}
