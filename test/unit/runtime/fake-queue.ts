import type { Clock } from '../../../src/domain/clock.ts';
import { AppError } from '../../../src/domain/errors.ts';
import type {
  ConsumerMessage,
  ConsumerQueue,
  ConsumerReceiveOptions,
} from '../../../src/runtime/consumer-queue.ts';

interface Stored {
  readonly id: string;
  readonly body: string;
  receiveCount: number;
  handle: string | undefined;
  visibleAt: number;
}

/** How often a waiting receive looks again, in the fake's own (manual) time. */
const FAKE_POLL_MS = 100;

/**
 * An in-memory queue on a manual clock, with the SQS visibility model and a log of every call the consumer
 * makes. A receive waits, in clock time, for a message or for its signal; it never returns empty at once,
 * so a consumer cannot spin.
 */
export class FakeQueue implements ConsumerQueue {
  readonly name = 'fake';
  readonly log: string[] = [];
  /** Errors the next receives throw, one per call. */
  readonly receiveFailures: unknown[] = [];
  private readonly messages: Stored[] = [];
  private nextId = 1;
  private nextHandle = 1;
  private wake: () => void = () => undefined;

  constructor(private readonly clock: Clock) {}

  send(body: string): string {
    const id = `m${this.nextId++}`;
    this.messages.push({ id, body, receiveCount: 0, handle: undefined, visibleAt: this.clock.now() });
    this.wake();
    return id;
  }

  async receive(options: ConsumerReceiveOptions): Promise<ConsumerMessage[]> {
    this.log.push(`receive ${options.maxMessages}`);
    const failure = this.receiveFailures.shift();
    if (failure !== undefined) throw failure;
    const deadline = this.clock.now() + (options.waitSeconds ?? 0) * 1000;
    for (;;) {
      if (options.signal?.aborted) return [];
      const claimed = this.claim(options);
      if (claimed.length > 0 || this.clock.now() >= deadline) return claimed;
      const woken = new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      await Promise.race([woken, this.clock.sleep(FAKE_POLL_MS, options.signal)]);
    }
  }

  async delete(receiptHandle: string): Promise<void> {
    this.log.push(`delete ${this.idOf(receiptHandle)}`);
    this.messages.splice(this.messages.indexOf(this.holder(receiptHandle)), 1);
  }

  async changeVisibility(receiptHandle: string, seconds: number): Promise<void> {
    this.log.push(`visibility ${this.idOf(receiptHandle)} ${seconds}`);
    this.holder(receiptHandle).visibleAt = this.clock.now() + seconds * 1000;
    this.wake();
  }

  /** Every call of one kind, e.g. `entries('visibility')`. */
  entries(kind: string): string[] {
    return this.log.filter((line) => line.startsWith(`${kind} `));
  }

  /** Hands the message to someone else, as a receive after a missed heartbeat would. */
  steal(id: string): void {
    const stored = this.messages.find((message) => message.id === id);
    if (stored !== undefined) stored.handle = `stolen-${id}`;
  }

  size(): number {
    return this.messages.length;
  }

  private claim(options: ConsumerReceiveOptions): ConsumerMessage[] {
    const now = this.clock.now();
    const visible = this.messages.filter((message) => message.visibleAt <= now);
    return visible.slice(0, options.maxMessages).map((message) => {
      message.receiveCount += 1;
      message.handle = `h${this.nextHandle++}`;
      message.visibleAt = now + (options.visibilityTimeoutSeconds ?? 30) * 1000;
      return {
        id: message.id,
        body: message.body,
        receiveCount: message.receiveCount,
        receiptHandle: message.handle,
      };
    });
  }

  private holder(receiptHandle: string): Stored {
    const stored = this.messages.find((message) => message.handle === receiptHandle);
    if (stored === undefined) {
      throw new AppError('receipt_handle_stale', 'the receipt handle is stale', { retryable: false });
    }
    return stored;
  }

  protected bodyOf(receiptHandle: string): string {
    return this.holder(receiptHandle).body;
  }

  protected idOf(receiptHandle: string): string {
    return this.messages.find((message) => message.handle === receiptHandle)?.id ?? 'stale';
  }
}

/** The same fake with the SQLite queue's capability to move a message to its DLQ at once. */
export class FakeQueueWithDeadLetter extends FakeQueue {
  readonly deadLetters: Array<{ body: string; reason: string }> = [];

  async moveToDeadLetter(receiptHandle: string, reason: string): Promise<boolean> {
    this.log.push(`dead-letter ${this.idOf(receiptHandle)} ${reason}`);
    this.deadLetters.push({ body: this.bodyOf(receiptHandle), reason });
    await this.delete(receiptHandle);
    return true;
  }
}

/**
 * Lets pending promise callbacks and I/O callbacks run, many turns over, without letting any time pass:
 * the consumer's timers are on the manual clock, so this never fires one.
 */
export async function flush(turns = 20): Promise<void> {
  for (let turn = 0; turn < turns; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** Flushes until `condition` holds; fails after a bounded number of turns rather than waiting on time. */
export async function settleUntil(condition: () => boolean, what = 'condition'): Promise<void> {
  for (let round = 0; round < 200; round += 1) {
    if (condition()) return;
    await flush(5);
  }
  throw new Error(`${what} did not hold after 1,000 event-loop turns`);
}
