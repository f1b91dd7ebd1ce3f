import type { ImapFlow } from 'imapflow';
import { AppError } from '../../src/domain/errors.ts';
import type { Logger } from '../../src/observability/logger.ts';
import type { MailMessage } from '../ports.ts';
import { mayBeTheMessage } from './imap-fetch-groups.ts';
import { internalDateIso, messageIdOf } from './imap-replies.ts';

/**
 * The listing of `uids` (those from `from` on): UID, arrival time and, when `full`, size and Message-ID.
 * Each attribute costs imapflow a compile per message: only what the identity and the fetch need. Not
 * `full`, nothing makes the server read a message (Dovecot reads a Maildir file for its RFC822.SIZE
 * unless the file name gives it): the size is then 0 and the Message-ID unknown.
 */
export async function fetchListing(
  client: ImapFlow,
  query: {
    readonly mailbox: string;
    readonly uidValidity: number;
    readonly uids: readonly number[];
    readonly from: number;
    readonly full: boolean;
  },
): Promise<MailMessage[]> {
  const { mailbox, uidValidity, from } = query;
  const fetched = await client.fetchAll(
    query.uids.join(','),
    { uid: true, internalDate: true, ...(query.full ? { size: true, headers: ['message-id'] } : {}) },
    { uid: true },
  );
  return fetched
    .filter((message) => message.uid >= from)
    .map((message) => ({
      mailbox,
      uidValidity,
      uid: message.uid,
      sizeBytes: message.size ?? 0,
      messageId: query.full ? messageIdOf(message.headers) : null,
      receivedAt: internalDateIso(message.internalDate),
      ...(query.full ? {} : { unlisted: true as const }),
    }))
    .sort((a, b) => a.uid - b.uid);
}

/** A move the server refused: retried at the next settle, the messages staying where they are meanwhile. */
const moveFailed = (detail: string): AppError =>
  new AppError('imap_move_failed', detail, { retryable: true });

/** Adds the reason keywords to `range` (UIDs). A server that keeps no keywords (none in PERMANENTFLAGS) still gets the move: the log says why. */
export async function addKeywords(
  client: ImapFlow,
  move: { readonly range: string; readonly folder: string; readonly keywords: readonly string[] },
  logger: Logger,
): Promise<void> {
  const { range, folder, keywords } = move;
  if (!(await client.messageFlagsAdd(range, [...keywords], { uid: true }))) {
    if (!client.usable)
      throw new AppError('imap_failed', 'the connection dropped adding keywords', { retryable: true });
    logger.warn({ folder, keywords }, 'the server did not keep the reason keywords');
  }
}

/**
 * Moves `range` (UIDs) to `folder`. imapflow answers a refused MOVE with false, not an error: a message
 * left where it was would never be moved, so a refusal is an error here.
 */
export async function moveTo(
  client: ImapFlow,
  move: { readonly range: string; readonly folder: string },
): Promise<void> {
  const { range, folder } = move;
  if (!client.capabilities.has('MOVE') && !client.capabilities.has('UIDPLUS')) {
    await copyAndFlag(client, range, folder);
    return;
  }
  if ((await client.messageMove(range, folder, { uid: true })) === false) {
    // imapflow answers false for a connection that dropped under the MOVE too: not the folder's fault.
    if (!client.usable)
      throw new AppError('imap_failed', `the connection dropped moving to ${folder}`, { retryable: true });
    throw moveFailed(`the server refused to move messages to ${folder}`);
  }
}

/**
 * A move on a server with neither MOVE nor UIDPLUS: imapflow would copy, flag `\Deleted` and send a plain
 * EXPUNGE, which also erases every message another client flagged `\Deleted` and left for later. Copied
 * and flagged here, never expunged: the originals stay, flagged deleted, until a mail client expunges
 * them (the checkpoint has passed them).
 */
async function copyAndFlag(client: ImapFlow, range: string, folder: string): Promise<void> {
  if ((await client.messageCopy(range, folder, { uid: true })) === false) {
    if (!client.usable)
      throw new AppError('imap_failed', `the connection dropped copying to ${folder}`, { retryable: true });
    throw moveFailed(`the server refused to copy messages to ${folder}`);
  }
  if (!(await client.messageFlagsAdd(range, ['\\Deleted'], { uid: true }))) {
    throw moveFailed('the server refused to flag the copied messages deleted');
  }
}

/**
 * The listing of `uids` after a first try failed in a way a message may be at fault for (a server that
 * cannot read one message drops the connection at its size or header: Dovecot, for a Maildir file whose
 * size disagrees with its name). Tried again whole on a fresh connection (a dropped connection is not a
 * message's fault), then in halves, down to the message at fault, which alone is listed without its size
 * and Message-ID: the others keep their identities, so none is taken twice.
 */
export async function listInParts(
  uids: readonly number[],
  list: (part: readonly number[], full: boolean) => Promise<MailMessage[]>,
): Promise<MailMessage[]> {
  try {
    return await list(uids, true);
  } catch (error) {
    if (!mayBeTheMessage(error)) throw error;
    if (uids.length === 1) return list(uids, false);
  }
  const half = Math.ceil(uids.length / 2);
  const parts = [uids.slice(0, half), uids.slice(half)];
  const listed: MailMessage[] = [];
  for (const part of parts) listed.push(...(await listInParts(part, list)));
  return listed;
}
