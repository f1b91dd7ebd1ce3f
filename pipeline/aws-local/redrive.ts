import {
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';

/** SQS's largest receive and batch. */
const BATCH = 10;

/**
 * Moves every message of a dead-letter queue back to its source queue, as SQS's `StartMessageMoveTask`
 * does (fauxqs does not have it): each comes back with a fresh receive count. A message is deleted from
 * the DLQ only once its copy is sent, so a crash in between duplicates it, never loses it; the stages are
 * idempotent. Resolves with the number moved.
 */
export async function redriveDeadLetters(sqs: SQSClient, dlqUrl: string, sourceUrl: string): Promise<number> {
  let moved = 0;
  for (;;) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: dlqUrl, MaxNumberOfMessages: BATCH, WaitTimeSeconds: 0 }),
    );
    if (Messages.length === 0) return moved;
    const sent = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: sourceUrl,
        Entries: Messages.map((message, index) => ({ Id: String(index), MessageBody: message.Body ?? '' })),
      }),
    );
    const done = new Set((sent.Successful ?? []).map((entry) => Number(entry.Id)));
    const entries = Messages.flatMap((message, index) =>
      done.has(index) ? [{ Id: String(index), ReceiptHandle: message.ReceiptHandle ?? '' }] : [],
    );
    if (entries.length > 0)
      await sqs.send(new DeleteMessageBatchCommand({ QueueUrl: dlqUrl, Entries: entries }));
    moved += entries.length;
    // Entries that failed to send stay hidden in the DLQ until their visibility ends; stop rather than spin.
    if (entries.length < Messages.length) return moved;
  }
}
