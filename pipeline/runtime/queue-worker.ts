import { setTimeout as delay } from 'node:timers/promises';
import PQueue from 'p-queue';
import { AppError, isAppError } from '../../src/domain/errors.ts';
import type { QueueMessage, ReceiveOptions } from '../ports.ts';
import {
  MAX_RECEIVE_BATCH,
  type QueueWorkerOptions,
  type ResolvedWorkerOptions,
  resolveWorkerOptions,
} from './queue-worker-options.ts';

export interface WorkerStats {
  readonly received: number;
  readonly succeeded: number;
  readonly failed: number;
  /** Given back to the queue unfinished on shutdown. */
  readonly handedBack: number;
  readonly inFlight: number;
}

export interface QueueWorker {
  /**
   * Stops receiving, waits up to `drainMs` for running handlers, then hands the unfinished messages back
   * (visible at once, for the next worker) and aborts their handlers. Safe to call more than once.
   */
  stop(options?: { drainMs?: number }): Promise<WorkerStats>;
  stats(): WorkerStats;
}

/** The message was handed back on shutdown; the handler should stop. */
export class WorkerStoppingError extends AppError {
  constructor() {
    super('worker_stopping', 'the worker is stopping; the message was handed back to the queue', {
      retryable: true,
    });
  }
}

export class HandlerTimeoutError extends AppError {
  constructor(seconds: number) {
    super('handler_timeout', `the handler ran longer than ${seconds} s`, { retryable: true });
  }
}

interface Running {
  readonly message: QueueMessage;
  readonly controller: AbortController;
  readonly heartbeat: NodeJS.Timeout;
  readonly timeout: NodeJS.Timeout;
  handedBack: boolean;
}

/**
 * Long-polls `queue` and runs up to `concurrency` handlers at once. While a handler runs, its message's
 * visibility is renewed (heartbeat); on success the message is deleted; on failure it is left for another
 * delivery after a backoff, and the queue's maxReceiveCount moves a poison message to the dead-letter queue.
 */
export function startQueueWorker(input: QueueWorkerOptions): QueueWorker {
  const options = resolveWorkerOptions(input);
  const { queue, logger, concurrency } = options;
  const pool = new PQueue({ concurrency });
  const running = new Map<string, Running>();
  const pollAbort = new AbortController();
  const counts = { received: 0, succeeded: 0, failed: 0, handedBack: 0 };
  let stopping: Promise<WorkerStats> | undefined;

  const stats = (): WorkerStats => ({
    ...counts,
    inFlight: [...running.values()].filter((entry) => !entry.handedBack).length,
  });

  const handBack = async (message: QueueMessage): Promise<void> => {
    counts.handedBack += 1;
    try {
      await queue.changeVisibility(message.receiptHandle, 0);
    } catch (error) {
      // It will still come back when its visibility timeout runs out.
      logger.warn({ err: error, messageId: message.id }, 'could not hand a message back');
    }
  };

  const run = (message: QueueMessage): void => {
    const controller = new AbortController();
    const entry: Running = {
      message,
      controller,
      heartbeat: startHeartbeat(options, message, controller),
      timeout: setTimeout(() => {
        clearInterval(entry.heartbeat);
        controller.abort(new HandlerTimeoutError(options.handlerTimeoutSeconds));
      }, options.handlerTimeoutSeconds * 1000),
      handedBack: false,
    };
    running.set(message.receiptHandle, entry);
    void pool.add(async () => {
      try {
        await settle(options, entry, counts);
      } finally {
        clearInterval(entry.heartbeat);
        clearTimeout(entry.timeout);
        running.delete(message.receiptHandle);
      }
    });
  };

  const waitForSlot = async (): Promise<void> => {
    while (running.size >= concurrency && !pollAbort.signal.aborted) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          pool.removeEventListener('next', done);
          pollAbort.signal.removeEventListener('abort', done);
          resolve();
        };
        pool.addEventListener('next', done);
        pollAbort.signal.addEventListener('abort', done);
      });
    }
  };

  const poll = async (): Promise<void> => {
    while (!pollAbort.signal.aborted) {
      await waitForSlot();
      if (pollAbort.signal.aborted) return;
      let messages: QueueMessage[];
      try {
        const receive: ReceiveOptions = {
          maxMessages: Math.min(MAX_RECEIVE_BATCH, concurrency - running.size),
          waitSeconds: options.waitSeconds,
          visibilityTimeoutSeconds: options.visibilityTimeoutSeconds,
          signal: pollAbort.signal,
        };
        messages = await queue.receive(receive);
      } catch (error) {
        if (pollAbort.signal.aborted) return;
        logger.error({ err: error, queue: queue.name }, 'receive failed; trying again shortly');
        await delay(options.receiveErrorPauseMs, undefined, { signal: pollAbort.signal }).catch(() => {});
        continue;
      }
      counts.received += messages.length;
      for (const message of messages) {
        // A receive that could not be aborted may return after stop(): give those straight back.
        if (pollAbort.signal.aborted) await handBack(message);
        else run(message);
      }
    }
  };

  const polling = poll();

  const stop = (stopOptions: { drainMs?: number } = {}): Promise<WorkerStats> => {
    stopping ??= (async () => {
      const { drainMs = options.drainMs } = stopOptions;
      pollAbort.abort();
      const timer = new AbortController();
      await Promise.race([
        pool.onIdle(),
        delay(drainMs, undefined, { signal: timer.signal }).catch(() => {}),
      ]);
      timer.abort();
      await Promise.all(
        [...running.values()].map(async (entry) => {
          entry.handedBack = true;
          clearInterval(entry.heartbeat);
          clearTimeout(entry.timeout);
          entry.controller.abort(new WorkerStoppingError());
          await handBack(entry.message);
        }),
      );
      await polling;
      logger.info({ queue: queue.name, ...stats() }, 'queue worker stopped');
      return stats();
    })();
    return stopping;
  };

  if (options.signal?.aborted) void stop();
  else options.signal?.addEventListener('abort', () => void stop(), { once: true });
  return { stop, stats };
}

