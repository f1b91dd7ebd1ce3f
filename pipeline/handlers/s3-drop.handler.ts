import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { exponentialRetry } from '../../src/runtime/retry-rule.ts';
import { processBatch } from '../runtime/process-batch.ts';
import { createS3DropRecordHandler, type S3DropDeps } from '../sources/s3-drop.ts';
import { deployedComposition, lazyHandler } from './aws-composition.ts';
import {
  DEFAULT_MIN_TIME_LEFT_MS,
  type HandlerKit,
  type SourceQueue,
  type SqsHandlerTuning,
} from './handler-kit.ts';
import { ensureTimeLeft, invoke, stageLoggerOn, withVisibilityHeartbeat } from './lambda-kit.ts';

export interface S3DropHandlerDeps extends HandlerKit, SqsHandlerTuning {
  /** The bucket, the admission (staging in S3, intake queue) and the prefixes; the logger is replaced. */
  readonly drop: Omit<S3DropDeps, 'logger' | 'clock'>;
  /** The queue of the bucket's object-created notifications the records come from. */
  readonly dropQueue: SourceQueue;
}

/**
 * The s3-drop function: each record is one S3 notification (a batch of object-created events), taken by
 * the same use case the tests run: read, admit (stage and queue), then archive or set aside. A record
 * fails alone, and its redelivery takes only what is still in the inbox.
 */
export const createS3DropHandler = (deps: S3DropHandlerDeps) => {
  const { clock, dropQueue, visibilityTimeoutSeconds } = deps;
  const retry = deps.retry ?? exponentialRetry();
  const minTimeLeftMs = deps.minTimeLeftMs ?? DEFAULT_MIN_TIME_LEFT_MS;
  const stageLogger = stageLoggerOn(deps.logger, deps.logLevel);
  const take = createS3DropRecordHandler({ ...deps.drop, logger: stageLogger, clock });

  return (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> =>
    invoke(deps, context, () =>
      processBatch<string>(
        event,
        async (body, record) => {
          ensureTimeLeft(record.lambda, minTimeLeftMs);
          const heartbeat = {
            queue: dropQueue,
            receiptHandle: record.receiptHandle,
            visibilityTimeoutSeconds,
            clock,
            logger: stageLogger,
          };
          // A large object is read and staged within one record: keep it hidden while that runs.
          await withVisibilityHeartbeat(heartbeat, () => take(body));
        },
        {
          // The notification is parsed, record by record, inside the use case.
          parse: (body) => body,
          ...(context ? { context } : {}),
          logger: stageLogger,
          redelivery: { queue: dropQueue, retry, clock },
        },
      ),
    );
};

/** The deployed function (`pipeline/handlers/s3-drop.handler.handler`), built on its first invocation. */
export const handler = lazyHandler(() => createS3DropHandler(deployedComposition().s3Drop()));
