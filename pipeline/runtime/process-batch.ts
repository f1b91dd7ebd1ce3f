import type { Clock } from '../../src/domain/clock.ts';
import { AppError } from '../../src/domain/errors.ts';
import type { Logger } from '../../src/observability/logger.ts';
import type { ConsumerQueue } from '../../src/runtime/consumer-queue.ts';
import type { RetryRule } from '../../src/runtime/retry-rule.ts';

/** The part of an SQS event record that batch processing reads (Lambda passes more). */
export interface BatchRecord {
  readonly messageId: string;
  /** What a visibility change needs; SQS records always carry it. */
  readonly receiptHandle?: string;
  readonly body: string;
  readonly attributes?: { readonly ApproximateReceiveCount?: string; readonly MessageGroupId?: string };
}

/** Lambda's partial batch response (`ReportBatchItemFailures`): the records to deliver again. */
export interface BatchResponse {
  readonly batchItemFailures: Array<{ readonly itemIdentifier: string }>;
}

export interface RecordContext {
  readonly messageId: string;
  /** 1 on the first delivery. */
  readonly receiveCount: number;
}

export interface ProcessBatchOptions<T> {
  /** Validates one body; it runs inside the record's own processing, so a bad body fails alone. */
  readonly parse: (body: string) => T;
  /**
   * Throw `FullBatchFailureError` when every record failed (default true, as in Powertools): Lambda then
   * treats the invocation as failed, which shows in its error metrics and backs the poller off.
   */
  readonly throwOnFullBatchFailure?: boolean;
  /**
   * FIFO queues: after the first failure, fail the rest without running them, so order is kept. With
   * `skipGroupOnError`, only later records of the failed record's message group are failed.
   */
  readonly fifo?: boolean | { readonly skipGroupOnError: boolean };
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

/** A body that does not parse now never will: not retryable, so the retry rule stops at once. */
export class InvalidRecordBodyError extends AppError {
  constructor(messageId: string, cause: unknown) {
    super('invalid_record_body', `the body of record ${messageId} is not a valid message`, { cause });
  }
}

export class FullBatchFailureError extends AppError {
  constructor(readonly errors: readonly unknown[]) {
    super('full_batch_failure', `all ${errors.length} records of the batch failed`, {
      retryable: true,
      cause: errors[0],
    });
  }
}

/**
 * Runs `handler` on each record, one after another, and reports the failed ones instead of throwing, so a
 * poison record is redelivered alone and its neighbours are not processed twice.
 */
export async function processBatch<T>(
  records: readonly BatchRecord[],
  handler: (message: T, context: RecordContext) => Promise<void>,
  options: ProcessBatchOptions<T>,
): Promise<BatchResponse> {
  const { parse, throwOnFullBatchFailure = true, fifo = false, logger, redelivery } = options;
  const failures: string[] = [];
  const errors: unknown[] = [];
  const failedGroups = new Set<string | undefined>();
  let stopped = false;

  for (const record of records) {
    const group = record.attributes?.MessageGroupId;
    const skipGroupOnError = typeof fifo === 'object' && fifo.skipGroupOnError;
    if (stopped || (skipGroupOnError && failedGroups.has(group))) {
      failures.push(record.messageId);
      continue;
    }
    try {
      const receiveCount = receiveCountOf(record);
      await handler(parseRecord(parse, record), { messageId: record.messageId, receiveCount });
    } catch (error) {
      failures.push(record.messageId);
      errors.push(error);
      logger?.warn({ err: error, messageId: record.messageId }, 'record failed; it will be delivered again');
      if (redelivery !== undefined) await scheduleRedelivery(redelivery, record, error, logger);
      if (skipGroupOnError) failedGroups.add(group);
      else if (fifo !== false) stopped = true;
    }
  }

  if (throwOnFullBatchFailure && records.length > 0 && failures.length === records.length) {
    throw new FullBatchFailureError(errors);
  }
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}

function parseRecord<T>(parse: (body: string) => T, record: BatchRecord): T {
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
  record: BatchRecord,
  error: unknown,
  logger: Logger | undefined,
): Promise<void> {
  const { queue, retry, clock } = redelivery;
  const { receiptHandle, messageId } = record;
  if (receiptHandle === undefined) {
    logger?.warn({ messageId }, 'record has no receipt handle; it returns after its visibility timeout');
    return;
  }
  const decision = retry(receiveCountOf(record), error, clock.now());
  try {
    if (decision.kind === 'retry') {
      await queue.changeVisibility(receiptHandle, decision.delaySeconds);
      return;
    }
    // SQS cannot move a message itself: there the redrive policy takes it after maxReceiveCount.
    const moved = (await queue.moveToDeadLetter?.(receiptHandle, decision.reason)) ?? false;
    logger?.error({ err: error, messageId, reason: decision.reason, moved }, 'record cannot succeed');
  } catch (callError) {
    logger?.warn({ err: callError, messageId }, 'could not schedule the redelivery of a failed record');
  }
}

const receiveCountOf = (record: BatchRecord): number =>
  Number(record.attributes?.ApproximateReceiveCount ?? '1');
