import type { QueueStats } from '../../src/store/queue-types.ts';
import type { SqliteQueue } from '../../src/store/sqlite-queue.ts';
import type { Queue, QueueMessage, ReceiveOptions } from '../ports.ts';

/**
 * The Queue port on the embedded SQLite queue (`stevedore up`). Adds what the port leaves out and the
 * local run wants: an abortable long poll and `stats()` for the status display.
 */
export class EmbeddedQueue implements Queue {
  readonly name: string;

  constructor(private readonly queue: SqliteQueue) {
    this.name = queue.name;
  }

  send(body: string, options?: { delaySeconds?: number }): Promise<string> {
    return this.queue.send(body, options);
  }

  /** All bodies in one transaction: a source that takes a batch of files pays for one commit. */
  sendBatch(bodies: readonly string[]): Promise<string[]> {
    return this.queue.sendBatch(bodies);
  }

  receive(options: ReceiveOptions): Promise<QueueMessage[]> {
    return this.queue.receive(options);
  }

  /** The deletes and the claim in one transaction: one commit where the consumer would make two. */
  deleteAndReceive(
    receiptHandles: readonly string[],
    options: ReceiveOptions,
  ): Promise<{ messages: QueueMessage[]; stale: string[] }> {
    return this.queue.deleteAndReceive(receiptHandles, options);
  }

  delete(receiptHandle: string): Promise<void> {
    return this.queue.delete(receiptHandle);
  }

  changeVisibility(receiptHandle: string, visibilityTimeoutSeconds: number): Promise<void> {
    return this.queue.changeVisibility(receiptHandle, visibilityTimeoutSeconds);
  }

  /** What the consumer uses when its retry rule stops: the embedded queue moves the message at once. */
  moveToDeadLetter(receiptHandle: string, reason: string): Promise<boolean> {
    return this.queue.moveToDeadLetter(receiptHandle, reason);
  }

  stats(): Promise<QueueStats> {
    return this.queue.stats();
  }
}
