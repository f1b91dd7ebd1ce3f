import { AppError } from '../../src/domain/errors.ts';

/** SQS takes at most 10 entries per SendMessageBatch, DeleteMessageBatch or ReceiveMessage. */
export const SQS_MAX_BATCH_ENTRIES = 10;
/**
 * The message size we allow: 256 KiB, the `MaximumMessageSize` of every queue created before SQS raised
 * the ceiling to 1 MiB in 2025, and still the limit of many. Messages carry blob keys (claim checks), so a
 * message anywhere near this is a bug, not a big document. A batch's total counts against the same limit.
 */
export const SQS_MAX_MESSAGE_BYTES = 256 * 1024;
/** SQS refuses characters outside these ranges (lone surrogates, most control characters). */
const INVALID_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** A message SQS would refuse: never retried, the body itself must change. */
export class MessageRefusedError extends AppError {
  constructor(queueUrl: string, index: number, reason: string) {
    super('message_refused', `message ${index} for ${queueUrl} refused: ${reason}`, {
      details: { queueUrl, index, reason },
    });
  }
}

/** Why SQS would refuse `body`, or undefined when it fits. */
export function refusalOf(body: string, maxBytes: number): string | undefined {
  const bytes = Buffer.byteLength(body, 'utf8');
  if (bytes > maxBytes) {
    return (
      `the body is ${bytes} bytes, over the ${maxBytes}-byte limit of a queue message; ` +
      'put the bytes in the blob store and send their key (claim check)'
    );
  }
  if (INVALID_CHARACTER.test(body)) return 'the body has a character SQS does not accept (a lone surrogate?)';
  return undefined;
}

/**
 * Splits bodies (by index) into SQS batches: at most 10 entries and `maxBytes` in total each, in order.
 * Every body must already fit on its own.
 */
export function planBatches(bodies: readonly string[], maxBytes: number): number[][] {
  const batches: number[][] = [];
  let current: number[] = [];
  let currentBytes = 0;
  bodies.forEach((body, index) => {
    const bytes = Buffer.byteLength(body, 'utf8');
    if (current.length === SQS_MAX_BATCH_ENTRIES || (current.length > 0 && currentBytes + bytes > maxBytes)) {
      batches.push(current);
      current = [];
      currentBytes = 0;
    }
    current.push(index);
    currentBytes += bytes;
  });
  if (current.length > 0) batches.push(current);
  return batches;
}

/** Entries of a batch call SQS failed, after the retries; the others went through. */
export class SqsBatchError extends AppError {
  constructor(
    action: string,
    queueUrl: string,
    failures: readonly { index: number; code: string; senderFault: boolean; message: string }[],
  ) {
    const first = failures[0];
    super(
      'sqs_batch_failed',
      `SQS ${action} on ${queueUrl}: ${failures.length} entries failed` +
        (first === undefined ? '' : `, first ${first.index}: ${first.code} ${first.message}`),
      {
        // A sender fault (a malformed entry) fails the same way again; SQS's own faults pass later.
        retryable: failures.every((failure) => !failure.senderFault),
        details: { queueUrl, action, failures },
      },
    );
  }
}
