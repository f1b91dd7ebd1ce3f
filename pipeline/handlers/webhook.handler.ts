import type { Context, LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import type { Queue } from '../ports.ts';
import { acceptDelivery, type DeliveryReply, errorBody, errorReply } from '../receiver/accept-delivery.ts';
import { MAX_WEBHOOK_BODY_BYTES } from '../receiver/webhook-receiver.ts';
import { deployedComposition, lazyHandler } from './aws-composition.ts';
import type { HandlerKit } from './handler-kit.ts';
import { invoke, stageLoggerOn, stageMetricsOn } from './lambda-kit.ts';

export interface WebhookHandlerDeps extends HandlerKit {
  /** The webhook secret, read at run time (`secrets.ts`), cached by the caller. */
  readonly webhookSecret: () => Promise<string>;
  /** The events queue. */
  readonly eventsQueue: Pick<Queue, 'send'>;
  /**
   * Refuse deliveries without the Standard Webhooks timestamp. The upstream signs the body only, so this
   * is on only against the local service.
   */
  readonly requireTimestamp?: boolean;
  readonly maxBodyBytes?: number;
}

/**
 * The webhook function behind a Lambda function URL (payload v2): the same `acceptDelivery` as the local
 * receiver over the raw bytes (decoded first when the URL delivered them base64-encoded), with the same
 * answers: 202 once enqueued, 401 bad signature, 400 bad body, 413 too large, 503 not ready.
 */
export const createWebhookHandler = (deps: WebhookHandlerDeps) => {
  const { logger, clock, eventsQueue, maxBodyBytes = MAX_WEBHOOK_BODY_BYTES } = deps;
  const stageLogger = stageLoggerOn(logger, deps.logLevel);
  const stageMetrics = stageMetricsOn(deps.metrics);

  const receive = async (event: LambdaFunctionURLEvent): Promise<DeliveryReply> => {
    const method = event.requestContext.http.method;
    if (method !== 'POST') {
      return errorReply(405, 'invalid', 'Method Not Allowed', 'use POST', 'method_not_allowed');
    }
    const raw = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
    if (raw.length > maxBodyBytes) {
      const detail = `body of ${raw.length} bytes exceeds the limit of ${maxBodyBytes}`;
      return errorReply(413, 'too_large', 'Payload Too Large', detail, 'body_too_large');
    }
    // A secret that cannot be read now is a 503 (as at the local receiver's start): the sender retries.
    const secret = await deps.webhookSecret().catch((error: unknown) => {
      stageLogger.error({ err: error }, 'webhook secret unavailable');
      return '';
    });
    // Function URLs lower-case header names already, as `acceptDelivery` expects.
    const reply = await acceptDelivery(raw, event.headers, {
      secret: () => secret,
      queue: eventsQueue,
      logger: stageLogger,
      clock,
      requireTimestamp: deps.requireTimestamp ?? false,
    });
    // Counted as a metric, not only logged: the deployed alarm reads it from this function's log group.
    if (reply.outcome === 'unauthorized') stageMetrics.count('webhookSignatureRejected');
    return reply;
  };

  return (event: LambdaFunctionURLEvent, context?: Context): Promise<LambdaFunctionURLResult> =>
    invoke(deps, context, async () => {
      const reply = await receive(event).catch((error: unknown) => {
        stageLogger.error({ err: error }, 'webhook delivery failed unexpectedly');
        return {
          status: 500,
          outcome: 'unavailable' as const,
          body: errorBody(500, 'Internal Server Error', 'unexpected error', 'internal_error'),
        };
      });
      return {
        statusCode: reply.status,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(reply.body),
      };
    });
};

/** The deployed function (`pipeline/handlers/webhook.handler.handler`), built on its first invocation. */
export const handler = lazyHandler(() => createWebhookHandler(deployedComposition().webhook()));
