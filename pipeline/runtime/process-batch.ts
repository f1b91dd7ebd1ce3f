import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { Clock } from '../../src/domain/clock.ts';
import { AppError } from '../../src/domain/errors.ts';
import type { Logger } from '../../src/observability/logger.ts';
import type { ConsumerQueue } from '../../src/runtime/consumer-queue.ts';
import { isNotReady } from '../../src/runtime/not-ready.ts';
import type { RetryRule } from '../../src/runtime/retry-rule.ts';

export interface RecordContext {
  readonly messageId: string;
  /** 1 on the first delivery. */
  readonly receiveCount: number;
  /** What a visibility heartbeat needs. */
  readonly receiptHandle: string;
  /** The Lambda context, when the invocation has one. */
  readonly lambda?: Context;
}

export interface ProcessBatchOptions<T> {
  /** Validates one body; it runs inside the record's own processing, so a bad body fails alone. */
  readonly parse: (body: string) => T;
  /** Passed to the record handler, as Powertools does. */
  readonly context?: Context;
  /**
   * Throw Powertools' `FullBatchFailureError` when every record failed (default true): Lambda then treats
   * the invocation as failed, which shows in its error metrics and backs the poller off.
   */
  readonly throwOnFullBatchFailure?: boolean;
  /**
   * Off by default: records run one after another, as the service paces its requests anyway and a long
   * upload then holds one record, not the batch's whole share of the function's time.
   */
  readonly processInParallel?: boolean;
  readonly logger?: Logger;
  /**
   * Sets each failed record's visibility by the retry rule before reporting it, so a deployed function
   * retries on the same schedule as the local consumer instead of after the whole visibility timeout.
   */
  readonly redelivery?: BatchRedelivery;
}

export interface BatchRedelivery {
  /** The queue the records came from; only its visibility (and dead-letter, if it has one) calls are used. */
  readonly queue: Pick<ConsumerQueue, 'changeVisibility' | 'moveToDeadLetter'>;
  readonly retry: RetryRule;
  readonly clock: Clock;
}

/**
 * A record the retry rule gave up on is made visible again at once: each delivery fails fast, so the
 * redrive policy moves it to the DLQ after `maxReceiveCount` deliveries within seconds, not hours.
 */
export const STOP_VISIBILITY_SECONDS = 0;

/** A body that does not parse now never will: not retryable, so the retry rule stops at once. */
export class InvalidRecordBodyError extends AppError {
  constructor(messageId: string, cause: unknown) {
    super('invalid_record_body', `the body of record ${messageId} is not a valid message`, { cause });
  }
}

/**
 * Runs `handler` on each SQS record through Powertools' `BatchProcessor` and answers Lambda's partial
 * batch response, so a poison record is redelivered alone and its neighbours are not processed twice.
 * Before a failed record is reported, its visibility is set by the retry rule (see `redelivery`).
 *
 * A record that can never succeed (a bad body, a non-retryable `AppError`): SQS cannot dead-letter a
 * message on request, so it is reported failed with its visibility at 0 and the queue's redrive policy
 * moves it after `maxReceiveCount` quick deliveries. That keeps the DLQ's record of its source queue, so
 * `StartMessageMoveTask` can redrive it unchanged; sending it to the DLQ ourselves and reporting success
 * would lose that and duplicate it in the DLQ if the function died between the send and the delete.
 * Queues that can dead-letter at once (the embedded queue's `moveToDeadLetter`) do so, with the reason.
 */
export async function processBatch<T>(
  event: Pick<SQSEvent, 'Records'>,
  handler: (message: T, context: RecordContext) => Promise<void>,
  options: ProcessBatchOptions<T>,
): Promise<SQSBatchResponse> {
  const { parse, logger, redelivery, context, throwOnFullBatchFailure = true } = options;
  // One processor per batch: it keeps the batch's successes and failures, so sharing it between
  // invocations in flight at once (tests, or a future in-process caller) would mix them.
  const processor = new BatchProcessor(EventType.SQS);
  const recordHandler = async (record: SQSRecord, lambda?: Context): Promise<void> => {
    try {
      const message = parseRecord(parse, record);
      await handler(message, {
        messageId: record.messageId,
        receiveCount: receiveCountOf(record),
        receiptHandle: record.receiptHandle,
        ...(lambda ? { lambda } : {}),
      });
    } catch (error) {
      // An expected wait (the ledger has not caught up yet) is no failure worth a warning.
      if (isNotReady(error))
        logger?.debug({ err: error, messageId: record.messageId }, 'record not ready yet');
      else
        logger?.warn(
          { err: error, messageId: record.messageId },
          'record failed; it will be delivered again',
        );
      if (redelivery !== undefined) await scheduleRedelivery(redelivery, record, error, logger);
      throw error;
    }
  };
  return processPartialResponse(event, recordHandler, processor, {
    ...(context ? { context } : {}),
    throwOnFullBatchFailure,
    processInParallel: options.processInParallel ?? false,
  });
}

function parseRecord<T>(parse: (body: string) => T, record: SQSRecord): T {
  try {
    return parse(record.body);
  } catch (error) {
    throw new InvalidRecordBodyError(record.messageId, error);
  }
}

/**
 * Applies the retry rule's decision to a failed record. Never throws: if the call fails, the record still
 * comes back, only after its visibility timeout instead of on schedule.
 */
async function scheduleRedelivery(
  redelivery: BatchRedelivery,
  record: SQSRecord,
  error: unknown,
  logger: Logger | undefined,
): Promise<void> {
  const { queue, retry, clock } = redelivery;
  const { receiptHandle, messageId } = record;
  const decision = retry(receiveCountOf(record), error, clock.now());
  try {
    if (decision.kind === 'retry') {
      await queue.changeVisibility(receiptHandle, decision.delaySeconds);
      return;
    }
    const moved = (await queue.moveToDeadLetter?.(receiptHandle, decision.reason)) ?? false;
    if (!moved) await queue.changeVisibility(receiptHandle, STOP_VISIBILITY_SECONDS);
    logger?.error({ err: error, messageId, reason: decision.reason, moved }, 'record cannot succeed');
  } catch (callError) {
    logger?.warn({ err: callError, messageId }, 'could not schedule the redelivery of a failed record');
  }
}

const receiveCountOf = (record: SQSRecord): number => {
  const count = Number(record.attributes.ApproximateReceiveCount);
  return Number.isInteger(count) && count > 0 ? count : 1;
};
