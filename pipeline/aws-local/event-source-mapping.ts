import { setTimeout as sleep } from 'node:timers/promises';
import {
  DeleteMessageBatchCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { Logger } from '../../src/observability/logger.ts';
import { lambdaContext } from './lambda-context.ts';
import { LOCAL_REGION } from './local-stack.ts';

/** As the template's event source mappings: up to 10 records per invocation (SQS's largest receive). */
export const DEFAULT_BATCH_SIZE = 10;
/** As the template's `maximumBatchingWindow`: one long poll waits this long for a fuller batch. */
export const DEFAULT_BATCHING_WINDOW_SECONDS = 1;
/** A failing receive (the emulator stopping) is tried again after this pause, not in a hot loop. */
const RECEIVE_ERROR_PAUSE_MS = 500;

export type SqsFunction = (event: SQSEvent, context?: Context) => Promise<SQSBatchResponse | undefined>;

export interface EventSourceMappingOptions {
  readonly sqs: SQSClient;
  readonly queueUrl: string;
  readonly queueArn: string;
  /** The function's name in its Lambda context and the logs. */
  readonly functionName: string;
  readonly handler: SqsFunction;
  readonly logger: Logger;
  readonly batchSize?: number;
  readonly batchingWindowSeconds?: number;
  /** The function's timeout, which its context's `getRemainingTimeInMillis` counts down from. */
  readonly functionTimeoutMs?: number;
}

export interface EventSourceMapping {
  /** Stops polling; resolves once the invocation in flight (if any) has ended and its deletes are done. */
  stop(): Promise<void>;
  /** Polls again after a `stop` (a mapping disabled and enabled); nothing when it is polling. */
  start(): void;
  /** Invocations so far, for the logs and the benchmarks. */
  readonly invocations: () => number;
}

/** An SQS record as Lambda's poller builds it from a received message. */
export const recordOf = (message: Message, queueArn: string): SQSRecord => {
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? 'AIDALOCALSENDER',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: LOCAL_REGION,
  };
};

/**
 * Which received messages Lambda deletes after an invocation: all of them on success, none when the
 * function threw, and all but the reported `batchItemFailures` otherwise. A reported id that is not in
 * the batch makes Lambda treat the whole batch as failed, as here.
 */
export const succeededRecords = (
  records: readonly SQSRecord[],
  response: SQSBatchResponse | undefined,
): SQSRecord[] => {
  const failures = new Set((response?.batchItemFailures ?? []).map((item) => item.itemIdentifier));
  if ([...failures].some((id) => !records.some((record) => record.messageId === id))) return [];
  return records.filter((record) => !failures.has(record.messageId));
};

/**
 * Lambda's SQS event source mapping, emulated: one long-poll receive per poll (batch size and batching
 * window as the template's), one invocation per non-empty batch with real SQS records, then a delete of
 * the records that succeeded. Failed ones stay in the queue; their visibility (set by the handler's retry
 * rule, or the queue's timeout) brings them back, and the queue's redrive policy moves them to the DLQ.
 * One invocation at a time per mapping, which is the function at a reserved concurrency of one.
 */
export function startEventSourceMapping(options: EventSourceMappingOptions): EventSourceMapping {
  const { sqs, queueUrl, queueArn, handler, logger } = options;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const waitSeconds = options.batchingWindowSeconds ?? DEFAULT_BATCHING_WINDOW_SECONDS;
  let controller = new AbortController();
  let invocations = 0;

  const pollOnce = async (signal: AbortSignal): Promise<void> => {
    const output = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: batchSize,
        WaitTimeSeconds: waitSeconds,
        MessageSystemAttributeNames: ['All'],
      }),
      { abortSignal: signal },
    );
    const records = (output.Messages ?? []).map((message) => recordOf(message, queueArn));
    if (records.length === 0) return;
    invocations += 1;
    const context = lambdaContext(options.functionName, options.functionTimeoutMs);
    const response = await handler({ Records: records }, context).catch((error: unknown) => {
      logger.warn({ err: error, records: records.length }, 'invocation failed; the whole batch comes back');
      return 'failed' as const;
    });
    if (response === 'failed') return;
    const done = succeededRecords(records, response ?? undefined);
    if (done.length === 0) return;
    const deleted = await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: done.map((record, index) => ({ Id: String(index), ReceiptHandle: record.receiptHandle })),
      }),
    );
    if ((deleted.Failed ?? []).length > 0) {
      logger.warn({ failed: deleted.Failed }, 'some processed records were not deleted; they come back');
    }
  };

  const poll = async (signal: AbortSignal): Promise<void> => {
    while (!signal.aborted) {
      try {
        await pollOnce(signal);
      } catch (error) {
        if (signal.aborted) return;
        logger.warn({ err: error, queueUrl }, 'poll of the event source failed');
        await sleep(RECEIVE_ERROR_PAUSE_MS);
      }
    }
  };
  let loop: Promise<void> | undefined = poll(controller.signal);

  return {
    invocations: () => invocations,
    start: () => {
      if (loop !== undefined) return;
      controller = new AbortController();
      loop = poll(controller.signal);
    },
    stop: async () => {
      controller.abort();
      await loop;
      loop = undefined;
    },
  };
}
