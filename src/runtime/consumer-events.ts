import type { ConsumerMessage } from './consumer-queue.ts';
import type { RetryDecision } from './retry-rule.ts';

export interface ConsumerStats {
  readonly received: number;
  readonly succeeded: number;
  readonly failed: number;
  /** Handlers that said "not ready yet" (`NotReadyError`): an expected wait, not a failure. */
  readonly waiting: number;
  /** Failed messages the retry rule stopped (moved to the dead-letter queue, or left for its redrive). */
  readonly stopped: number;
  /** Given back to the queue unfinished on shutdown. */
  readonly handedBack: number;
  readonly inFlight: number;
}

/** What a consumer reports as it runs; listeners see it in order, and a throwing listener is ignored. */
export interface ConsumerEvents {
  readonly message_received: { readonly message: ConsumerMessage };
  readonly message_processed: { readonly message: ConsumerMessage };
  readonly message_failed: {
    readonly message: ConsumerMessage;
    readonly error: unknown;
    readonly decision: RetryDecision;
  };
  /** The handler said "not ready yet"; the message comes back after `delaySeconds`. Not a failure. */
  readonly message_waiting: { readonly message: ConsumerMessage; readonly delaySeconds: number };
  /** `moved` is false when the queue cannot move it: the redrive policy takes it after maxReceiveCount. */
  readonly message_dead_lettered: {
    readonly message: ConsumerMessage;
    readonly reason: string;
    readonly moved: boolean;
  };
  readonly message_handed_back: { readonly message: ConsumerMessage };
  readonly receive_error: { readonly error: unknown };
  /** A delete, visibility change or move failed; the message comes back after its timeout instead. */
  readonly queue_error: { readonly message: ConsumerMessage; readonly error: unknown; readonly call: string };
  readonly stopped: ConsumerStats;
}

export type ConsumerEventName = keyof ConsumerEvents;
type Listener<K extends ConsumerEventName> = (payload: ConsumerEvents[K]) => void;

/** A tiny typed emitter: no string typos, no `any` payloads, and a listener cannot break the consumer. */
export class ConsumerEmitter {
  private readonly listeners = new Map<ConsumerEventName, Set<(payload: never) => void>>();

  /** Returns the function that removes the listener. */
  on<K extends ConsumerEventName>(event: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(event);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  emit<K extends ConsumerEventName>(event: K, payload: ConsumerEvents[K]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      try {
        // Stored under its own event's key by `on`, so the payload matches.
        (listener as Listener<K>)(payload);
      } catch {
        // Observers only observe: their bugs must not fail a message.
      }
    }
  }
}
