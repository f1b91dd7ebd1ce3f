import { AppError } from '../../src/domain/errors.ts';
import type { Logger } from '../../src/observability/logger.ts';
import { clearUnmoved, readUnmoved, recordUnmoved } from '../ledger/mail-unmoved.ts';
import type { Ledger, MailMessage, MailSource } from '../ports.ts';
import type { Deferred } from './mail-chunk.ts';
import { settleMessages, type UnsettledGroup } from './mail-folders.ts';

/**
 * Messages a poll leaves in the mailbox. Recorded messages a move left in the mailbox (a folder that cannot be made, a refused or cut MOVE) do
 * not hold the checkpoint back: they are written down in the ledger (`unmoved` entries), the checkpoint
 * passes them, and each poll tries their moves again before it lists, without reading them. However many
 * stay behind, new mail is listed from the checkpoint and taken.
 */
export interface UnmovedDeps {
  readonly source: MailSource;
  readonly ledger: Ledger;
  readonly box: string;
  readonly mailbox: string;
  readonly logger: Logger;
  readonly folders: { readonly processed: string; readonly failed: string };
}

/** What a poll knows of its messages left unmoved; `refused` holds the folders refused in this poll. */
export interface UnmovedTally {
  readonly refused: Map<string, unknown>;
  /** Messages still waiting for a move once the poll ends, */
  messages: number;
  /** and why the last move failed. */
  detail: string | undefined;
}

export const newUnmovedTally = (): UnmovedTally => ({
  refused: new Map(),
  messages: 0,
  detail: undefined,
});

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Tries again the moves earlier polls could not make; returns how many messages it moved. A group whose
 * mailbox has another UIDVALIDITY now is dropped: the poll reads the mailbox from the start, and the
 * records of its messages move them without a read.
 */
export async function moveUnmoved(deps: UnmovedDeps, tally: UnmovedTally): Promise<number> {
  const { ledger, box, mailbox, source, folders, logger } = deps;
  let moved = 0;
  for (const entry of await readUnmoved(ledger, box)) {
    const messages = entry.uids.map(
      (uid): MailMessage => ({
        mailbox,
        uidValidity: entry.uidValidity,
        uid,
        sizeBytes: 0,
        messageId: null,
        receivedAt: '',
      }),
    );
    const record = { outcome: entry.outcome, reason: entry.reason };
    let failed: UnsettledGroup | undefined;
    try {
      [failed] = await settleMessages(
        source,
        messages.map((message) => ({ message, record })),
        folders,
        tally.refused,
      );
    } catch (error) {
      if (!isOtherValidity(error)) throw error;
      await clearUnmoved(ledger, entry.key);
      continue;
    }
    if (failed === undefined) {
      await clearUnmoved(ledger, entry.key);
      moved += messages.length;
      continue;
    }
    tally.messages += messages.length;
    tally.detail = describe(failed.error);
  }
  if (moved > 0) logger.info({ mailbox, messages: moved }, 'mail messages left unmoved earlier are moved');
  return moved;
}

/** Writes down the groups a move of this poll left unmoved, before the checkpoint passes them. */
export async function leaveUnmoved(
  deps: UnmovedDeps,
  tally: UnmovedTally,
  unsettled: readonly UnsettledGroup[],
): Promise<void> {
  const { ledger, box, mailbox, logger } = deps;
  const groups = unsettled;
  await recordUnmoved(
    ledger,
    box,
    groups.flatMap((group) => {
      const [first] = group.messages;
      if (first === undefined) return [];
      return [
        {
          uidValidity: first.uidValidity,
          outcome: group.outcome,
          reason: group.reason,
          uids: group.messages.map((message) => message.uid),
        },
      ];
    }),
  );
  for (const group of groups) {
    tally.messages += group.messages.length;
    tally.detail = describe(group.error);
    logger.warn(
      {
        err: group.error,
        code: group.error instanceof AppError ? group.error.code : undefined,
        mailbox,
        folder: group.folder,
        messages: group.messages.length,
      },
      `mail messages taken but left in the mailbox: ${describe(group.error)}; their move is tried again at each poll`,
    );
  }
}

const isOtherValidity = (error: unknown): boolean =>
  error instanceof AppError && error.code === 'uid_validity_changed';

/**
 * Messages the server would not send this time (`Deferred`), left where they are for the next poll and
 * logged: returns the highest UID the checkpoint may now pass (below the first of them).
 */
export function putOff(
  logger: Logger,
  deferred: readonly Deferred[],
  ceiling: number | undefined,
): number | undefined {
  let highest = ceiling;
  for (const { message, polls, detail } of deferred) {
    highest = Math.min(highest ?? message.uid - 1, message.uid - 1);
    logger.warn(
      { mailbox: message.mailbox, uid: message.uid, messageId: message.messageId, polls },
      `mail message could not be fetched (${detail}); tried again at the next poll`,
    );
  }
  return highest;
}
