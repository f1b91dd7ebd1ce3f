import type { ImapFlow } from 'imapflow';
import { AppError } from '../../src/domain/errors.ts';

/** Where a listing starts, and what the mailbox's STATUS said of it. */
export interface UidQuery {
  readonly mailbox: string;
  readonly uidValidity: number;
  /** The first UID wanted. */
  readonly from: number;
  /** UIDNEXT from the STATUS just taken; undefined when the server did not say. */
  readonly uidNext: number | undefined;
  /** `mail check`'s window; such a search is never kept. */
  readonly since: Date | undefined;
}

/**
 * The UIDs of a mailbox from a UID on, by `UID SEARCH`. A poll lists a chunk at a time: the answer is kept
 * while the mailbox's UIDNEXT stays the same, so listing a large backlog chunk by chunk searches it once,
 * not once per chunk.
 */
export class UidSearch {
  private kept: (UidQuery & { readonly uids: readonly number[] }) | undefined;

  /** Ascending; may hold UIDs below `from` (the caller filters). */
  async uidsFrom(client: ImapFlow, query: UidQuery): Promise<readonly number[]> {
    const { mailbox, uidValidity, from, uidNext, since } = query;
    const kept = this.kept;
    if (
      since === undefined &&
      uidNext !== undefined &&
      kept !== undefined &&
      kept.mailbox === mailbox &&
      kept.uidValidity === uidValidity &&
      kept.uidNext === uidNext &&
      kept.from <= from
    ) {
      return kept.uids;
    }
    const found = await client.search(
      { uid: `${from}:*`, ...(since === undefined ? {} : { since }) },
      { uid: true },
    );
    // imapflow answers a failed SEARCH (a session cut under it) with false: kept as an empty answer, it
    // would hide the mailbox's mail until UIDNEXT moves.
    if (found === false || found === undefined) {
      throw new AppError('imap_failed', `the UID SEARCH of ${mailbox} failed`, { retryable: true });
    }
    // `UID n:*` always matches the highest message, even when its UID is below n (RFC 3501 §6.4.8).
    const uids = found.filter((uid) => uid >= from).sort((a, b) => a - b);
    this.kept = since === undefined && uidNext !== undefined ? { ...query, uids } : undefined;
    return uids;
  }
}
