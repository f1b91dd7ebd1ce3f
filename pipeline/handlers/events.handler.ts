import type { Config } from '../../src/config/settings.ts';
import { parseMessage, type QueueMessageBody } from '../messages.ts';
import type { Ledger, Queue } from '../ports.ts';
import type { ResultSink } from '../sinks/result-sink.ts';
import { handleEventsBody } from '../stages/events.ts';
import { reextractBackoff } from '../stages/events-backoff.ts';
import { type DocumentClient, type EventsDeps, trackingPortOf } from '../stages/events-deps.ts';
import { deployedComposition, lazyHandler } from './aws-composition.ts';
import type { HandlerKit, SourceQueue, SqsHandlerTuning } from './handler-kit.ts';
import { stageLoggerOn, stageMetricsOn } from './lambda-kit.ts';
import { createSqsStageHandler } from './sqs-stage-handler.ts';

export type EventsStageConfig = Pick<Config, 'maxReextracts' | 'reextractBackoffSeconds' | 'trackContainers'>;

export interface EventsHandlerDeps extends HandlerKit, SqsHandlerTuning {
  /** The service client, built with the API key read at run time; cached by the caller. */
  readonly client: () => Promise<DocumentClient>;
  readonly ledger: Ledger;
  readonly sink: ResultSink;
  /** The events queue: the records come from it, and re-extractions wait out their backoff on it. */
  readonly eventsQueue: SourceQueue & Pick<Queue, 'send'>;
  readonly config: EventsStageConfig;
}

/** What the events stage needs besides its client, in the events and the reconcile functions. */
export interface EventsStagePorts extends HandlerKit {
  readonly ledger: Ledger;
  readonly sink: ResultSink;
  readonly eventsQueue: Pick<Queue, 'send'>;
  readonly config: EventsStageConfig;
}

/** The document a message is about: the correlation id of its log lines, as ingest's lines carry it. */
const correlationIdOf = (body: QueueMessageBody): string =>
  body.kind === 'intake' ? body.correlationId : body.documentId;

/**
 * The stages' dependencies for one client; shared with the reconcile function, which acts through the
 * same outcome rules.
 */
export const eventsDepsFor = (deps: EventsStagePorts, client: DocumentClient): EventsDeps => ({
  client,
  ledger: deps.ledger,
  sink: deps.sink,
  queue: deps.eventsQueue,
  clock: deps.clock,
  logger: stageLoggerOn(deps.logger, deps.logLevel),
  metrics: stageMetricsOn(deps.metrics),
  maxReextracts: deps.config.maxReextracts,
  backoff: reextractBackoff(deps.config.reextractBackoffSeconds),
  tracking: trackingPortOf(client, deps.config.trackContainers),
});

/**
 * The events function: each record (a verified webhook, a re-extraction, a new origin) runs the same
 * `handleEventsBody` as the local worker, with the document id as correlation id.
 */
export const createEventsHandler = (deps: EventsHandlerDeps) => {
  const stageLogger = stageLoggerOn(deps.logger, deps.logLevel);
  return createSqsStageHandler(deps, {
    queue: deps.eventsQueue,
    stageLogger,
    parse: parseMessage,
    correlationIdOf,
    handle: async (body, record) => {
      const stageDeps = eventsDepsFor(deps, await deps.client());
      await handleEventsBody(
        body,
        { receiveCount: record.receiveCount },
        { ...stageDeps, logger: stageDeps.logger.child({ messageId: record.messageId }) },
      );
    },
  });
};

/** The deployed function (`pipeline/handlers/events.handler.handler`), built on its first invocation. */
export const handler = lazyHandler(() => createEventsHandler(deployedComposition().events()));
