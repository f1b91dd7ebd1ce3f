import type { Clock } from '../../src/domain/clock.ts';
import type { Ledger } from '../ports.ts';
import { documentIdOf, ledgerKeys, ledgerPrefixes } from './keys.ts';
import { ledgerEntries } from './values.ts';

/** Markers per batch: one transaction each in the embedded store, well under its cap of entries per batch. */
export const BACKFILL_BATCH_ENTRIES = 50;

/** Names the one-time upgrade that gave every open document of an older ledger its `open/` marker. */
export const OPEN_MARKERS_BACKFILL = 'open-markers-backfilled';

/**
 * Ledgers written before open markers existed have `by-doc/` entries without them, and the reconciler
 * would never look at those documents again. Once per ledger, every document without an outcome gets its
 * marker; the `meta/` entry written last makes later starts skip the scan, and a crash before it only
 * repeats idempotent writes. Returns how many markers it wrote.
 */
export const backfillOpenMarkers = async (ledger: Ledger, clock: Clock): Promise<number> => {
  const done = ledgerKeys.meta(OPEN_MARKERS_BACKFILL);
  if ((await ledger.get(done)) !== undefined) return 0;
  const decided = new Set(
    (await ledger.list(ledgerPrefixes.outcome)).map((entry) =>
      documentIdOf(entry.key, ledgerPrefixes.outcome),
    ),
  );
  const missing = (await ledger.list(ledgerPrefixes.byDoc))
    .filter((entry) => !decided.has(documentIdOf(entry.key, ledgerPrefixes.byDoc)))
    // Same value shape as `by-doc/`; copied as is, so a malformed one is reported where it is read.
    .map((entry) => ({
      key: ledgerKeys.open(documentIdOf(entry.key, ledgerPrefixes.byDoc)),
      value: entry.value,
    }));
  let written = 0;
  for (let start = 0; start < missing.length; start += BACKFILL_BATCH_ENTRIES) {
    const flags = await ledger.putAllIfAbsent(missing.slice(start, start + BACKFILL_BATCH_ENTRIES));
    written += flags.filter(Boolean).length;
  }
  const meta = ledgerEntries.meta(OPEN_MARKERS_BACKFILL, clock.now());
  await ledger.putIfAbsent(meta.key, meta.value);
  return written;
};
