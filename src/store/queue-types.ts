/** The shapes the SQLite queue hands out and takes, as on SQS. */

export interface ReceivedMessage {
  /** Stable across redeliveries. */
  readonly id: string;
  readonly body: string;
  /** Deliveries so far, this one included. */
  readonly receiveCount: number;
  /** New on every receive; only the latest one deletes or extends the message. */
  readonly receiptHandle: string;
}

export interface SqliteReceiveOptions {
  /** 1 to 10, as on SQS. */
  readonly maxMessages: number;
  /** Long poll: keep looking up to this long for a first message; 0 (the default) returns at once. */
  readonly waitSeconds?: number;
  /** Overrides the queue's visibility timeout for the messages of this receive. */
  readonly visibilityTimeoutSeconds?: number;
  /** Ends a long poll early with no messages, e.g. on shutdown. */
  readonly signal?: AbortSignal;
}

export interface SendOptions {
  /** Keeps the message invisible this long after sending (at most 15 minutes). */
  readonly delaySeconds?: number;
}

export interface QueueStats {
  /** Receivable now. */
  readonly visible: number;
  /** Received and still within their visibility timeout. */
  readonly inFlight: number;
  /** Sent with a delay that has not passed yet. */
  readonly delayed: number;
}

export interface DeadLetter {
  readonly id: string;
  readonly body: string;
  readonly sentAt: number;
  readonly deadLetteredAt: number;
  /** Why a consumer gave up on it (`moveToDeadLetter`), or how many deliveries the redrive policy counted. */
  readonly reason: string | undefined;
}
