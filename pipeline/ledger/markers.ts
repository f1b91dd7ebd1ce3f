import type { Ledger, LedgerEntry } from '../ports.ts';
import { ledgerKeys } from './keys.ts';
import { ledgerEntries } from './values.ts';

/**
 * The "done" markers of single steps: each is written after its effect, so a crash in between repeats
 * the effect at worst. `has*` reads one key; `mark*` writes it once (true when this call wrote it).
 */

const has = async (ledger: Ledger, key: string): Promise<boolean> => (await ledger.get(key)) !== undefined;
const put = (ledger: Ledger, entry: LedgerEntry): Promise<boolean> =>
  ledger.putIfAbsent(entry.key, entry.value);

export const hasProcessedEvent = (ledger: Ledger, notificationId: string): Promise<boolean> =>
  has(ledger, ledgerKeys.event(notificationId));

export const markEventProcessed = (
  ledger: Ledger,
  notificationId: string,
  value: { event: string; documentId: string; action: string; processedAt: number },
): Promise<boolean> => put(ledger, ledgerEntries.event(notificationId, value));

export const hasRequestedReextract = (ledger: Ledger, documentId: string, n: number): Promise<boolean> =>
  has(ledger, ledgerKeys.reextract(documentId, n));

export const markReextractRequested = (
  ledger: Ledger,
  documentId: string,
  n: number,
  at: number,
): Promise<boolean> => put(ledger, ledgerEntries.reextract(documentId, n, at));

export const hasRecovered = (ledger: Ledger, documentId: string): Promise<boolean> =>
  has(ledger, ledgerKeys.recovered(documentId));

export const markRecovered = (ledger: Ledger, documentId: string, at: number): Promise<boolean> =>
  put(ledger, ledgerEntries.recovered(documentId, at));

export const hasNudged = (ledger: Ledger, documentId: string): Promise<boolean> =>
  has(ledger, ledgerKeys.nudge(documentId));

export const markNudged = (
  ledger: Ledger,
  documentId: string,
  at: number,
  status: string,
): Promise<boolean> => put(ledger, ledgerEntries.nudge(documentId, at, status));
