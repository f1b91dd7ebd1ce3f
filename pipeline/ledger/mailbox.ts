import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Ledger, MailCheckpoint } from '../ports.ts';
import { LedgerEntryError } from './errors.ts';
import { ledgerKeys } from './keys.ts';

/**
 * The mail poller's ledger entries: a checkpoint and a lease per mailbox (markers, replaced as the poller
 * moves on), and one record per message whose documents were enqueued (written once, before the move).
 */

/** A mailbox of an account on a server, as a short hex name fit for a ledger key. */
export const mailboxKeyOf = (server: { host: string; port: number; user: string }, mailbox: string): string =>
  createHash('sha256')
    .update(JSON.stringify([server.host.toLowerCase(), server.port, server.user.toLowerCase(), mailbox]))
    .digest('hex')
    .slice(0, 32);

/**
 * A message's identity, the same under any UID: its Message-ID with its size, else the arrival time and
 * size the server keeps for it. Hashed, so it fits a key. The size is part of it because a Message-ID is
 * only what the sender wrote: two different messages with one Message-ID (a careless mailer, a template, a
 * forged id) are both taken, while the same message delivered again (the same bytes, the same size) is
 * recognised. Two messages with one identity under different UIDs are told apart by their bytes
 * (`MailRecord.sha256`, `collidingKeyOf`). A message the server would not list (`unlisted`) is known by
 * its UID alone: its arrival time and a size of 0 would make it another 0-byte message of that second.
 */
export const messageKeyOf = (message: {
  messageId: string | null;
  receivedAt: string;
  sizeBytes: number;
  uidValidity?: number;
  uid?: number;
  unlisted?: true;
}): string =>
  createHash('sha256')
    .update(
      message.unlisted === true
        ? `uid:${message.uidValidity}:${message.uid}`
        : message.messageId === null
          ? `date:${message.receivedAt}|${message.sizeBytes}`
          : `id:${message.messageId}|${message.sizeBytes}`,
    )
    .digest('hex')
    .slice(0, 40);

/**
 * The identity of a message whose `messageKeyOf` is already another message's (one Message-ID, one size,
 * other bytes): the key with the digest of its bytes.
 */
export const collidingKeyOf = (key: string, sha256: string): string =>
  createHash('sha256').update(`${key}|${sha256}`).digest('hex').slice(0, 40);

const checkpointValue = z.object({ uidValidity: z.number().int(), lastUid: z.number().int().nonnegative() });
const leaseValue = z.object({ owner: z.string(), until: z.number() });

export const mailRecord = z.object({
  outcome: z.enum(['processed', 'failed']),
  reason: z.string().nullable(),
  detail: z.string().nullable(),
  documents: z.number().int().nonnegative(),
  uidValidity: z.number().int(),
  uid: z.number().int(),
  at: z.iso.datetime(),
  /** SHA-256 of the message's bytes; absent in records of older versions and of messages refused unread. */
  sha256: z.string().optional(),
  /** The message's INTERNALDATE, which a move or copy keeps; absent in records of older versions. */
  receivedAt: z.string().optional(),
});
export type MailRecord = z.infer<typeof mailRecord>;

const parse = <T>(key: string, value: string, schema: z.ZodType<T>): T => {
  try {
    return schema.parse(JSON.parse(value));
  } catch (error) {
    throw new LedgerEntryError(key, error);
  }
};

export async function readCheckpoint(ledger: Ledger, box: string): Promise<MailCheckpoint | undefined> {
  const key = ledgerKeys.mailCheckpoint(box);
  const value = await ledger.get(key);
  return value === undefined ? undefined : parse(key, value, checkpointValue);
}

/**
 * Replaces the checkpoint. Called under the lease, so nothing else writes it meanwhile; a crash between
 * the delete and the put loses only the checkpoint, and the next poll lists the mailbox from the start,
 * where each message's record keeps it from being read again.
 */
export async function writeCheckpoint(
  ledger: Ledger,
  box: string,
  checkpoint: MailCheckpoint,
): Promise<void> {
  const key = ledgerKeys.mailCheckpoint(box);
  const value = JSON.stringify({ uidValidity: checkpoint.uidValidity, lastUid: checkpoint.lastUid });
  if (await ledger.putIfAbsent(key, value)) return;
  await ledger.delete(key);
  await ledger.putIfAbsent(key, value);
}

