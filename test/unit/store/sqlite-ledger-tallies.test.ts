import { describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../../src/store/database.ts';
import {
  MAX_LEDGER_BATCH_ENTRIES,
  MAX_LEDGER_VALUE_BYTES,
  MAX_TALLIED_VALUE_CHARS,
  SqliteLedger,
} from '../../../src/store/sqlite-ledger.ts';

const tallyOf = async (ledger: SqliteLedger, namespace: string, value: string | null = null) =>
  (await ledger.tallies()).find((tally) => tally.namespace === namespace && tally.value === value)?.entries ??
  0;

describe('SqliteLedger batches', () => {
  it('writes nothing of a batch with one invalid entry', async () => {
    const ledger = new SqliteLedger(openDatabase(':memory:'));
    await expect(
      ledger.putAllIfAbsent([
        { key: 'a/1', value: 'ok' },
        { key: 'a/2', value: 'x'.repeat(MAX_LEDGER_VALUE_BYTES + 1) },
      ]),
    ).rejects.toMatchObject({ code: 'value_too_large' });
    expect(await ledger.list('a/')).toEqual([]);
  });

  it(`takes at most ${MAX_LEDGER_BATCH_ENTRIES} entries`, async () => {
    const ledger = new SqliteLedger(openDatabase(':memory:'));
    const entries = Array.from({ length: MAX_LEDGER_BATCH_ENTRIES + 1 }, (_, n) => ({
      key: `a/${n}`,
      value: '',
    }));
    await expect(ledger.putAllIfAbsent(entries)).rejects.toMatchObject({ code: 'validation_failed' });
    expect(await ledger.putAllIfAbsent(entries.slice(1))).toHaveLength(MAX_LEDGER_BATCH_ENTRIES);
  });
});

describe('SqliteLedger tallies', () => {
  it('counts entries per namespace and per short value, as they are written and deleted', async () => {
    const ledger = new SqliteLedger(openDatabase(':memory:'));
    await ledger.putIfAbsent('outcome/d1', 'extracted');
    await ledger.putIfAbsent('outcome/d1', 'failed'); // refused: counts nothing
    await ledger.putAllIfAbsent([
      { key: 'outcome/d2', value: 'failed' },
      { key: 'open/d3', value: '{}' },
      { key: 'by-doc/d3', value: 'x'.repeat(MAX_TALLIED_VALUE_CHARS + 1) },
    ]);
    await ledger.delete('open/d3');
    await ledger.delete('open/never-written');

    expect(await ledger.tallies()).toEqual([
      { namespace: 'by-doc/', value: null, entries: 1 },
      { namespace: 'outcome/', value: null, entries: 2 },
      { namespace: 'outcome/', value: 'extracted', entries: 1 },
      { namespace: 'outcome/', value: 'failed', entries: 1 },
    ]);
  });

  it('counts a ledger written before tallies existed when it is opened', async () => {
    const db = openDatabase(':memory:');
    // Version 1 of the schema, as an older stevedore left it.
    migrate(db, 'store/ledger', [
      'CREATE TABLE ledger_entries (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT, WITHOUT ROWID;',
    ]);
    const insert = db.prepare('INSERT INTO ledger_entries (key, value) VALUES (?, ?)');
    insert.run('outcome/d1', 'extracted');
    insert.run('outcome/d2', 'extracted');
    insert.run('by-doc/d1', '{"sha256":"a","createdAt":0}');
    insert.run('nested', 'no namespace');

    const ledger = new SqliteLedger(db);
    await ledger.putIfAbsent('outcome/d3', 'failed');

    expect(await tallyOf(ledger, 'outcome/')).toBe(3);
    expect(await tallyOf(ledger, 'outcome/', 'extracted')).toBe(2);
    expect(await tallyOf(ledger, 'outcome/', 'failed')).toBe(1);
    expect(await tallyOf(ledger, 'by-doc/')).toBe(1);
    expect(await tallyOf(ledger, 'nested')).toBe(1);
  });
});
