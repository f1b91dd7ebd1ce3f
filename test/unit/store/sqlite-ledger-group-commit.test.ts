import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteLedger } from '../../../src/store/sqlite-ledger.ts';

describe('SqliteLedger group commit', () => {
  it('commits batches asked for in the same turn together, each with its own flags', async () => {
    const db = openDatabase(':memory:');
    const ledger = new SqliteLedger(db);
    let commits = 0;
    const exec = db.exec.bind(db);
    db.exec = (sql: string) => {
      if (sql === 'COMMIT') commits += 1;
      exec(sql);
    };
    const [first, second, third] = await Promise.all([
      ledger.putAllIfAbsent([
        { key: 'doc/a', value: '1' },
        { key: 'shared', value: 'first' },
      ]),
      ledger.putAllIfAbsent([
        { key: 'doc/b', value: '2' },
        { key: 'shared', value: 'second' },
      ]),
      ledger.putAllIfAbsent([{ key: 'doc/c', value: '3' }]),
    ]);
    expect(commits).toBe(1);
    // In the order asked: the first batch wins the shared key, the second sees it taken.
    expect(first).toEqual([true, true]);
    expect(second).toEqual([true, false]);
    expect(third).toEqual([true]);
    expect(await ledger.get('shared')).toBe('first');
  });

  it('commits a batch asked for in a later turn on its own', async () => {
    const ledger = new SqliteLedger(openDatabase(':memory:'));
    expect(await ledger.putAllIfAbsent([{ key: 'doc/a', value: '1' }])).toEqual([true]);
    expect(await ledger.putAllIfAbsent([{ key: 'doc/a', value: '2' }])).toEqual([false]);
    expect(await ledger.get('doc/a')).toBe('1');
  });
});
