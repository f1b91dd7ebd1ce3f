import { setTimeout as sleep } from 'node:timers/promises';
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { ValidationError } from '../../src/domain/errors.ts';
import type { Queue, QueueMessage, ReceiveOptions } from '../ports.ts';
import { SqsError } from './aws-errors.ts';
import {
  MessageRefusedError,
  planBatches,
  refusalOf,
  SQS_MAX_BATCH_ENTRIES,
  SQS_MAX_MESSAGE_BYTES,
  SqsBatchError,
} from './sqs-batches.ts';

/** SQS's longest long poll; a longer wait is several receives. */
const MAX_WAIT_SECONDS = 20;
/** SQS's longest delay, the 15 minutes `ports.ts` allows. */
const MAX_DELAY_SECONDS = 15 * 60;
/** SQS's longest visibility timeout: 12 hours. */
const MAX_VISIBILITY_SECONDS = 12 * 60 * 60;
/** Entries SQS failed on its side (not a sender fault) are sent again this many times before giving up. */
const BATCH_RETRIES = 3;
/** SendMessageBatch calls under way at once for one `sendBatch`: a chunk of mail sends 25 and more. */
const SEND_CALLS_IN_FLIGHT = 8;
/** First pause before resending failed entries, doubled each time: SQS's internal faults pass quickly. */
const BATCH_RETRY_BASE_MS = 100;

export interface SqsQueueOptions {
  readonly client: SQSClient;
  readonly queueUrl: string;
  /** For logs; the last segment of the URL when left out. */
  readonly name?: string;
  /** The queue's `MaximumMessageSize` (1 KiB to 1 MiB on SQS); 256 KiB when left out. */
  readonly maxMessageBytes?: number;
}

interface BatchEntryFailure {
  index: number;
  code: string;
  senderFault: boolean;
  message: string;
}

/**
 * The Queue port on an SQS standard queue. Delivery is at least once; a message that keeps failing moves
 * to the dead-letter queue through the queue's redrive policy after its `maxReceiveCount`. There is no
 * `moveToDeadLetter`: SQS has no such call, and sending a copy would give it a new id and receive count.
 */
export class SqsQueue implements Queue {
  readonly name: string;
  private readonly client: SQSClient;
  private readonly queueUrl: string;
  private readonly maxMessageBytes: number;

  constructor(options: SqsQueueOptions) {
    this.client = options.client;
    this.queueUrl = options.queueUrl;
    this.name = options.name ?? options.queueUrl.split('/').at(-1) ?? options.queueUrl;
    this.maxMessageBytes = options.maxMessageBytes ?? SQS_MAX_MESSAGE_BYTES;
  }

