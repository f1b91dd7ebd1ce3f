import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/domain/clock.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { sharedCommitOf } from '../../../src/store/shared-commit.ts';
import { SqliteLedger } from '../../../src/store/sqlite-ledger.ts';
import { SqliteQueue } from '../../../src/store/sqlite-queue.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A worker database on disk and a second connection to it, which sees what a restart after a crash would. */
function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'shared-commit-'));
  dirs.push(dir);
  const path = join(dir, 'worker.db');
  const db = openDatabase(path);
  const clock = new ManualClock();
  const queue = new SqliteQueue(db, { name: 'intake', visibilityTimeoutSeconds: 30, clock });
  const ledger = new SqliteLedger(db);
  const observer = openDatabase(path);
  const committed = {
    ledger: (key: string) =>
      observer.prepare('SELECT count(*) AS n FROM ledger_entries WHERE key = ?').get(key)?.n === 1,
    messages: () => Number(observer.prepare('SELECT count(*) AS n FROM queue_messages').get()?.n),
  };
  return { db, queue, ledger, committed };
}

describe('SharedCommit: a ledger batch commits with the next queue transaction', () => {
  it('joins a delete-and-claim: both or neither are durable, and the batch resolves after that commit', async () => {
    const { db, queue, ledger, committed } = setup();
    await queue.send('finished');
    const [finished] = await queue.receive({ maxMessages: 1 });
    const put = ledger.putAllIfAbsent([{ key: 'doc/abc', value: 'd-1' }]);
    let seenInside: boolean | undefined;
    sharedCommitOf(db).transaction(() => {
      // Inside the host transaction, before its commit: a crash now loses the batch with the host's work.
      seenInside = committed.ledger('doc/abc');
    });
    expect(seenInside).toBe(false);
    expect(committed.ledger('doc/abc')).toBe(true);
    expect(await put).toEqual([true]);

    const next = ledger.putAllIfAbsent([{ key: 'doc/def', value: 'd-2' }]);
    const { stale } = await queue.deleteAndReceive([finished?.receiptHandle ?? ''], { maxMessages: 1 });
    expect(stale).toEqual([]);
    // Written by the delete's own transaction, with no window waited out.
    expect(committed.ledger('doc/def')).toBe(true);
    expect(committed.messages()).toBe(0);
    expect(await next).toEqual([true]);
  });

  it('joins the commit of a single delete, and a statement inside an open transaction stays in it', async () => {
    const { db, queue, ledger, committed } = setup();
    await queue.send('finished');
    const [finished] = await queue.receive({ maxMessages: 1 });
    const put = ledger.putAllIfAbsent([{ key: 'doc/abc', value: 'd-1' }]);
    await queue.delete(finished?.receiptHandle ?? '');
    expect(committed.ledger('doc/abc')).toBe(true);
    expect(await put).toEqual([true]);
    const waiting = ledger.putAllIfAbsent([{ key: 'doc/def', value: 'd-2' }]);
    db.exec('BEGIN');
    sharedCommitOf(db).statement(() => db.prepare("INSERT INTO ledger_entries VALUES ('in/tx', 'x')").run());
    db.exec('ROLLBACK');
    expect(committed.ledger('in/tx')).toBe(false);
    expect(await waiting).toEqual([true]);
  });

  it('commits a batch on its own when no other transaction comes within the window', async () => {
    const { ledger, committed } = setup();
    expect(await ledger.putAllIfAbsent([{ key: 'doc/abc', value: 'd-1' }])).toEqual([true]);
    expect(committed.ledger('doc/abc')).toBe(true);
  });

  it('commits the batch alone when the host transaction rolls back', async () => {
    const { db, ledger, committed } = setup();
    const put = ledger.putAllIfAbsent([{ key: 'doc/abc', value: 'd-1' }]);
    expect(() =>
      sharedCommitOf(db).transaction(() => {
        db.prepare("INSERT INTO ledger_entries (key, value) VALUES ('host/row', 'x')").run();
        throw new Error('host failed');
      }),
    ).toThrow('host failed');
    expect(await put).toEqual([true]);
    expect(committed.ledger('doc/abc')).toBe(true);
    expect(committed.ledger('host/row')).toBe(false);
  });

  it('fails a batch that cannot be written alone, all of it, and the host and the others commit', async () => {
    const { db, ledger, committed } = setup();
    const commit = sharedCommitOf(db);
    const good = ledger.putAllIfAbsent([{ key: 'doc/good', value: 'g' }]);
    const bad = commit.ride('broken batch', () => {
      db.prepare("INSERT INTO ledger_entries (key, value) VALUES ('doc/half', 'h')").run();
      db.prepare('INSERT INTO no_such_table VALUES (1)').run();
    });
    const single = ledger.putIfAbsent('single/row', 'x');
    commit.transaction(() =>
      db.prepare("INSERT INTO ledger_entries (key, value) VALUES ('tx/row', 'y')").run(),
    );
    await expect(bad).rejects.toThrow();
    expect(await good).toEqual([true]);
    expect(await single).toBe(true);
    expect(committed.ledger('doc/good')).toBe(true);
    expect(committed.ledger('tx/row')).toBe(true);
    expect(committed.ledger('doc/half')).toBe(false);
  });
});
