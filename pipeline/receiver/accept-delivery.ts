import { z } from 'zod';
import { documentWebhookPayload } from '../../src/contract/document-webhook.ts';
import { type DocumentEvent, documentEvents } from '../../src/contract/webhook-events.ts';
import type { Clock } from '../../src/domain/clock.ts';
import { isAppError } from '../../src/domain/errors.ts';
import { SignatureError, verifyDelivery } from '../../src/domain/webhook-signature.ts';
import type { Logger } from '../../src/observability/logger.ts';
import { encodeMessage } from '../messages.ts';
import type { Queue } from '../ports.ts';
import type { RecentDeliveries } from './recent-deliveries.ts';

export interface DeliveryDeps {
  /** Read on every delivery, so a rotated secret applies at once. Empty means not configured yet. */
  readonly secret: () => string;
  /** The events queue. */
  readonly queue: Pick<Queue, 'send'>;
  readonly logger: Logger;
  readonly clock: Clock;
  /** Refuse deliveries without the Standard Webhooks timestamp headers (replay protection). */
  readonly requireTimestamp?: boolean;
  /** Told of each delivery refused for its signature; a warning per delivery when absent. */
  readonly onBadSignature?: (reason: string) => void;
  /** Notifications enqueued lately: one delivered again is answered 202 without another message. */
  readonly recent?: RecentDeliveries;
}

export type DeliveryOutcome =
  | 'accepted'
  | 'duplicate'
  | 'ignored'
  | 'unauthorized'
  | 'invalid'
  | 'too_large'
  | 'unavailable';

export interface DeliveryReply {
  readonly status: number;
  readonly outcome: DeliveryOutcome;
  readonly body: unknown;
}

/** Far above the longest event name (`container.transport.empty_returned_at_inland_destination`-like). */
const MAX_ECHOED_EVENT_CHARS = 100;

/** At most this many validation problems are echoed back; the rest are counted. */
const MAX_REPORTED_ISSUES = 10;

/** Just enough of any webhook envelope to tell a document event from the 41 others. */
const envelope = z.object({ data: z.object({ attributes: z.object({ event: z.string() }) }) });

const isDocumentEvent = (event: string): event is DocumentEvent =>
  documentEvents.some((known) => known === event);

/** A JSON:API error document, the shape the service's own errors take. */
export const errorBody = (status: number, title: string, detail: string, code: string) => ({
  errors: [{ status: String(status), title, detail, code }],
});

export const errorReply = (
  status: number,
  outcome: DeliveryOutcome,
  title: string,
  detail: string,
  code: string,
): DeliveryReply => ({ status, outcome, body: errorBody(status, title, detail, code) });

/**
 * Decides what one delivery gets, in the order the signature requires: verify the raw bytes first, only
 * then parse and validate, and answer 202 only once the message is durably on the events queue (a 5xx
 * makes the sender retry, so nothing acknowledged is ever lost).
 */
export const acceptDelivery = async (
  rawBody: Buffer,
  headers: Readonly<Record<string, string | undefined>>,
  deps: DeliveryDeps,
): Promise<DeliveryReply> => {
  const { logger, clock, queue } = deps;
  const secret = deps.secret();
  if (secret.length === 0) {
    // Normal for a moment at start: the receiver listens before the subscription (and its secret) is
    // known, and a restart finds deliveries waiting. The 503 makes the sender retry; nothing is wrong.
    logger.debug('webhook delivery deferred: the webhook secret is not known yet');
    return errorReply(
      503,
      'unavailable',
      'Service Unavailable',
      'receiver is not configured yet',
      'not_configured',
    );
  }
  try {
    verifyDelivery(secret, rawBody, headers, { requireTimestamp: deps.requireTimestamp ?? false });
  } catch (error) {
    if (!(error instanceof SignatureError)) throw error;
    if (deps.onBadSignature) deps.onBadSignature(error.message);
    else logger.warn({ reason: error.message }, 'webhook delivery with a bad signature');
    return errorReply(401, 'unauthorized', 'Unauthorized', error.message, error.code);
  }

  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return errorReply(400, 'invalid', 'Bad Request', 'body is not valid JSON', 'malformed_json');
  }
  const head = envelope.safeParse(json);
  if (!head.success) return invalid(head.error);
  const event = head.data.data.attributes.event;
  if (!isDocumentEvent(event)) {
    // The name is the sender's: cut it, so a signed body cannot have a large one logged and echoed whole.
    const shown =
      event.length > MAX_ECHOED_EVENT_CHARS ? `${event.slice(0, MAX_ECHOED_EVENT_CHARS)}…` : event;
    logger.info({ event: shown }, 'webhook event ignored: not a document event');
    return { status: 202, outcome: 'ignored', body: { status: 'ignored', event: shown } };
  }
  const parsed = documentWebhookPayload.safeParse(json);
  if (!parsed.success) return invalid(parsed.error);
  const payload = parsed.data;
  const documentId = payload.data.relationships.document.data?.id;
  if (documentId === undefined) {
    return errorReply(
      400,
      'invalid',
      'Bad Request',
      'data.relationships.document.data: is empty',
      'invalid_payload',
    );
  }

  const notificationId = payload.data.id;
  if (deps.recent?.has(notificationId, clock.now()) === true) {
    logger.debug({ notificationId, documentId }, 'webhook delivery already enqueued');
    return {
      status: 202,
      outcome: 'duplicate',
      body: { status: 'duplicate', notification_id: notificationId },
    };
  }
  const body = encodeMessage({
    kind: 'document_event',
    version: 1,
    notificationId,
    event,
    documentId,
    payload,
    receivedAt: new Date(clock.now()).toISOString(),
  });
  try {
    await queue.send(body);
  } catch (error) {
    if (isAppError(error) && error.code === 'message_too_large') {
      return errorReply(413, 'too_large', 'Payload Too Large', error.message, error.code);
    }
    logger.error({ err: error, notificationId, documentId }, 'could not enqueue a webhook delivery');
    return errorReply(
      503,
      'unavailable',
      'Service Unavailable',
      'could not enqueue; retry later',
      'enqueue_failed',
    );
  }
  deps.recent?.add(notificationId, clock.now());
  logger.info({ notificationId, documentId, event }, 'webhook delivery enqueued');
  return { status: 202, outcome: 'accepted', body: { status: 'accepted', notification_id: notificationId } };
};

const invalid = (error: z.ZodError): DeliveryReply => {
  const shown = error.issues
    .slice(0, MAX_REPORTED_ISSUES)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(body)'}: ${issue.message}`);
  const more = error.issues.length - shown.length;
  const detail = more > 0 ? `${shown.join('; ')}; and ${more} more` : shown.join('; ');
  return errorReply(400, 'invalid', 'Bad Request', detail, 'invalid_payload');
};
