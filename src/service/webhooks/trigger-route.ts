import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { webhookEvent } from '../../contract/webhook-events.ts';
import type { Clock } from '../../domain/clock.ts';
import type { ServiceEnv } from '../http/env.ts';
import { HttpProblem } from '../http/problem.ts';
import { readJson } from '../http/read-json.ts';
import { attemptError } from './delivery-outcome.ts';
import { SAMPLE_WEBHOOK_ID, samplePayload } from './sample-payloads.ts';
import { deliveryHeaders } from './webhook-headers.ts';
import type { Send } from './webhook-sender.ts';

export interface TriggerRouteDeps {
  readonly send: Send;
  readonly clock: Clock;
}

/** The upstream's trigger errors are plain: `{"errors":[{"detail":"url is required"}]}`; ours add status, title, pointer. */
const invalid = (detail: string, member: string): HttpProblem =>
  new HttpProblem(422, 'Unprocessable Entity', detail, { pointer: `/${member}`, code: 'invalid' });

const isBlank = (value: unknown): boolean => value === undefined || value === null || value === '';

const isHttpUrl = (value: string): boolean => {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

const readTrigger = (body: Record<string, unknown>) => {
  const { url, event, secret } = body;
  if (isBlank(url)) throw invalid('url is required', 'url');
  if (typeof url !== 'string' || !isHttpUrl(url)) throw invalid('url must be an http(s) URL', 'url');
  if (isBlank(event)) throw invalid('event is required', 'event');
  const known = webhookEvent.safeParse(event);
  if (!known.success) throw invalid(`event ${String(event)} is not a known webhook event`, 'event');
  if (secret !== undefined && secret !== null && typeof secret !== 'string') {
    throw invalid('secret must be a string', 'secret');
  }
  return { url, event: known.data, secret: typeof secret === 'string' && secret !== '' ? secret : undefined };
};

/** The Standard Webhooks signer needs a base64 key; another secret could sign only half the headers. */
const signedHeaders = (input: Parameters<typeof deliveryHeaders>[0]): Record<string, string> => {
  try {
    return deliveryHeaders(input);
  } catch {
    throw invalid(
      'secret must be a webhook secret as this service issues them: whsec_ followed by base64',
      'secret',
    );
  }
};

/**
 * `POST /webhooks/trigger`: sends one sample of an event to a URL through the same guarded sender as real
 * deliveries, signed when a secret is given, and reports what happened. Nothing is stored or retried. A
 * private target is not rejected up front: the connect-time guard refuses it and the reply says so.
 */
export function triggerRoute(deps: TriggerRouteDeps): Hono<ServiceEnv> {
  return new Hono<ServiceEnv>().post('/trigger', async (c) => {
    const { url, event, secret } = readTrigger(await readJson(c, z.record(z.string(), z.unknown())));
    const notificationId = randomUUID();
    const now = deps.clock.now();
    const body = JSON.stringify(
      samplePayload(event, {
        notificationId,
        webhookId: SAMPLE_WEBHOOK_ID,
        createdAt: new Date(now).toISOString(),
      }),
    );
    const headers = signedHeaders({
      body,
      messageId: notificationId,
      secret,
      custom: null,
      at: new Date(now),
    });
    const result = await deps.send({ url, body, headers }, c.req.raw.signal);
    const error = attemptError({
      statusCode: result.statusCode,
      transportError: result.transportError,
      retryAfter: undefined,
    });
    return c.json({
      url,
      succeeded: error === null,
      error,
      status_code: result.statusCode,
      request_headers: headers,
      request_body: body,
      response_headers: result.responseHeaders,
      response_body: result.responseBody,
    });
  });
}
