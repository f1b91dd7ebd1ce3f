import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { exponentialRetry } from '../../src/runtime/retry-rule.ts';
import type { BlobStore, Ledger, Queue } from '../ports.ts';
import { processBatch } from '../runtime/process-batch.ts';
import { handleIntake, type IngestClient, parseIntake } from '../stages/ingest.ts';
import { deployedComposition, lazyHandler } from './aws-composition.ts';
import {
  DEFAULT_MIN_TIME_LEFT_MS,
  type HandlerKit,
  type SourceQueue,
  type SqsHandlerTuning,
} from './handler-kit.ts';
import {
  ensureTimeLeft,
  invoke,
  stageLoggerOn,
  stageMetricsOn,
  withCorrelationId,
  withVisibilityHeartbeat,
} from './lambda-kit.ts';

export interface IngestHandlerDeps extends HandlerKit, SqsHandlerTuning {
  /** The service client, built with the API key read at run time (see `secrets.ts`); cached by the caller. */
  readonly client: () => Promise<IngestClient>;
  readonly ledger: Ledger;
  readonly blobs: BlobStore;
  /** The intake queue the records come from. */
  readonly intakeQueue: SourceQueue;
  /** Where a new origin of known content is announced. */
  readonly eventsQueue: Pick<Queue, 'send'>;
}

/**
 * The ingest function: each intake record runs the same `handleIntake` as the local worker, with the
 * intake message's correlation id on every log line and its visibility renewed while the upload runs.
 */
export const createIngestHandler = (deps: IngestHandlerDeps) => {
  const { logger, metrics, clock, intakeQueue, visibilityTimeoutSeconds } = deps;
  const stageLogger = stageLoggerOn(logger, deps.logLevel);
  const stageMetrics = stageMetricsOn(metrics);
  const retry = deps.retry ?? exponentialRetry();
  const minTimeLeftMs = deps.minTimeLeftMs ?? DEFAULT_MIN_TIME_LEFT_MS;

  return (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> =>
    invoke(deps, context, () =>
      processBatch(
        event,
        (message, record) =>
          withCorrelationId(logger, message.correlationId, async () => {
            ensureTimeLeft(record.lambda, minTimeLeftMs);
            const client = await deps.client();
            const heartbeat = {
              queue: intakeQueue,
              receiptHandle: record.receiptHandle,
              visibilityTimeoutSeconds,
              clock,
              logger: stageLogger,
            };
            await withVisibilityHeartbeat(heartbeat, () =>
              handleIntake(message, {
                client,
                ledger: deps.ledger,
                blobs: deps.blobs,
                clock,
                logger: stageLogger.child({ messageId: record.messageId }),
                originEvents: deps.eventsQueue,
                metrics: stageMetrics,
              }),
            );
          }),
        {
          parse: parseIntake,
          ...(context ? { context } : {}),
          logger: stageLogger,
          redelivery: { queue: intakeQueue, retry, clock },
        },
      ),
    );
};

/** The deployed function (`pipeline/handlers/ingest.handler.handler`), built on its first invocation. */
export const handler = lazyHandler(() => createIngestHandler(deployedComposition().ingest()));
