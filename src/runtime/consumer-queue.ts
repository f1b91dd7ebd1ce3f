/**
 * The queue as the consumer runtime sees it: the receive, delete and visibility calls of SQS, the shape of
 * `Queue` in `pipeline/ports.ts` (declared here because `src/` never imports `pipeline/`). The SQLite queue
 * and the pipeline's queue adapters all fit it.
 */
export interface ConsumerMessage {
  /** Stable across redeliveries. */
  readonly id: string;
  readonly body: string;
  /** Deliveries so far, this one included (1 on the first). */
  readonly receiveCount: number;
  /** New on every receive; only the latest one deletes or extends the message. */
  readonly receiptHandle: string;
}

export interface ConsumerReceiveOptions {
  readonly maxMessages: number;
  /** Long poll: wait up to this long for a first message. */
  readonly waitSeconds?: number;
  readonly visibilityTimeoutSeconds?: number;
  /** Ends a long poll early (shutdown). */
  readonly signal?: AbortSignal;
}

export interface ConsumerQueue {
  readonly name: string;
  receive(options: ConsumerReceiveOptions): Promise<ConsumerMessage[]>;
  delete(receiptHandle: string): Promise<void>;
  changeVisibility(receiptHandle: string, visibilityTimeoutSeconds: number): Promise<void>;
  /**
   * Moves the message to the dead-letter queue at once, with the reason it will never succeed. Optional:
   * SQS has no such call, so there a message that stops is left for the queue's redrive policy. Resolves
   * false when the queue has no dead-letter queue.
   */
  moveToDeadLetter?(receiptHandle: string, reason: string): Promise<boolean>;
  /**
   * Deletes the messages of `receiptHandles`, durably, and receives like `receive`. Optional: where the
   * queue is a local database, the deletes and the claim of the next messages share one commit, which
   * halves the commits a consumer makes per message. Handles that were no longer the latest come back in
   * `stale`; the others are deleted regardless.
   */
  deleteAndReceive?(
    receiptHandles: readonly string[],
    options: ConsumerReceiveOptions,
  ): Promise<{ messages: ConsumerMessage[]; stale: string[] }>;
}
