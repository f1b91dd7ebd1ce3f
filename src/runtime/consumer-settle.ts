import { MAX_VISIBILITY_TIMEOUT_SECONDS } from '../store/queue-options.ts';
import type { ConsumerEmitter } from './consumer-events.ts';
import type { ResolvedConsumerOptions } from './consumer-options.ts';
import type { ConsumerMessage } from './consumer-queue.ts';
import type { InFlight } from './in-flight.ts';
import { isNotReady } from './not-ready.ts';

/** Runs the handler and acknowledges the outcome to the queue. Never throws. */
export async function settle(
  options: ResolvedConsumerOptions,
  events: ConsumerEmitter,
  entry: InFlight,
  counts: { succeeded: number; failed: number; waiting: number; stopped: number },
  deferDelete: (message: ConsumerMessage) => boolean,
): Promise<void> {
  const { queue, handler, logger: parent, retry, clock } = options;
  const { message, controller } = entry;
  const logger = parent.child({ messageId: message.id, receiveCount: message.receiveCount });
  let failure: { error: unknown } | undefined;
  try {
    await handler(message, { signal: controller.signal, logger });
  } catch (error) {
    failure = { error };
  }
  entry.stopTimers();
  // Handed back on shutdown: the next receiver owns the message now; touching it would fight over it.
  if (entry.handedBack) return;
  if (failure === undefined) {
    counts.succeeded += 1;
    if (deferDelete(message)) return;
    await call(options, events, message, 'delete', () => queue.delete(message.receiptHandle));
    events.emit('message_processed', { message });
    return;
  }
  const { error } = failure;
  if (isNotReady(error)) {
    counts.waiting += 1;
    const delaySeconds = Math.min(MAX_VISIBILITY_TIMEOUT_SECONDS, Math.max(0, error.retryAfterSeconds));
    events.emit('message_waiting', { message, delaySeconds });
    logger.debug(
      { reason: error.message, retryInSeconds: delaySeconds },
      'message not ready yet; it will come back',
    );
    await call(options, events, message, 'changeVisibility', () =>
      queue.changeVisibility(message.receiptHandle, delaySeconds),
    );
    return;
  }
  counts.failed += 1;
  const decision = retry(message.receiveCount, error, clock.now());
  events.emit('message_failed', { message, error, decision });
  if (decision.kind === 'retry') {
    const delaySeconds = Math.min(MAX_VISIBILITY_TIMEOUT_SECONDS, Math.max(0, decision.delaySeconds));
    logger.warn({ err: error, retryInSeconds: delaySeconds }, 'message failed; it will come back');
    await call(options, events, message, 'changeVisibility', () =>
      queue.changeVisibility(message.receiptHandle, delaySeconds),
    );
    return;
  }
  counts.stopped += 1;
  const moveToDeadLetter = queue.moveToDeadLetter?.bind(queue);
  const moved =
    moveToDeadLetter === undefined
      ? false
      : ((await call(options, events, message, 'moveToDeadLetter', () =>
          moveToDeadLetter(message.receiptHandle, decision.reason),
        )) ?? false);
  logger.error(
    { err: error, reason: decision.reason, moved },
    moved
      ? 'message cannot succeed; moved to the dead-letter queue'
      : "message cannot succeed; the queue's redrive policy will move it to the dead-letter queue",
  );
  events.emit('message_dead_lettered', { message, reason: decision.reason, moved });
}

/** One acknowledgement call; a failure is reported, never thrown: the message comes back after its timeout. */
export async function call<T>(
  options: ResolvedConsumerOptions,
  events: ConsumerEmitter,
  message: ConsumerMessage,
  name: string,
  fn: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await fn();
  } catch (error) {
    events.emit('queue_error', { message, error, call: name });
    options.logger.warn({ err: error, messageId: message.id, call: name }, 'queue call failed');
    return undefined;
  }
}
