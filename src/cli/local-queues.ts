/** One message that kept failing and was set aside, as the `dlq` commands show it. */
export interface DeadLetterEntry {
  /** Stable across deliveries; log lines about the message carry it as `messageId`. */
  readonly id: string;
  /** The queue it came from (`intake`, `events`). */
  readonly queue: string;
  /** Epoch ms. */
  readonly sentAt: number;
  readonly deadLetteredAt: number;
  /** One line saying what the message was about, e.g. `file invoice.pdf (sha256 1a2b3c4d…)`. */
  readonly summary: string;
  /**
   * Why it was set aside, as the queue stored it: the error that stopped a message that could never
   * succeed, or how many times it was received. Undefined for dead letters of an older data dir.
   */
  readonly reason: string | undefined;
}

export interface LocalQueueAccess {
  /** Dead letters of `queue`, oldest first, at most `limit`. */
  deadLetters(queue: string, limit: number): Promise<DeadLetterEntry[]>;
  /** Moves `queue`'s dead letters back into it with a fresh receive count; returns how many moved. */
  redrive(queue: string): Promise<number>;
  close(): void;
}

/**
 * The worker's queues in a data dir. The pipeline knows their names and file; the composition root
 * (`bin/stevedore.ts`) passes this in, since `src/` never imports `pipeline/`.
 */
export interface LocalQueues {
  /** Every queue with a dead-letter queue, in pipeline order. */
  readonly names: readonly string[];
  /** Deliveries before a message is set aside. */
  readonly maxReceiveCount: number;
  /** Undefined when no worker has run on `dataDir` yet. */
  open(dataDir: string): LocalQueueAccess | undefined;
}
