import type { MailMessage } from '../ports.ts';

/** How many messages, and how many of their bytes, one poll of the mail poller takes, and in what chunks. */

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

/**
 * Messages listed and read while the chunk before is enqueued, recorded and moved. A chunk costs three
 * commits (rows, queue, records), each blocking the thread on the disk, and a MOVE: 100 measured slower
 * than 250 on a busy disk.
 */
export const CHUNK_MESSAGES = 250;
/**
 * Chunks moved together: fewer MOVEs (1,000 messages a MOVE with the default chunk), while the move at
 * the end of a poll, which overlaps nothing, stays short.
 */
export const MOVE_CHUNKS = 4;
/** Chunks read ahead of the one finishing: its move can take as long as the next chunk's reads. */
export const AHEAD_CHUNKS = 3;
