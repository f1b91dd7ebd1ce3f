import type { Clock } from '../../src/domain/clock.ts';
import type { Ledger } from '../ports.ts';
import { documentIdOf, ledgerKeys, ledgerPrefixes } from './keys.ts';
import { ledgerEntries } from './values.ts';

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
  let written = 0;
  for (const entry of await ledger.list(ledgerPrefixes.byDoc)) {
    const documentId = documentIdOf(entry.key, ledgerPrefixes.byDoc);
    if (decided.has(documentId)) continue;
    // Same value shape as `by-doc/`; copied as is, so a malformed one is reported where it is read.
    if (await ledger.putIfAbsent(ledgerKeys.open(documentId), entry.value)) written += 1;
  }
  const meta = ledgerEntries.meta(OPEN_MARKERS_BACKFILL, clock.now());
  await ledger.putIfAbsent(meta.key, meta.value);
  return written;
};