/**
 * The lease is a chain of generations, `mailbox/<box>/lease/<n>`, each written once with `putIfAbsent`:
 * taking over an expired generation n is writing generation n + 1, which exactly one poller can do, on
 * SQLite (one transaction) as on S3 (`If-None-Match: *`). A release is one more generation that has
 * already expired. The holder removes the generations below its own, so a mailbox keeps one or two.
 */
interface LeaseGeneration {
  readonly generation: number;
  readonly owner: string;
  readonly until: number;
}

async function leaseChain(ledger: Ledger, box: string): Promise<LeaseGeneration[]> {
  const prefix = ledgerKeys.mailLeases(box);
  const entries = await ledger.list(prefix);
  return entries
    .map((entry) => ({
      generation: Number(entry.key.slice(prefix.length)),
      ...parse(entry.key, entry.value, leaseValue),
    }))
    .sort((a, b) => a.generation - b.generation);
}

/**
 * Takes the mailbox for one poll: true when `owner` holds it until `now + ttlMs`. A lease left by a
 * crashed poller is taken over once it has expired; of two pollers racing for it, one wins.
 */
export async function acquireLease(
  ledger: Ledger,
  box: string,
  owner: string,
  now: number,
  ttlMs: number,
): Promise<boolean> {
  const held = (await leaseChain(ledger, box)).at(-1);
  if (held !== undefined && held.until > now) return false;
  const generation = (held?.generation ?? 0) + 1;
  const value = JSON.stringify({ owner, until: now + ttlMs });
  if (!(await ledger.putIfAbsent(ledgerKeys.mailLease(box, generation), value))) return false;
  // A poller that read the chain long ago may write a generation its holder has already removed: a
  // higher generation then exists, and the late writer has not taken the lease.
  const chain = await leaseChain(ledger, box);
  if (chain.at(-1)?.generation !== generation) return false;
  for (const older of chain) {
    if (older.generation < generation) await ledger.delete(ledgerKeys.mailLease(box, older.generation));
  }
  return true;
}

/** Gives the lease back, unless it expired and another poller took it meanwhile. */
export async function releaseLease(ledger: Ledger, box: string, owner: string): Promise<void> {
  const held = (await leaseChain(ledger, box)).at(-1);
  if (held === undefined || held.owner !== owner || held.until === RELEASED) return;
  // An expired generation on top: the next poller takes over at once. If another poller wrote the next
  // generation first, it took the lease over and this write does nothing.
  await ledger.putIfAbsent(
    ledgerKeys.mailLease(box, held.generation + 1),
    JSON.stringify({ owner, until: RELEASED }),
  );
}

/** The `until` of a released lease: expired at any time. */
const RELEASED = 0;

export async function readMailRecord(
  ledger: Ledger,
  box: string,
  message: string,
): Promise<MailRecord | undefined> {
  const key = ledgerKeys.mailMessage(box, message);
  const value = await ledger.get(key);
  return value === undefined ? undefined : parse(key, value, mailRecord);
}

/**
 * Records per `putAllIfAbsent`, all batches at once: on S3 a batch is one conditional PUT after another,
 * so small batches side by side take a chunk's records in ten round trips instead of a hundred (250
 * records behind 20 ms of latency: 4.6 s in batches of 100, 0.6 s in batches of 10). The embedded ledger
 * commits them all in one transaction either way.
 */
const RECORDS_PER_BATCH = 10;

/**
 * One record per message, written in batches side by side (on S3 each record is its own object; the
 * embedded ledger commits the batches together). Each record stands alone: a crash midway leaves the
 * rest unrecorded and unmoved, and the next poll finds their documents by origin id.
 */
export const recordMails = async (
  ledger: Ledger,
  box: string,
  records: readonly { message: string; record: MailRecord }[],
): Promise<void> => {
  const writes: Promise<boolean[]>[] = [];
  for (let start = 0; start < records.length; start += RECORDS_PER_BATCH) {
    writes.push(
      ledger.putAllIfAbsent(
        records.slice(start, start + RECORDS_PER_BATCH).map(({ message, record }) => ({
          key: ledgerKeys.mailMessage(box, message),
          value: JSON.stringify(mailRecord.parse(record)),
        })),
      ),
    );
  }
  await Promise.all(writes);
};
