import type { Timer } from '../domain/clock.ts';
import { isAppError } from '../domain/errors.ts';
import { HandlerTimeoutError } from './consumer-errors.ts';
import type { ConsumerEmitter } from './consumer-events.ts';
import type { ResolvedConsumerOptions } from './consumer-options.ts';
import type { ConsumerMessage } from './consumer-queue.ts';

/**
 * One message while its handler runs: the abort controller handed to the handler, the heartbeat that keeps
 * the message hidden, and the deadline that bounds a stuck handler. All timers run on the injected clock.
 */
export class InFlight {
  readonly controller = new AbortController();
  /** Set when stop() gave the message back: the next receiver owns it, so nothing may touch it again. */
  handedBack = false;
  private heartbeat: Timer | undefined;
  private readonly deadline: Timer;
  private stopped = false;

  constructor(
    readonly message: ConsumerMessage,
    private readonly options: ResolvedConsumerOptions,
    private readonly events: ConsumerEmitter,
  ) {
    const { clock, handlerTimeoutSeconds } = options;
    this.scheduleBeat();
    this.deadline = clock.setTimeout(() => {
      this.stopTimers();
      this.controller.abort(new HandlerTimeoutError(handlerTimeoutSeconds));
    }, handlerTimeoutSeconds * 1000);
  }

  /** Ends the heartbeat and the deadline; safe to call more than once. */
  stopTimers(): void {
    this.stopped = true;
    this.options.clock.clearTimeout(this.heartbeat);
    this.options.clock.clearTimeout(this.deadline);
  }

  /** The next beat is scheduled only after this one settles, so a slow store never piles up extensions. */
  private scheduleBeat(): void {
    if (this.stopped) return;
    const { clock, heartbeatSeconds } = this.options;
    this.heartbeat = clock.setTimeout(() => void this.beat(), heartbeatSeconds * 1000);
  }

  private async beat(): Promise<void> {
    const { queue, visibilityTimeoutSeconds, logger } = this.options;
    try {
      await queue.changeVisibility(this.message.receiptHandle, visibilityTimeoutSeconds);
    } catch (error) {
      this.events.emit('queue_error', { message: this.message, error, call: 'heartbeat' });
      logger.warn({ err: error, messageId: this.message.id }, 'visibility heartbeat failed');
      if (isAppError(error) && error.code === 'receipt_handle_stale') {
        // Someone else received the message after a missed heartbeat: our work may be repeated there.
        this.stopTimers();
        this.controller.abort(error);
        return;
      }
    }
    this.scheduleBeat();
  }
}
