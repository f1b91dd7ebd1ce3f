import type { BlobStore, Ledger, Queue } from '../ports.ts';
import { handleIntake, type IngestClient, parseIntake } from '../stages/ingest.ts';
import { deployedComposition, lazyHandler } from './aws-composition.ts';
import type { HandlerKit, SourceQueue, SqsHandlerTuning } from './handler-kit.ts';
import { stageLoggerOn, stageMetricsOn } from './lambda-kit.ts';
import { createSqsStageHandler } from './sqs-stage-handler.ts';

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
  const stageLogger = stageLoggerOn(deps.logger, deps.logLevel);
  const stageMetrics = stageMetricsOn(deps.metrics);
  return createSqsStageHandler(deps, {
    queue: deps.intakeQueue,
    stageLogger,
    parse: parseIntake,
    correlationIdOf: (message) => message.correlationId,
    handle: async (message, record) => {
      await handleIntake(message, {
        client: await deps.client(),
        ledger: deps.ledger,
        blobs: deps.blobs,
        clock: deps.clock,
        logger: stageLogger.child({ messageId: record.messageId }),
        originEvents: deps.eventsQueue,
        metrics: stageMetrics,
      });
    },
  });
};

/** The deployed function (`pipeline/handlers/ingest.handler.handler`), built on its first invocation. */
export const handler = lazyHandler(() => createIngestHandler(deployedComposition().ingest()));