/** Runs the handler and acknowledges the outcome to the queue. Never throws. */
async function settle(
  options: ResolvedWorkerOptions,
  entry: Running,
  counts: { succeeded: number; failed: number },
): Promise<void> {
  const { queue, handler, logger: parent, backoff } = options;
  const { message, controller } = entry;
  const logger = parent.child({ messageId: message.id, receiveCount: message.receiveCount });
  let failure: { error: unknown } | undefined;
  try {
    await handler(message, { signal: controller.signal, logger });
  } catch (error) {
    failure = { error };
  }
  // Handed back on shutdown: the next receiver owns the message now; touching it would fight over it.
  if (entry.handedBack) return;
  if (failure === undefined) {
    counts.succeeded += 1;
    try {
      await queue.delete(message.receiptHandle);
    } catch (error) {
      logger.warn({ err: error }, 'handled, but the delete failed: the message will be handled again');
    }
    return;
  }
  counts.failed += 1;
  const visibility = backoff(message.receiveCount, failure.error);
  const retryable = isAppError(failure.error) ? failure.error.retryable : undefined;
  logger.warn(
    { err: failure.error, retryable, retryInSeconds: visibility },
    'message failed; it will come back',
  );
  if (visibility === undefined) return;
  try {
    await queue.changeVisibility(message.receiptHandle, visibility);
  } catch (error) {
    logger.warn(
      { err: error },
      'could not set the backoff; the message returns after its visibility timeout',
    );
  }
}

/** Renews the message's visibility every `heartbeatSeconds`; stops and aborts the handler if it lost the message. */
function startHeartbeat(
  options: ResolvedWorkerOptions,
  message: QueueMessage,
  controller: AbortController,
): NodeJS.Timeout {
  const { queue, visibilityTimeoutSeconds, heartbeatSeconds, logger } = options;
  let beating = false;
  const timer = setInterval(() => {
    if (beating) return; // a slow store must not pile up overlapping extensions
    beating = true;
    queue
      .changeVisibility(message.receiptHandle, visibilityTimeoutSeconds)
      .catch((error: unknown) => {
        if (isAppError(error) && error.code === 'receipt_handle_stale') {
          // Someone else received the message after a missed heartbeat: our work may be repeated there.
          clearInterval(timer);
          controller.abort(error);
        }
        logger.warn({ err: error, messageId: message.id }, 'visibility heartbeat failed');
      })
      .finally(() => {
        beating = false;
      });
  }, heartbeatSeconds * 1000);
  return timer;
}
