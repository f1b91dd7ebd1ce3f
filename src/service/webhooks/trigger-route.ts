import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { webhookEvent } from '../../contract/webhook-events.ts';
import type { Clock } from '../../domain/clock.ts';
import type { ServiceEnv } from '../http/env.ts';
import { HttpProblem } from '../http/problem.ts';
import { echoedValue, readJson } from '../http/read-json.ts';
import { attemptError } from './delivery-outcome.ts';
import { SAMPLE_WEBHOOK_ID, samplePayload } from './sample-payloads.ts';
import { urlCredentialsProblem } from './url-credentials.ts';
import { deliveryHeaders } from './webhook-headers.ts';
import type { Send } from './webhook-sender.ts';

export interface TriggerRouteDeps {
  readonly send: Send;
  readonly clock: Clock;
}

/**
 * The most of a receiver's answer a trigger reply shows. The reply proves the receiver answered; a
 * longer body, or its headers, would turn the trigger into a way to read whatever the URL serves.
 */
export const TRIGGER_BODY_PREVIEW_BYTES = 256;

/** Longer than any real receiver URL, short enough that a URL never dominates a log line. */
const MAX_TRIGGER_URL_LENGTH = 2048;

/** The upstream's trigger errors are plain: `{"errors":[{"detail":"url is required"}]}`; ours add status, title, pointer. */
const invalid = (detail: string, member: string): HttpProblem =>
  new HttpProblem(422, 'Unprocessable Entity', detail, { pointer: `/${member}`, code: 'invalid' });

const isBlank = (value: unknown): boolean => value === undefined || value === null || value === '';
const blankToUndefined = (value: unknown): unknown => (isBlank(value) ? undefined : value);

const isHttpUrl = (value: string): boolean => {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

const notHttpUrl = 'url must be an http(s) URL';

const triggerBody = z.object({
  url: z.preprocess(
    blankToUndefined,
    z
      .string({ error: (issue) => (issue.input === undefined ? 'url is required' : notHttpUrl) })
      .max(MAX_TRIGGER_URL_LENGTH, `url must be at most ${MAX_TRIGGER_URL_LENGTH} characters`)
      .refine(isHttpUrl, notHttpUrl)
      .superRefine((value, ctx) => {
        const problem = urlCredentialsProblem(value);
        if (problem !== undefined) ctx.addIssue({ code: 'custom', message: `url ${problem}` });
      }),
  ),
  event: z.preprocess(
    blankToUndefined,
    z
      .string({
        error: (issue) => (issue.input === undefined ? 'event is required' : 'event must be a string'),
      })
      .transform((value, ctx) => {
        const known = webhookEvent.safeParse(value);
        if (known.success) return known.data;
        const named = echoedValue(value);
        ctx.addIssue({
          code: 'custom',
          message: `event ${named === undefined ? '' : `${named} `}is not a known webhook event`,
        });
        return z.NEVER;
      }),
  ),
  secret: z.preprocess(blankToUndefined, z.string({ error: 'secret must be a string' }).optional()),
});

const readTrigger = (body: unknown): z.output<typeof triggerBody> => {
  const parsed = triggerBody.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalid(issue?.message ?? 'the body is invalid', String(issue?.path[0] ?? ''));
};

/** The first TRIGGER_BODY_PREVIEW_BYTES of a body, cut at a character boundary. */
const preview = (body: string | null): string | null => {
  if (body === null) return null;
  const bytes = Buffer.from(body, 'utf8');
  if (bytes.length <= TRIGGER_BODY_PREVIEW_BYTES) return body;
  // A cut inside a multi-byte character decodes to U+FFFD; drop that partial character.
  return bytes
    .subarray(0, TRIGGER_BODY_PREVIEW_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
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
 * deliveries, signed when a secret is given, and reports the status and a short preview of the answer
 * (never its headers). Nothing is stored or retried. A private target is not rejected up front: the
 * connect-time guard refuses it and the reply says so.
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
      response_body: preview(result.responseBody),
    });
  });
}
