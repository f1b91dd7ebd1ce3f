import type { MailMessage } from '../ports.ts';

/** How many messages, and how many of their bytes, one poll of the mail poller takes. */

/**
 * Each poll pays once for its lease, first listing and checkpoint, and its first chunk's read and last
 * chunk's move overlap nothing (~0.1 s for 1 KB messages): a large batch spreads that. Chunks are listed
 * as the poll goes, so a large batch costs nothing up front; a crash mid-poll leaves records, not
 * duplicates, past the last checkpoint.
 */
export const DEFAULT_BATCH = 5_000;
/** A batch ends before the message that would take it past this many bytes, so a poll outlasts no lease. */
export const BATCH_BYTES = 128 * 1024 * 1024;
/**
 * The first messages whose sizes add up to at most `maxBytes`; always the first one when `first` (the
 * poll's first message, however large, is taken).
 */
export const withinBytes = (
  messages: readonly MailMessage[],
  maxBytes: number,
  first: boolean,
): readonly MailMessage[] => {
  let bytes = 0;
  for (const [index, message] of messages.entries()) {
    bytes += message.sizeBytes;
    if ((index > 0 || !first) && bytes > maxBytes) return messages.slice(0, index);
  }
  return messages;
};
