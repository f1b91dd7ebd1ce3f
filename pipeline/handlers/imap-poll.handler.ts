import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context, ScheduledEvent } from 'aws-lambda';
import type { MailPoller, PollReport } from '../sources/mail-poller.ts';
import { deployedComposition, lazyHandler } from './aws-composition.ts';
import type { HandlerKit } from './handler-kit.ts';
import { invoke } from './lambda-kit.ts';

export interface ImapPollHandlerDeps extends HandlerKit {
  /** Connects (lazily, on the first IMAP command) and builds the poller; `close` logs out. */
  readonly open: () => { readonly poller: MailPoller; close(): Promise<void> };
  /** Kept back from the invocation's time for the logout and the last ledger writes. */
  readonly reserveMs?: number;
}

export interface ImapPollSummary {
  readonly polls: number;
  readonly processed: number;
  readonly failed: number;
  readonly resettled: number;
  /** Messages the server would not send, put off to the next run (`PollReport.deferred`). */
  readonly deferred: number;
  /** Taken messages still in the mailbox because their move failed, and why (`PollReport.unmoved`). */
  readonly unmoved?: { readonly messages: number; readonly detail: string };
  /** true when mail was left for the next run (time ran out, or another poller held the mailbox). */
  readonly more: boolean;
}

/** A message started with less time left than this could be cut mid-way; the next run takes it. */
const DEFAULT_RESERVE_MS = 20_000;
/** Without a Lambda context (a local call), one poll's worth of time. */
const NO_CONTEXT_BUDGET_MS = 60_000;

/**
 * The imap-poll function, on a schedule: connect, take the lease, list from the checkpoint, read, stage,
 * enqueue and move message by message until the invocation's time runs low, then give the lease back and
 * log out. The checkpoint makes the next run continue where this one stopped. `MailPolls` is published on
 * every run that completes, which the stale-poller alarm watches.
 */
export const createImapPollHandler = (deps: ImapPollHandlerDeps) => {
  return (_event: ScheduledEvent, context?: Context): Promise<ImapPollSummary> =>
    invoke(deps, context, async () => {
      const { clock, metrics, logger } = deps;
      const remaining = context?.getRemainingTimeInMillis() ?? NO_CONTEXT_BUDGET_MS;
      const deadline = clock.now() + remaining - (deps.reserveMs ?? DEFAULT_RESERVE_MS);
      const { poller, close } = deps.open();
      const summary: { -readonly [K in keyof ImapPollSummary]: ImapPollSummary[K] } = {
        polls: 0,
        processed: 0,
        failed: 0,
        resettled: 0,
        deferred: 0,
        more: false,
      };
      try {
        let report: PollReport;
        do {
          report = await poller.poll(deadline);
          summary.polls += 1;
          summary.processed += report.processed;
          summary.failed += report.failed;
          summary.resettled += report.resettled;
          summary.deferred += report.deferred ?? 0;
          // Each poll counts them again: the last poll's figure is the one that stands.
          if (report.unmoved === undefined) delete summary.unmoved;
          else summary.unmoved = report.unmoved;
          summary.more = report.more || !report.leased;
          // A poll that took nothing yet says there is more ran out of time before its first message.
          const took = report.processed + report.failed + report.resettled;
          if (took === 0) break;
        } while (report.leased && report.more && clock.now() < deadline);
      } finally {
        await close().catch((error: unknown) => logger.warn('IMAP logout failed', { error }));
      }
      metrics.addMetric('MailPolls', MetricUnit.Count, 1);
      metrics.addMetric('MailMessagesProcessed', MetricUnit.Count, summary.processed);
      metrics.addMetric('MailMessagesFailed', MetricUnit.Count, summary.failed);
      logger.info('mailbox polled', { ...summary });
      return summary;
    });
};

/** The deployed function (`pipeline/handlers/imap-poll.handler.handler`), built on its first invocation. */
export const handler = lazyHandler(() => createImapPollHandler(deployedComposition().imapPoll()));
