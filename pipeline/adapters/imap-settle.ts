import type { ImapFlow } from 'imapflow';
import { AppError } from '../../src/domain/errors.ts';
import type { Logger } from '../../src/observability/logger.ts';
import type { MailMessage } from '../ports.ts';
import type { ImapConnection } from './imap-connection.ts';
import { addKeywords, moveTo } from './imap-listing.ts';
import { alreadyExists } from './imap-replies.ts';
import { checkValidity, lockMailbox, onFreshSessions, uidSet, wrapImapError } from './imap-sessions.ts';

/**
 * Moves `messages` (of one listing) to `folder` on the moving connection, in steps that each stand alone
 * on a fresh session when the server cuts one (`onFreshSessions`): the folder made when not known to
 * exist, the reason keywords added, the move. A step done is not done again; each is harmless twice (a
 * keyword added again, a MOVE of messages already gone finds nothing).
 */
export async function settleOn(
  mover: ImapConnection,
  logger: Logger,
  move: {
    readonly messages: readonly MailMessage[];
    readonly folder: string;
    readonly keywords: readonly string[];
  },
): Promise<void> {
  const { messages, folder, keywords } = move;
  const [first] = messages;
  if (first === undefined) return;
  const range = uidSet(messages.map((message) => message.uid));
  await onFreshSessions(mover, async () => ensureFolder(mover, await mover.connect(), folder, logger));
  const onMailbox = (work: (client: ImapFlow) => Promise<void>): Promise<void> =>
    onFreshSessions(mover, async () => {
      const client = await mover.connect();
      const selected = client.mailbox !== false;
      const lock = await lockMailbox(client, first.mailbox, false);
      try {
        // Mail that came after this session last looked is unknown to it, and a UID MOVE skips unknown
        // UIDs without a word: a mailbox selected earlier is brought up to date (a fresh SELECT sees all).
        if (selected) await client.noop();
        for (const message of messages) checkValidity(client, message);
        await work(client);
      } catch (error) {
        throw wrapImapError(error, first.mailbox);
      } finally {
        lock.release();
      }
    });
  if (keywords.length > 0)
    await onMailbox((client) => addKeywords(client, { range, folder, keywords }, logger));
  try {
    await onMailbox((client) => moveTo(client, { range, folder }));
  } catch (error) {
    // The folder may be gone since it was made (deleted by a user): the next settle makes it again.
    if (error instanceof AppError && error.code === 'imap_move_failed') mover.forgetFolder(folder);
    throw error;
  }
}

/** Makes `folder` unless this connection has made sure of it already. */
async function ensureFolder(
  mover: ImapConnection,
  client: ImapFlow,
  folder: string,
  logger: Logger,
): Promise<void> {
  if (mover.hasFolder(folder)) return;
  try {
    await client.mailboxCreate(folder);
  } catch (error) {
    // ALREADYEXISTS is the usual answer; anything else shows at the MOVE that follows, and the next
    // settle tries again (a folder in the way may be cleared meanwhile). A session cut under the CREATE
    // is tried again on a fresh one.
    if (!mover.alive()) throw wrapImapError(error, folder);
    if (!alreadyExists(error)) {
      logger.warn({ err: error, folder }, 'could not create the folder');
      return;
    }
  }
  mover.addFolder(folder);
}
