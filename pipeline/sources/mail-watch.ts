import type { Clock } from '../../src/domain/clock.ts';
import type { Logger } from '../../src/observability/logger.ts';
import type { MailPoller } from './mail-poller.ts';

export interface MailWatchOptions {
  readonly poller: MailPoller;
  /** Waits until the mailbox may have new mail (IMAP IDLE), at most `maxMs`; a sleep when absent. */
  readonly waitForMail?: (maxMs: number, signal: AbortSignal) => Promise<void>;
  /** Drops the connection after a failure, so the next poll starts on a fresh one. */
  readonly reset: () => Promise<void>;
  /** Frees what the loop holds for good (the reader's threads), once it has stopped. */
  readonly release?: () => Promise<void>;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Longest wait between two polls when IDLE reports nothing (IDLE is restarted at least this often). */
  readonly idleMs?: number;
}

/** First wait after a failed poll (server down, mailbox gone); doubles up to `MAX_BACKOFF_MS`. */
const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 5 * 60 * 1000;
/** RFC 2177 asks clients to re-issue IDLE at least every 29 minutes; a shorter wait also catches lost pushes. */
const DEFAULT_IDLE_MS = 5 * 60 * 1000;

/**
 * The long-running mailbox loop of `stevedore up`: poll, then wait for IDLE to report new mail; after a
 * failure (a dropped connection, a mailbox that disappeared) reconnect with backoff, never stop.
 */
export class MailWatch {
  private readonly abort = new AbortController();
  private loop: Promise<void> | undefined;

  constructor(private readonly options: MailWatchOptions) {}

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.loop;
    await this.options.reset();
    await this.options.release?.();
  }

  private async run(): Promise<void> {
    const { poller, clock, logger } = this.options;
    const { signal } = this.abort;
    let backoff = FIRST_BACKOFF_MS;
    while (!signal.aborted) {
      try {
        const report = await poller.poll();
        if (report.more) {
          backoff = FIRST_BACKOFF_MS;
          continue;
        }
        if (!report.leased) {
          backoff = FIRST_BACKOFF_MS;
          await clock.sleep(this.options.idleMs ?? DEFAULT_IDLE_MS, signal);
          continue;
        }
        let waitMs = this.options.idleMs ?? DEFAULT_IDLE_MS;
        if (report.unmoved === undefined) backoff = FIRST_BACKOFF_MS;
        else {
          // Taken mail the server would not move: tried again with backoff, or sooner when mail comes.
          logger.warn(
            { unmoved: report.unmoved.messages, detail: report.unmoved.detail, retryInMs: backoff },
            'taken mail is left in the mailbox; its move is tried again',
          );
          waitMs = Math.min(waitMs, backoff);
          backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
        }
        const wait = this.options.waitForMail;
        if (wait === undefined) await clock.sleep(waitMs, signal);
        else await wait(waitMs, signal);
      } catch (error) {
        logger.warn({ err: error, retryInMs: backoff }, 'mailbox poll failed; trying again');
        await this.options.reset().catch(() => {});
        await clock.sleep(backoff, signal);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      }
    }
  }
}
