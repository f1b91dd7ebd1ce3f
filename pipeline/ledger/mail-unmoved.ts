import { z } from 'zod';
import type { Ledger } from '../ports.ts';
import { LedgerEntryError } from './errors.ts';
import { ledgerKeys } from './keys.ts';

/**
 * The mail poller's entries for messages it could not finish at once: recorded messages whose move
 * failed (`unmoved`, markers removed once moved), and the polls in which a message could not be fetched
 * (`unfetched`, one entry per poll, kept).
 */

const unmovedValue = z.object({
  uidValidity: z.number().int(),
  outcome: z.enum(['processed', 'failed']),
  reason: z.string().nullable(),
  uids: z.array(z.number().int().positive()).min(1),
});

/** Recorded messages a move left in the mailbox: moved by a later poll where their outcome sends them. */
export interface Unmoved {
  readonly uidValidity: number;
  readonly outcome: 'processed' | 'failed';
  readonly reason: string | null;
  /** Ascending. */
  readonly uids: readonly number[];
}

const parse = <T>(key: string, value: string, schema: z.ZodType<T>): T => {
  try {
    return schema.parse(JSON.parse(value));
  } catch (error) {
    throw new LedgerEntryError(key, error);
  }
};

const keyOf = (box: string, unmoved: Unmoved): string =>
  ledgerKeys.mailUnmoved(box, unmoved.uidValidity, unmoved.uids[0] ?? 0, unmoved.uids.at(-1) ?? 0);

/**
 * Writes one entry per group of messages left unmoved, before the checkpoint passes them. A group already
 * written (the same first and last UID, met again after a checkpoint was lost) is kept as it was.
 */
export async function recordUnmoved(ledger: Ledger, box: string, groups: readonly Unmoved[]): Promise<void> {
  if (groups.length === 0) return;
  await ledger.putAllIfAbsent(
    groups.map((group) => ({
      key: keyOf(box, group),
      value: JSON.stringify(unmovedValue.parse({ ...group, uids: [...group.uids].sort((a, b) => a - b) })),
    })),
  );
}

/** Every group of unmoved messages of the mailbox, oldest UIDs first within a UIDVALIDITY. */
export async function readUnmoved(
  ledger: Ledger,
  box: string,
): Promise<Array<Unmoved & { readonly key: string }>> {
  const entries = await ledger.list(ledgerKeys.mailUnmovedAll(box));
  return entries
    .map((entry) => ({ key: entry.key, ...parse(entry.key, entry.value, unmovedValue) }))
    .sort((a, b) => a.uidValidity - b.uidValidity || (a.uids[0] ?? 0) - (b.uids[0] ?? 0));
}

/** Removes a group once its messages are moved (or can no longer be: another UIDVALIDITY). */
export const clearUnmoved = (ledger: Ledger, key: string): Promise<void> => ledger.delete(key);

const unfetchedValue = z.object({ at: z.iso.datetime(), detail: z.string() });

/**
 * Counts one more poll in which `message` could not be fetched alone, and returns how many polls have
 * now failed to fetch it. Called at most once per message and poll.
 */
export async function strikeUnfetched(
  ledger: Ledger,
  box: string,
  message: { readonly uidValidity: number; readonly uid: number },
  strike: { readonly at: Date; readonly detail: string },
): Promise<number> {
  const prefix = ledgerKeys.mailUnfetchedOf(box, message.uidValidity, message.uid);
  const before = await ledger.list(prefix);
  for (const entry of before) parse(entry.key, entry.value, unfetchedValue);
  const n = before.length + 1;
  const value = JSON.stringify({ at: strike.at.toISOString(), detail: strike.detail.slice(0, 500) });
  await ledger.putIfAbsent(ledgerKeys.mailUnfetched(box, message.uidValidity, message.uid, n), value);
  return n;
}
