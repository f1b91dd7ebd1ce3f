import { AppError } from '../../src/domain/errors.ts';
import type { Logger } from '../../src/observability/logger.ts';

/** The part of an SQS event record that batch processing reads (Lambda passes more). */
export interface BatchRecord {
  readonly messageId: string;
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
  const { parse, throwOnFullBatchFailure = true, fifo = false, logger } = options;
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
      const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? '1');
      await handler(parse(record.body), { messageId: record.messageId, receiveCount });
    } catch (error) {
      failures.push(record.messageId);
      errors.push(error);
      logger?.warn({ err: error, messageId: record.messageId }, 'record failed; it will be delivered again');
      if (skipGroupOnError) failedGroups.add(group);
      else if (fifo !== false) stopped = true;
    }
  }

  if (throwOnFullBatchFailure && records.length > 0 && failures.length === records.length) {
    throw new FullBatchFailureError(errors);
  }
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}
