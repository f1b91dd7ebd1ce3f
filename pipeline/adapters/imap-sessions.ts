import type { ImapFlow } from 'imapflow';
import { AppError } from '../../src/domain/errors.ts';
import type { MailMessage } from '../ports.ts';
import { ImapConnection } from './imap-connection.ts';
import { mayBeTheMessage } from './imap-fetch-groups.ts';
import type { ImapMailSourceOptions } from './imap-mail-source.ts';
import { isMissingMailbox } from './imap-replies.ts';

/**
 * Sessions one step (a mailbox opened, then one command) is tried in when the server ends them under it.
 * A server that closes every session after a few commands (imapflow's login takes six lines, opening a
 * mailbox three more) is then worked one command a session, each step where the last one stopped.
 */
const SESSION_TRIES = 4;

/**
 * Runs `work` (which connects through `connection`) again on a fresh session while the session it ran on
 * was cut under it, at most `SESSION_TRIES` times. An answer of a live session (a NO, a refused MOVE) and
 * an error that is not about the session (another UIDVALIDITY, a missing mailbox, no server) are thrown
 * at once.
 */
export async function onFreshSessions<T>(connection: ImapConnection, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= SESSION_TRIES || connection.alive() || !mayBeTheMessage(error)) throw error;
    }
  }
}

/** `work` in a session of its own, opened for it and logged out after. */
export async function alone<T>(
  options: ImapMailSourceOptions,
  work: (client: ImapFlow) => Promise<T>,
): Promise<T> {
  const connection = new ImapConnection(options);
  try {
    return await work(await connection.connect());
  } finally {
    await connection.close();
  }
}

/** UIDs as an IMAP set, runs written as ranges (`1:250,300`): a MOVE of 1,000 messages in a short line. */
export const uidSet = (uids: readonly number[]): string => {
  const sorted = [...new Set(uids)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let index = 0; index < sorted.length; ) {
    const start = sorted[index] ?? 0;
    let end = start;
    while (sorted[index + 1] === end + 1) {
      end += 1;
      index += 1;
    }
    runs.push(start === end ? String(start) : `${start}:${end}`);
    index += 1;
  }
  return runs.join(',');
};

/** The client's mailbox must still be the one the messages were listed in (same UIDVALIDITY). */
export function checkValidity(client: ImapFlow, message: Pick<MailMessage, 'mailbox' | 'uidValidity'>): void {
  const box = client.mailbox;
  if (box === false || Number(box.uidValidity) !== message.uidValidity) {
    throw new AppError('uid_validity_changed', `${message.mailbox} changed its UIDVALIDITY`, {
      retryable: true,
    });
  }
}

/** An imapflow error as the mail source's coded error. */
export function wrapImapError(error: unknown, mailbox: string): unknown {
  if (error instanceof AppError) return error;
  if (isMissingMailbox(error)) {
    return new AppError('mailbox_missing', `the mailbox ${mailbox} does not exist`, {
      retryable: true,
      cause: error,
    });
  }
  return new AppError('imap_failed', `IMAP on ${mailbox} failed`, { retryable: true, cause: error });
}

/**
 * The mailbox opened on `client` and locked: read-only (EXAMINE) where nothing is changed, read-write
 * (SELECT) where messages are moved.
 */
export async function lockMailbox(
  client: ImapFlow,
  mailbox: string,
  readOnly: boolean,
): Promise<{ release(): void }> {
  try {
    return await client.getMailboxLock(mailbox, { readOnly });
  } catch (error) {
    throw wrapImapError(error, mailbox);
  }
}
