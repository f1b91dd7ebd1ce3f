import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedLedger } from '../../../pipeline/adapters/sqlite-ledger.ts';
import { closeOpenMarker, ingestedEntries, writeOutcome } from '../../../pipeline/ledger/documents.ts';
import { markRecovered } from '../../../pipeline/ledger/markers.ts';
import { ledgerTotals } from '../../../pipeline/ledger/totals.ts';
import { ledgerEntries } from '../../../pipeline/ledger/values.ts';
import type { Origin } from '../../../pipeline/messages.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteLedger } from '../../../src/store/sqlite-ledger.ts';

const origin = (originId: string): Origin => ({
  originId,
  source: 'folder',
  fileName: `${originId}.pdf`,
  location: null,
  receivedAt: '2026-01-01T00:00:00.000Z',
});
const sha = (n: number): string => String(n).repeat(64).slice(0, 64);

describe('progress totals of a data dir', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stevedore-totals-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const open = () => {
    const db = openDatabase(join(dir, 'worker.db'));
    const store = new SqliteLedger(db);
    return { db, store, ledger: new EmbeddedLedger(store) };
  };

  it('are durable totals: a restart shows the same figures, none below zero', async () => {
    const first = open();
    const { ledger } = first;
    for (const n of [1, 2, 3, 4]) {
      await ledger.putAllIfAbsent(
        ingestedEntries(`doc-${n}`, { sha256: sha(n), createdAt: 0 }, origin(`o-${n}`)),
      );
    }
    // A second copy of document 1's content.
    const copy = ledgerEntries.origin(sha(1), origin('o-1-copy'));
    await ledger.putIfAbsent(copy.key, copy.value);
    for (const [id, outcome] of [
      ['doc-1', 'extracted'],
      ['doc-2', 'failed'],
      ['doc-3', 'failed'],
    ] as const) {
      await writeOutcome(ledger, id, outcome);
      await closeOpenMarker(ledger, id);
    }
    await markRecovered(ledger, 'doc-3', 0);
    // Another client's document: an outcome without anything ingest wrote.
    await writeOutcome(ledger, 'doc-foreign', 'extracted');

    const expected = { handedOver: 4, open: 1, extracted: 3, failed: 1, duplicates: 1 };
    expect(ledgerTotals(await first.store.tallies())).toEqual(expected);
    first.db.close();

    const second = open();
    expect(ledgerTotals(await second.store.tallies())).toEqual(expected);
    second.db.close();
  });
});
