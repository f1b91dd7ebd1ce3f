import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedLedger } from '../../../pipeline/adapters/sqlite-ledger.ts';
import { acquireLease, releaseLease } from '../../../pipeline/ledger/mailbox.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { SqliteLedger } from '../../../src/store/sqlite-ledger.ts';

describe('the mailbox lease on the embedded SQLite ledger', () => {
  let dir: string;
  const closers: Array<() => void> = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stevedore-lease-'));
  });
  afterAll(async () => {
    for (const close of closers) close();
    await rm(dir, { recursive: true, force: true });
  });

  /** One ledger per poller, each on its own connection to the same file, as two processes would be. */
  const connect = (): EmbeddedLedger => {
    const db = openDatabase(join(dir, 'ledger.db'));
    closers.push(() => db.close());
    return new EmbeddedLedger(new SqliteLedger(db));
  };

  it('two pollers racing to take over an expired lease, round after round: one wins each round', async () => {
    const first = connect();
    const pollers = [first, connect()];
    const box = 'feed01';
    const ttl = 1_000;
    let now = 0;
    expect(await acquireLease(first, box, 'crashed', now, ttl)).toBe(true);
    for (let round = 0; round < 50; round += 1) {
      now += ttl + 1;
      const won = await Promise.all(
        pollers.map((ledger, index) => acquireLease(ledger, box, `poller-${index}`, now, ttl)),
      );
      expect(won.filter(Boolean), `round ${round}`).toHaveLength(1);
      // Every other round the winner releases; otherwise its lease expires as if it crashed.
      const winner = won.indexOf(true);
      const holder = pollers[winner];
      if (round % 2 === 0 && holder !== undefined) await releaseLease(holder, box, `poller-${winner}`);
    }
  });
});
