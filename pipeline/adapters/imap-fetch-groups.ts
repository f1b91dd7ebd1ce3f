import type { Readable } from 'node:stream';
import { AppError } from '../../src/domain/errors.ts';
import type { MailMessage, SourceItem } from '../ports.ts';

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

/** Times one message is fetched on its own, each on a working connection, before it is given up. */
const MESSAGE_FETCH_ATTEMPTS = 2;

/** Errors that are not a message's own: the mailbox is gone or changed, the server cannot be reached. */
const NOT_THE_MESSAGE = new Set([
  'uid_validity_changed',
  'mailbox_missing',
  'imap_connect_failed',
  'read_only',
]);

/** Whether a failed FETCH may be the fault of a message in it (the server cannot read it, and says so by dropping the connection). */
export const mayBeTheMessage = (error: unknown): boolean =>
  !(error instanceof AppError && NOT_THE_MESSAGE.has(error.code));

/**
 * The cheap check made once a message has failed alone: whether the server answers for it at all (its
 * flags, which it gives without reading the message) at the same point of a fresh session. Answers false
 * when the message is gone.
 */
export type FetchControl = () => Promise<boolean>;

/**
 * Runs `fetch` (of one message) until it works: once on the connection at hand (`fresh` false: no login
 * for the messages of a failed group that are fine), then at most `MESSAGE_FETCH_ATTEMPTS` times each in
 * a fresh session of its own; an error that is not the message's is thrown at once. When every
 * attempt failed, `control` tells the message from the connection: it fails too (a flaky network, a
 * server that cuts every session after so many commands) and the last error is thrown, as any failure of
 * the connection; it works, and the message is `unfetchable` this time, with the last error's message
 * (Dovecot drops the connection at each FETCH of a Maildir file whose size disagrees with its name). The
 * caller gives a message up only after more than one poll found it so.
 */
export async function fetchAlone<T>(
  fetch: (fresh: boolean) => Promise<T>,
  control: FetchControl,
): Promise<{ readonly value: T } | { readonly unfetchable: string } | { readonly gone: true }> {
  let last: unknown;
  for (let attempt = 0; attempt <= MESSAGE_FETCH_ATTEMPTS; attempt += 1) {
    try {
      return { value: await fetch(attempt > 0) };
    } catch (error) {
      if (!mayBeTheMessage(error)) throw error;
      last = error;
    }
  }
  let exists: boolean;
  try {
    exists = await control();
  } catch {
    throw last;
  }
  if (!exists) return { gone: true };
  const cause = last instanceof Error && last.cause instanceof Error ? `: ${last.cause.message}` : '';
  return { unfetchable: `${last instanceof Error ? last.message : String(last)}${cause}` };
}

const EMPTY = Buffer.alloc(0);

/**
 * Each of `messages` fetched on its own (`fetchAlone`), in order: one gone from the mailbox (`fetchOne`
 * answers undefined, or the control finds none) is passed over, one the server would not send while it
 * answered for it otherwise comes empty and `unfetchable`.
 */
export async function* oneByOne(
  messages: readonly MailMessage[],
  fetchOne: (message: MailMessage, fresh: boolean) => Promise<Buffer | Readable | undefined>,
  control: (message: MailMessage) => Promise<boolean>,
): AsyncGenerator<SourceItem> {
  for (const message of messages) {
    const fetched = await fetchAlone(
      (fresh) => fetchOne(message, fresh),
      () => control(message),
    );
    if ('unfetchable' in fetched) yield { message, body: EMPTY, unfetchable: fetched.unfetchable };
    else if ('value' in fetched && fetched.value !== undefined) yield { message, body: fetched.value };
  }
}
