import { createS3DropRecordHandler, type S3DropDeps } from '../sources/s3-drop.ts';
import { deployedComposition, lazyHandler } from './aws-composition.ts';
import type { HandlerKit, SourceQueue, SqsHandlerTuning } from './handler-kit.ts';
import { stageLoggerOn } from './lambda-kit.ts';
import { createSqsStageHandler } from './sqs-stage-handler.ts';

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
  const stageLogger = stageLoggerOn(deps.logger, deps.logLevel);
  const take = createS3DropRecordHandler({ ...deps.drop, logger: stageLogger, clock: deps.clock });
  return createSqsStageHandler<string>(deps, {
    queue: deps.dropQueue,
    stageLogger,
    // The notification is parsed, record by record, inside the use case.
    parse: (body) => body,
    // A large object is read and staged within one record: the heartbeat keeps it hidden while that runs.
    handle: take,
  });
};

/** The deployed function (`pipeline/handlers/s3-drop.handler.handler`), built on its first invocation. */
export const handler = lazyHandler(() => createS3DropHandler(deployedComposition().s3Drop()));
