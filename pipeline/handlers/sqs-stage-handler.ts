import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { Logger } from '../../src/observability/logger.ts';
import { exponentialRetry } from '../../src/runtime/retry-rule.ts';
import { processBatch, type RecordContext } from '../runtime/process-batch.ts';
import {
  DEFAULT_MIN_TIME_LEFT_MS,
  type HandlerKit,
  type SourceQueue,
  type SqsHandlerTuning,
} from './handler-kit.ts';
import { ensureTimeLeft, invoke, withCorrelationId, withVisibilityHeartbeat } from './lambda-kit.ts';

export interface SqsStage<T> {
  /** The queue the records come from: failed records are redelivered on it by the retry rule. */
  readonly queue: SourceQueue;
  /** The stages' logger (`stageLoggerOn`): batch failures and heartbeat warnings go to it. */
  readonly stageLogger: Logger;
  /** Validates one body, inside the record's own processing. */
  readonly parse: (body: string) => T;
  /** The id on every log line of a record; records without one log without it. */
  readonly correlationIdOf?: (message: T) => string;
  /** Runs one record; its visibility is renewed while this runs (a long upload). */
  readonly handle: (message: T, record: RecordContext) => Promise<void>;
}

/**
 * What every SQS-fed function does around its stage: the batch through `processBatch` with the retry
 * rule's redelivery, the correlation id per record, no record started without time left to finish it,
 * and the visibility heartbeat while it runs.
 */
export const createSqsStageHandler = <T>(deps: HandlerKit & SqsHandlerTuning, stage: SqsStage<T>) => {
  const { logger, clock, visibilityTimeoutSeconds } = deps;
  const { queue, stageLogger, parse, correlationIdOf, handle } = stage;
  const retry = deps.retry ?? exponentialRetry();
  const minTimeLeftMs = deps.minTimeLeftMs ?? DEFAULT_MIN_TIME_LEFT_MS;

  const run = async (message: T, record: RecordContext): Promise<void> => {
    ensureTimeLeft(record.lambda, minTimeLeftMs);
    const heartbeat = {
      queue,
      receiptHandle: record.receiptHandle,
      visibilityTimeoutSeconds,
      clock,
      logger: stageLogger,
    };
    await withVisibilityHeartbeat(heartbeat, () => handle(message, record));
  };

  return (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> =>
    invoke(deps, context, () =>
      processBatch(
        event,
        (message: T, record) =>
          correlationIdOf === undefined
            ? run(message, record)
            : withCorrelationId(logger, correlationIdOf(message), () => run(message, record)),
        {
          parse,
          ...(context ? { context } : {}),
          logger: stageLogger,
          redelivery: { queue, retry, clock },
        },
      ),
    );
};
