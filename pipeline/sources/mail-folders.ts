import type { MailRecord } from '../ledger/mailbox.ts';
import type { MailMessage, MailSource } from '../ports.ts';

export const PROCESSED_FOLDER = 'Processed';
export const FAILED_FOLDER = 'Failed';
/** The keyword every message moved to `Failed` carries; a second one names the reason (`stevedore-too_large`). */
export const FAILED_KEYWORD = 'stevedore-failed';

/** A keyword is an IMAP atom: letters, digits, `_` and `-` only. */
export const reasonKeyword = (reason: string | null): string =>
  `stevedore-${(reason ?? 'failed').replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40)}`;

/**
 * Moves each message where its record sends it: `processed` to the processed folder, `failed` to the
 * failed one with the reason as a keyword. One MOVE per folder and reason: messages that share them go
 * together.
 */
export async function settleMessages(
  source: MailSource,
  done: ReadonlyArray<{ readonly message: MailMessage; readonly record: MailRecord }>,
  folders: { readonly processed: string; readonly failed: string },
): Promise<void> {
  const groups = new Map<string, { folder: string; keywords: string[]; messages: MailMessage[] }>();
  for (const { message, record } of done) {
    const folder = record.outcome === 'processed' ? folders.processed : folders.failed;
    const keywords = record.outcome === 'processed' ? [] : [FAILED_KEYWORD, reasonKeyword(record.reason)];
    const id = JSON.stringify([folder, keywords]);
    const group = groups.get(id) ?? { folder, keywords, messages: [] };
    group.messages.push(message);
    groups.set(id, group);
  }
  for (const group of groups.values()) await source.settle(group.messages, group.folder, group.keywords);
}
