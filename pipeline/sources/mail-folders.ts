import { AppError } from '../../src/domain/errors.ts';
import type { MailRecord } from '../ledger/mailbox.ts';
import type { MailMessage, MailSource } from '../ports.ts';

export const PROCESSED_FOLDER = 'Processed';
export const FAILED_FOLDER = 'Failed';
/** The keyword every message moved to `Failed` carries; a second one names the reason (`stevedore-too_large`). */
export const FAILED_KEYWORD = 'stevedore-failed';

/** A keyword is an IMAP atom: letters, digits, `_` and `-` only. */
export const reasonKeyword = (reason: string | null): string =>
  `stevedore-${(reason ?? 'failed').replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40)}`;

/** Messages a move left where they were: the move's folder, their outcome and reason, and why. */
export interface UnsettledGroup {
  readonly folder: string;
  readonly outcome: MailRecord['outcome'];
  readonly reason: string | null;
  readonly messages: readonly MailMessage[];
  readonly error: unknown;
}

/**
 * Moves each message where its record sends it: `processed` to the processed folder, `failed` to the
 * failed one with the reason as a keyword. One MOVE per folder and reason: messages that share them go
 * together. A move the source fails (an `AppError` it may retry) does not stop the others: its messages
 * come back as unsettled. A folder in
 * `refused` (one the server refused a move to earlier in the poll) is not tried again; a folder refused
 * now is added to it.
 */
export async function settleMessages(
  source: MailSource,
  done: ReadonlyArray<{
    readonly message: MailMessage;
    readonly record: Pick<MailRecord, 'outcome' | 'reason'>;
  }>,
  folders: { readonly processed: string; readonly failed: string },
  refused: Map<string, unknown> = new Map(),
): Promise<UnsettledGroup[]> {
  const groups = new Map<
    string,
    { folder: string; outcome: MailRecord['outcome']; reason: string | null; messages: MailMessage[] }
  >();
  for (const { message, record } of done) {
    const folder = record.outcome === 'processed' ? folders.processed : folders.failed;
    const reason = record.outcome === 'processed' ? null : record.reason;
    const id = JSON.stringify([folder, reason]);
    const group = groups.get(id) ?? { folder, outcome: record.outcome, reason, messages: [] };
    group.messages.push(message);
    groups.set(id, group);
  }
  const unsettled: UnsettledGroup[] = [];
  for (const group of groups.values()) {
    const earlier = refused.get(group.folder);
    if (earlier !== undefined) {
      unsettled.push({ ...group, error: earlier });
      continue;
    }
    const keywords = group.outcome === 'processed' ? [] : [FAILED_KEYWORD, reasonKeyword(group.reason)];
    try {
      await source.settle(group.messages, group.folder, keywords);
    } catch (error) {
      // The source's errors (refused, cut, server gone) leave the messages where they are; anything else
      // is a fault of this process, which stops the poll before the checkpoint passes them.
      // So is a mailbox rebuilt under the poll (another UIDVALIDITY): the next poll reads it again.
      if (!(error instanceof AppError) || !error.retryable || error.code === 'uid_validity_changed')
        throw error;
      if (error.code === 'imap_move_failed') refused.set(group.folder, error);
      unsettled.push({ ...group, error });
    }
  }
  return unsettled;
}
