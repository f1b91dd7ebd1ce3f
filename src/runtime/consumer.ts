import { MAX_RECEIVE_MESSAGES } from '../store/queue-options.ts';
import { ReceiptHandleStaleError } from '../store/store-errors.ts';
import { ConsumerStoppingError } from './consumer-errors.ts';
import { ConsumerEmitter, type ConsumerEvents, type ConsumerStats } from './consumer-events.ts';
import { type ConsumerOptions, resolveConsumerOptions } from './consumer-options.ts';
import type { ConsumerMessage, ConsumerReceiveOptions } from './consumer-queue.ts';
import { call, settle } from './consumer-settle.ts';
import { InFlight } from './in-flight.ts';
import { aborted, signalling } from './signals.ts';

/**
 * Handlers that ignore the abort on shutdown get this long to release what they hold (a claimed
 * notification, say) before `stop()` returns; the owner usually closes the database right after.
 */
export const ABORTED_HANDLER_GRACE_MS = 1_000;

export interface Consumer {
  /** Typed events; returns the function that removes the listener. */
  on<K extends keyof ConsumerEvents>(event: K, listener: (payload: ConsumerEvents[K]) => void): () => void;
  /**
   * Stops receiving, waits up to `drainMs` for running handlers, then hands the unfinished messages back
   * (visible at once, for the next consumer) and aborts their handlers. Safe to call more than once.
   */
  stop(options?: { drainMs?: number }): Promise<ConsumerStats>;
  stats(): ConsumerStats;
  /** Resolves once no handler is running. */
  onIdle(): Promise<void>;
}

/**
 * The one queue consumer of the project. Long-polls `queue` and runs up to `concurrency` handlers at once;
 * while one runs its message's visibility is renewed (heartbeat). A handler that resolves has its message
 * deleted; one that throws has it hidden for the retry rule's delay, or, when the rule says stop, moved to
 * the dead-letter queue with the reason (left for the redrive policy on queues that cannot move it).
 */