  async send(body: string, options: { delaySeconds?: number } = {}): Promise<string> {
    const reason = refusalOf(body, this.maxMessageBytes);
    if (reason !== undefined) throw new MessageRefusedError(this.queueUrl, 0, reason);
    const delaySeconds = checkRange('delaySeconds', options.delaySeconds ?? 0, MAX_DELAY_SECONDS);
    const output = await this.call('SendMessage', () =>
      this.client.send(
        new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: body, DelaySeconds: delaySeconds }),
      ),
    );
    return required(output.MessageId, 'MessageId');
  }

  /**
   * Sends every body, in calls of at most 10 entries and 256 KiB, and returns the ids in order. Entries SQS
   * failed on its side are sent again; if some still fail, `SqsBatchError` names them, and the others are
   * sent: resending all is safe, since every consumer of these queues is idempotent by message content.
   */
  async sendBatch(bodies: readonly string[], options: { delaySeconds?: number } = {}): Promise<string[]> {
    bodies.forEach((body, index) => {
      const reason = refusalOf(body, this.maxMessageBytes);
      if (reason !== undefined) throw new MessageRefusedError(this.queueUrl, index, reason);
    });
    const delaySeconds = checkRange('delaySeconds', options.delaySeconds ?? 0, MAX_DELAY_SECONDS);
    const ids: string[] = new Array<string>(bodies.length);
    const failures: BatchEntryFailure[] = [];
    const sendOne = (batch: readonly number[]) =>
      this.withRetries(batch, async (indexes) => {
        const output = await this.call('SendMessageBatch', () =>
          this.client.send(
            new SendMessageBatchCommand({
              QueueUrl: this.queueUrl,
              Entries: indexes.map((index) => ({
                Id: String(index),
                MessageBody: bodies[index],
                DelaySeconds: delaySeconds,
              })),
            }),
          ),
        );
        for (const entry of output.Successful ?? []) {
          ids[Number(entry.Id)] = required(entry.MessageId, 'MessageId');
        }
        return output.Failed ?? [];
      });
    // Calls side by side, a few at a time: each is a round trip, and a chunk of mail has hundreds of messages.
    const batches = planBatches(bodies, this.maxMessageBytes);
    for (let start = 0; start < batches.length; start += SEND_CALLS_IN_FLIGHT) {
      const results = await Promise.all(batches.slice(start, start + SEND_CALLS_IN_FLIGHT).map(sendOne));
      for (const failed of results) failures.push(...failed);
    }
    if (failures.length > 0) throw new SqsBatchError('SendMessageBatch', this.queueUrl, failures);
    return ids;
  }

  /**
   * One ReceiveMessage call: up to 10 messages, a long poll of up to 20 s. An aborted `signal` ends the
   * poll at once with nothing; messages SQS handed out in that instant come back after their visibility
   * timeout, as any undeleted message does.
   */
  async receive(options: ReceiveOptions): Promise<QueueMessage[]> {
    const { signal } = options;
    if (signal?.aborted === true) return [];
    const command = new ReceiveMessageCommand({
      QueueUrl: this.queueUrl,
      MaxNumberOfMessages: Math.min(
        checkRange('maxMessages', options.maxMessages, Infinity, 1),
        SQS_MAX_BATCH_ENTRIES,
      ),
      WaitTimeSeconds: Math.min(
        checkRange('waitSeconds', options.waitSeconds ?? 0, Infinity),
        MAX_WAIT_SECONDS,
      ),
      VisibilityTimeout:
        options.visibilityTimeoutSeconds === undefined
          ? undefined
          : checkRange('visibilityTimeoutSeconds', options.visibilityTimeoutSeconds, MAX_VISIBILITY_SECONDS),
      MessageSystemAttributeNames: ['ApproximateReceiveCount'],
    });
    try {
      const output = await this.client.send(command, { abortSignal: signal });
      return (output.Messages ?? []).map((message) => ({
        id: required(message.MessageId, 'MessageId'),
        body: message.Body ?? '',
        receiveCount: Number(
          required(message.Attributes?.ApproximateReceiveCount, 'ApproximateReceiveCount'),
        ),
        receiptHandle: required(message.ReceiptHandle, 'ReceiptHandle'),
      }));
    } catch (error) {
      // Narrowed to false above, but the signal may have fired during the await.
      if ((signal as AbortSignal | undefined)?.aborted === true) return [];
      throw new SqsError('ReceiveMessage', this.queueUrl, error);
    }
  }

  async delete(receiptHandle: string): Promise<void> {
    await this.call('DeleteMessage', () =>
      this.client.send(new DeleteMessageCommand({ QueueUrl: this.queueUrl, ReceiptHandle: receiptHandle })),
    );
  }

  /** Deletes many messages in calls of 10; entries that still fail after the retries are named in the error. */
  async deleteBatch(receiptHandles: readonly string[]): Promise<void> {
    const failures: BatchEntryFailure[] = [];
    for (let start = 0; start < receiptHandles.length; start += SQS_MAX_BATCH_ENTRIES) {
      const batch = receiptHandles.slice(start, start + SQS_MAX_BATCH_ENTRIES).map((_, n) => start + n);
      const failed = await this.withRetries(batch, async (indexes) => {
        const output = await this.call('DeleteMessageBatch', () =>
          this.client.send(
            new DeleteMessageBatchCommand({
              QueueUrl: this.queueUrl,
              Entries: indexes.map((index) => ({ Id: String(index), ReceiptHandle: receiptHandles[index] })),
            }),
          ),
        );
        return output.Failed ?? [];
      });
      failures.push(...failed);
    }
    if (failures.length > 0) throw new SqsBatchError('DeleteMessageBatch', this.queueUrl, failures);
  }

  async changeVisibility(receiptHandle: string, visibilityTimeoutSeconds: number): Promise<void> {
    const seconds = checkRange('visibilityTimeoutSeconds', visibilityTimeoutSeconds, MAX_VISIBILITY_SECONDS);
    await this.call('ChangeMessageVisibility', () =>
      this.client.send(
        new ChangeMessageVisibilityCommand({
          QueueUrl: this.queueUrl,
          ReceiptHandle: receiptHandle,
          VisibilityTimeout: seconds,
        }),
      ),
    );
  }

  /**
   * Runs a batch call on `indexes`, then again on the entries SQS failed on its side, up to the retry
   * limit. Returns the entries that failed for good; a sender fault is never retried.
   */
  private async withRetries(
    indexes: readonly number[],
    attempt: (
      indexes: readonly number[],
    ) => Promise<readonly { Id?: string; Code?: string; SenderFault?: boolean; Message?: string }[]>,
  ): Promise<BatchEntryFailure[]> {
    let pending = indexes;
    const permanent: BatchEntryFailure[] = [];
    for (let retry = 0; ; retry += 1) {
      const failed = (await attempt(pending)).map((entry) => ({
        index: Number(entry.Id),
        code: entry.Code ?? 'Unknown',
        senderFault: entry.SenderFault === true,
        message: entry.Message ?? '',
      }));
      permanent.push(...failed.filter((failure) => failure.senderFault));
      const transient = failed.filter((failure) => !failure.senderFault);
      if (transient.length === 0 || retry === BATCH_RETRIES) return [...permanent, ...transient];
      await sleep(BATCH_RETRY_BASE_MS * 2 ** retry);
      pending = transient.map((failure) => failure.index);
    }
  }

  private async call<T>(action: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new SqsError(action, this.queueUrl, error);
    }
  }
}

const checkRange = (name: string, value: number, max: number, min = 0): number => {
  if (!Number.isInteger(value) && value !== Infinity) {
    throw new ValidationError(`${name} must be a whole number, got ${value}`, { [name]: value });
  }
  if (value < min || value > max) {
    throw new ValidationError(`${name} must be ${min} to ${max}, got ${value}`, { [name]: value });
  }
  return value;
};

/** SQS always sends these; a missing one means a broken response, not a state to handle. */
const required = <T>(value: T | undefined, field: string): T => {
  if (value === undefined) throw new Error(`SQS response without ${field}`);
  return value;
};
