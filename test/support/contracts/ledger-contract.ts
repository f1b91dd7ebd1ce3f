import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MarkerKeyRequiredError } from '../../../pipeline/ledger/errors.ts';
import { ledgerKeys } from '../../../pipeline/ledger/keys.ts';
import type { Ledger } from '../../../pipeline/ports.ts';

export interface LedgerHarness {
  readonly ledger: Ledger;
  close(): Promise<void>;
}

/**
 * The append-only ledger every adapter must be: write once, never change, list by prefix in key order;
 * batches of conditional writes in order; marker keys, and only those, can be deleted.
 */
export function ledgerContract(adapter: string, create: () => Promise<LedgerHarness>): void {
  describe(`Ledger contract: ${adapter}`, () => {
    let harness: LedgerHarness;
    let ledger: Ledger;

    beforeEach(async () => {
      harness = await create();
      ledger = harness.ledger;
    });
    afterEach(async () => {
      await harness.close();
    });

    it('writes a key once and keeps the first value', async () => {
      expect(await ledger.putIfAbsent('doc/abc', 'doc-1')).toBe(true);
      expect(await ledger.putIfAbsent('doc/abc', 'doc-2')).toBe(false);
      expect(await ledger.get('doc/abc')).toBe('doc-1');
    });

    it('answers undefined for a key never written', async () => {
      expect(await ledger.get('doc/missing')).toBeUndefined();
    });

    it('round-trips JSON values with any characters', async () => {
      const value = JSON.stringify({ fileName: 'Rechnung Nr. 5 – März ✓.pdf', quote: '"', newline: '\n' });
      await ledger.putIfAbsent('origin/abc/1', value);
      expect(await ledger.get('origin/abc/1')).toBe(value);
    });

    it('lists exactly the keys under a prefix, in key order', async () => {
      for (const key of ['origin/b/1', 'origin/a/2', 'origin/a/1', 'originx', 'doc/a', 'origin/a']) {
        await ledger.putIfAbsent(key, key.toUpperCase());
      }
      expect(await ledger.list('origin/a/')).toEqual([
        { key: 'origin/a/1', value: 'ORIGIN/A/1' },
        { key: 'origin/a/2', value: 'ORIGIN/A/2' },
      ]);
      expect((await ledger.list('origin/')).map((entry) => entry.key)).toEqual([
        'origin/a',
        'origin/a/1',
        'origin/a/2',
        'origin/b/1',
      ]);
      expect(await ledger.list('event/')).toEqual([]);
    });

    it('lets exactly one of many concurrent writers of a key win', async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, n) => ledger.putIfAbsent('doc/race', `writer-${n}`)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await ledger.get('doc/race')).toBe(`writer-${results.indexOf(true)}`);
    });

    it('writes a batch in order, one flag per entry, and keeps values already there', async () => {
      await ledger.putIfAbsent('origin/abc/1', 'first');
      const written = await ledger.putAllIfAbsent([
        { key: 'by-doc/doc-1', value: 'b' },
        { key: 'origin/abc/1', value: 'second' },
        { key: 'doc/abc', value: 'doc-1' },
      ]);
      expect(written).toEqual([true, false, true]);
      expect(await ledger.get('origin/abc/1')).toBe('first');
      expect(await ledger.get('doc/abc')).toBe('doc-1');
      expect(await ledger.putAllIfAbsent([])).toEqual([]);
    });

    it('deletes a marker key, which may be written again later; a missing marker is no error', async () => {
      const marker = ledgerKeys.open('doc-1');
      await ledger.putIfAbsent(marker, 'open');
      await ledger.delete(marker);
      expect(await ledger.get(marker)).toBeUndefined();
      expect(await ledger.list(marker)).toEqual([]);
      await ledger.delete(marker);
      expect(await ledger.putIfAbsent(marker, 'reopened')).toBe(true);
    });

    it('refuses to delete a key that is history', async () => {
      await ledger.putIfAbsent(ledgerKeys.outcome('doc-1'), 'extracted');
      for (const key of [ledgerKeys.outcome('doc-1'), 'open/', 'open/doc-1/x', 'opened/doc-1']) {
        await expect(ledger.delete(key)).rejects.toBeInstanceOf(MarkerKeyRequiredError);
      }
      expect(await ledger.get(ledgerKeys.outcome('doc-1'))).toBe('extracted');
    });
  });
}
