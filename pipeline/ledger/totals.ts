import { ledgerPrefixes } from './keys.ts';
import { outcomeValue } from './values.ts';

/** A count the embedded store keeps as entries are written (`SqliteLedger.tallies`). */
export interface LedgerTally {
  readonly namespace: string;
  /** Null for every entry of the namespace; else the entries holding this (short) value. */
  readonly value: string | null;
  readonly entries: number;
}

/** Durable totals over the whole ledger, from tallies: nothing is listed. */
export interface LedgerTotals {
  /** Documents ingest created. */
  readonly handedOver: number;
  /** Of those, without an outcome yet (open markers). */
  readonly open: number;
  /** Outcome files in `results/`: extracted, plus failures a late success recovered. */
  readonly extracted: number;
  /** Outcome files in `failed/`. */
  readonly failed: number;
  /** Origins beyond the first of their content: files whose content already had a document. */
  readonly duplicates: number;
}

export const ledgerTotals = (tallies: readonly LedgerTally[]): LedgerTotals => {
  const count = (namespace: string, value: string | null = null): number =>
    tallies.find((tally) => tally.namespace === namespace && tally.value === value)?.entries ?? 0;
  const handedOver = count(ledgerPrefixes.byDoc);
  const recovered = count(ledgerPrefixes.recovered);
  const failed = count(ledgerPrefixes.outcome, outcomeValue.enum.failed);
  return {
    handedOver,
    open: count(ledgerPrefixes.open),
    extracted: count(ledgerPrefixes.outcome, outcomeValue.enum.extracted) + recovered,
    // Every `recovered/` entry is a document routed to failed/ first, so this never goes below zero.
    failed: failed - recovered,
    // A content's first origin made its document; during one ingest batch the two grow together.
    duplicates: Math.max(0, count(ledgerPrefixes.origin) - handedOver),
  };
};