export function startConsumer(input: ConsumerOptions): Consumer {
  const options = resolveConsumerOptions(input);
  const { queue, logger, concurrency, clock } = options;
  const events = new ConsumerEmitter();
  const running = new Map<InFlight, Promise<void>>();
  const pollAbort = new AbortController();
  const pollStopped = aborted(pollAbort.signal);
  const counts = { received: 0, succeeded: 0, failed: 0, waiting: 0, stopped: 0, handedBack: 0 };
  let changed = signalling();
  let stopping: Promise<ConsumerStats> | undefined;
  // Messages whose handler succeeded, deleted with the next receive in one commit (`deleteAndReceive`).
  const finished: ConsumerMessage[] = [];
  // True while the poll loop waits in a receive: a message finishing then is deleted on its own, or it
  // would wait out the whole long poll.
  let receiving = false;
  const deleteAndReceive = queue.deleteAndReceive?.bind(queue);
  // Claimed ahead of a free slot (`prefetch`), oldest first, with when they were claimed.
  const prefetched: Array<{ message: ConsumerMessage; claimedAt: number }> = [];

  const stats = (): ConsumerStats => ({
    ...counts,
    inFlight: [...running.keys()].filter((entry) => !entry.handedBack).length,
  });

  const handBack = async (message: ConsumerMessage): Promise<void> => {
    counts.handedBack += 1;
    events.emit('message_handed_back', { message });
    await call(options, events, message, 'changeVisibility', () =>
      queue.changeVisibility(message.receiptHandle, 0),
    );
  };

  /** Whether a succeeded message waits for the next receive to be deleted with it. */
  const deferDelete = (message: ConsumerMessage): boolean => {
    if (deleteAndReceive === undefined || receiving || pollAbort.signal.aborted) return false;
    finished.push(message);
    return true;
  };

  const acknowledged = (messages: readonly ConsumerMessage[], stale: readonly string[]): void => {
    for (const message of messages) {
      if (stale.includes(message.receiptHandle)) {
        const error = new ReceiptHandleStaleError(queue.name, 'delete');
        events.emit('queue_error', { message, error, call: 'delete' });
        logger.warn({ err: error, messageId: message.id, call: 'delete' }, 'queue call failed');
      } else {
        events.emit('message_processed', { message });
      }
    }
    if (messages.length > 0) changed = changed.fire();
  };

  /** Deletes the waiting finished messages one call each (on stop, or when the combined call failed). */
  const deleteFinished = async (messages: readonly ConsumerMessage[]): Promise<void> => {
    await Promise.all(
      messages.map(async (message) => {
        await call(options, events, message, 'delete', () => queue.delete(message.receiptHandle));
        events.emit('message_processed', { message });
      }),
    );
    if (messages.length > 0) changed = changed.fire();
  };

  const receiveNext = async (receiveOptions: ConsumerReceiveOptions): Promise<ConsumerMessage[]> => {
    const acks = finished.splice(0);
    if (acks.length === 0 || deleteAndReceive === undefined) return queue.receive(receiveOptions);
    let answer: { messages: ConsumerMessage[]; stale: string[] };
    try {
      answer = await deleteAndReceive(
        acks.map((message) => message.receiptHandle),
        receiveOptions,
      );
    } catch (error) {
      // The deletes rolled back with the claim: they are made one by one, and the receive error reported.
      await deleteFinished(acks);
      throw error;
    }
    acknowledged(acks, answer.stale);
    return answer.messages;
  };

  const run = (message: ConsumerMessage): void => {
    const entry = new InFlight(message, options, events);
    const task = settle(options, events, entry, counts, deferDelete).finally(() => {
      entry.stopTimers();
      running.delete(entry);
      changed = changed.fire();
    });
    running.set(entry, task);
  };

  const poll = async (): Promise<void> => {
    while (!pollAbort.signal.aborted) {
      if (running.size >= concurrency) {
        await Promise.race([changed.promise, pollStopped]);
        continue;
      }
      const next = prefetched.shift();
      if (next !== undefined) {
        if (await stillOurs(next)) run(next.message);
        continue;
      }
      let messages: ConsumerMessage[];
      try {
        receiving = true;
        messages = await receiveNext({
          maxMessages: Math.min(MAX_RECEIVE_MESSAGES, concurrency - running.size + options.prefetch),
          waitSeconds: options.waitSeconds,
          visibilityTimeoutSeconds: options.visibilityTimeoutSeconds,
          signal: pollAbort.signal,
        });
      } catch (error) {
        receiving = false;
        if (pollAbort.signal.aborted) return;
        events.emit('receive_error', { error });
        logger.error({ err: error, queue: queue.name }, 'receive failed; trying again shortly');
        await clock.sleep(options.receiveErrorPauseMs, pollAbort.signal);
        continue;
      }
      receiving = false;
      counts.received += messages.length;
      for (const message of messages) {
        events.emit('message_received', { message });
        // A receive that could not be aborted may return after stop(): give those straight back.
        if (pollAbort.signal.aborted) await handBack(message);
        else if (running.size < concurrency) run(message);
        else prefetched.push({ message, claimedAt: clock.now() });
      }
    }
  };

  /**
   * A prefetched message waited while its visibility timeout ran, with no heartbeat: past one heartbeat
   * period it is renewed before it starts. False when that failed (it may be someone else's by now).
   */
  const stillOurs = async ({ message, claimedAt }: { message: ConsumerMessage; claimedAt: number }) => {
    if (clock.now() - claimedAt < options.heartbeatSeconds * 1000) return true;
    try {
      await queue.changeVisibility(message.receiptHandle, options.visibilityTimeoutSeconds);
      return true;
    } catch (error) {
      events.emit('queue_error', { message, error, call: 'changeVisibility' });
      logger.warn({ err: error, messageId: message.id }, 'a prefetched message was lost before it started');
      return false;
    }
  };

  const polling = poll();

  const onIdle = async (): Promise<void> => {
    while (running.size > 0 || finished.length > 0) await changed.promise;
  };

  const stop = (stopOptions: { drainMs?: number } = {}): Promise<ConsumerStats> => {
    stopping ??= (async () => {
      const { drainMs = options.drainMs } = stopOptions;
      pollAbort.abort();
      // No receive follows now: what waited for one is deleted on its own. Not awaited before the drain
      // timer starts, so the timer starts within this call (tests advance a manual clock right after it).
      const deletingFinished = deleteFinished(finished.splice(0));
      const drainTimer = new AbortController();
      await Promise.race([onIdle(), clock.sleep(drainMs, drainTimer.signal)]);
      drainTimer.abort();
      await deletingFinished;
      const left = [...running.entries()];
      await Promise.all(
        left.map(async ([entry]) => {
          entry.handedBack = true;
          entry.stopTimers();
          entry.controller.abort(new ConsumerStoppingError());
          await handBack(entry.message);
        }),
      );
      await polling;
      // Prefetched messages never started: the next consumer gets them at once.
      await Promise.all(prefetched.splice(0).map(({ message }) => handBack(message)));
      const graceTimer = new AbortController();
      await Promise.race([
        Promise.allSettled(left.map(([, task]) => task)),
        clock.sleep(ABORTED_HANDLER_GRACE_MS, graceTimer.signal),
      ]);
      graceTimer.abort();
      const final = stats();
      events.emit('stopped', final);
      logger.info({ queue: queue.name, ...final }, 'queue consumer stopped');
      return final;
    })();
    return stopping;
  };

  if (options.signal?.aborted) void stop();
  else options.signal?.addEventListener('abort', () => void stop(), { once: true });
  return { on: (event, listener) => events.on(event, listener), stop, stats, onIdle };
}
