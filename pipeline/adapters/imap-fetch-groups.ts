import type { MailMessage } from '../ports.ts';

/** One FETCH per this many bytes of a message: few round trips, bounded buffers. */
export const DOWNLOAD_CHUNK_BYTES = 1024 * 1024;
/**
 * Messages up to this size are fetched whole, many to one UID FETCH, within `FETCH_GROUP_BYTES` per
 * command: one round trip for a group instead of one per message. Larger ones are downloaded in chunks.
 */
const WHOLE_MESSAGE_BYTES = DOWNLOAD_CHUNK_BYTES;
const FETCH_GROUP_BYTES = 8 * 1024 * 1024;
const FETCH_GROUP_MESSAGES = 100;
/** A group of one message too large to fetch whole: it is streamed in chunks. */
export const isLarge = (group: readonly MailMessage[]): boolean =>
  group.length === 1 && (group[0]?.sizeBytes ?? 0) > WHOLE_MESSAGE_BYTES;

/** Runs of small messages within the group caps; a large message alone. */
export function* fetchGroups(messages: readonly MailMessage[]): Generator<MailMessage[]> {
  let group: MailMessage[] = [];
  let bytes = 0;
  for (const message of messages) {
    const large = message.sizeBytes > WHOLE_MESSAGE_BYTES;
    if (
      group.length > 0 &&
      (large || bytes + message.sizeBytes > FETCH_GROUP_BYTES || group.length >= FETCH_GROUP_MESSAGES)
    ) {
      yield group;
      group = [];
      bytes = 0;
    }
    if (large) {
      yield [message];
      continue;
    }
    group.push(message);
    bytes += message.sizeBytes;
  }
  if (group.length > 0) yield group;
}
