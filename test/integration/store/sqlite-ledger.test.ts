import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteLedger } from '../../../src/store/sqlite-ledger.ts';
import { useTempDatabases } from './temp-database.ts';

const { tempPath, open, spawnChild } = useTempDatabases();

const Ready = z.object({ ready: z.literal(true) });
const Raced = z.object({ racer: z.string(), won: z.number() });

describe('SqliteLedger on a shared file', () => {
  it('lets only the first of two connections write a key; the other loses without error', async () => {
    const path = tempPath();
    const service = new SqliteLedger(open(path));
    const worker = new SqliteLedger(open(path));
    const results = await Promise.all([
      service.putIfAbsent('doc/abc', 'from-service'),
      worker.putIfAbsent('doc/abc', 'from-worker'),
    ]);
    expect(results).toEqual([true, false]);
    expect(await worker.get('doc/abc')).toBe('from-service');
  });

  it('gives every key exactly one winner when 4 processes race to write the same keys', async () => {
    const path = tempPath();
    const keys = 300;
    new SqliteLedger(open(path));
    const racers = ['r1', 'r2', 'r3', 'r4'].map((name) => spawnChild(['race', path, name, String(keys)]));
    for (const racer of racers) Ready.parse(await racer.next());
    for (const racer of racers) racer.send('go');
    const reports = await Promise.all(racers.map(async (racer) => Raced.parse(await racer.next())));
    expect(reports.reduce((sum, report) => sum + report.won, 0)).toBe(keys);

    const entries = await new SqliteLedger(open(path)).list('race/');
    expect(entries).toHaveLength(keys);
    const wins = new Map(reports.map((report) => [report.racer, 0]));
    for (const { value } of entries) wins.set(value, (wins.get(value) ?? 0) + 1);
    expect(Object.fromEntries(wins)).toEqual(Object.fromEntries(reports.map((r) => [r.racer, r.won])));
  });

  it('keeps entries across close and reopen', async () => {
    const path = tempPath();
    const db = openDatabase(path);
    await new SqliteLedger(db).putIfAbsent('outcome/doc-1', 'accepted');
    db.close();
    expect(await new SqliteLedger(open(path)).get('outcome/doc-1')).toBe('accepted');
  });
});
