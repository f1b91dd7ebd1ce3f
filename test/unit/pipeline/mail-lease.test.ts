import { describe, expect, it } from 'vitest';
import { ledgerKeys } from '../../../pipeline/ledger/keys.ts';
import { acquireLease, releaseLease } from '../../../pipeline/ledger/mailbox.ts';
import { MemoryLedger } from './events-fakes.ts';

const BOX = 'a1b2c3';
const TTL = 60_000;
const leaseKeys = (ledger: MemoryLedger) =>
  [...ledger.entries.keys()].filter((key) => key.startsWith(ledgerKeys.mailLeases(BOX)));

/** Holds every lease write until `count` writers have reached theirs: each has read the chain before. */
const barrierOnLeaseWrites = (ledger: MemoryLedger, count: number): void => {
  const waiting: Array<() => void> = [];
  ledger.beforeWrite = async (key) => {
    if (!key.startsWith(ledgerKeys.mailLeases(BOX))) return;
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (waiting.length >= count) for (const release of waiting.splice(0)) release();
    });
  };
};

describe('the mailbox lease', () => {
  it('is held by one poller at a time, and free again once released', async () => {
    const ledger = new MemoryLedger();
    expect(await acquireLease(ledger, BOX, 'a', 1_000, TTL)).toBe(true);
    expect(await acquireLease(ledger, BOX, 'b', 2_000, TTL)).toBe(false);
    await releaseLease(ledger, BOX, 'b');
    expect(await acquireLease(ledger, BOX, 'b', 3_000, TTL)).toBe(false);
    await releaseLease(ledger, BOX, 'a');
    expect(await acquireLease(ledger, BOX, 'b', 4_000, TTL)).toBe(true);
    // The chain keeps only the holder's generation.
    expect(leaseKeys(ledger)).toEqual([ledgerKeys.mailLease(BOX, 3)]);
  });

  it('two pollers racing for a free mailbox: one wins', async () => {
    const ledger = new MemoryLedger();
    barrierOnLeaseWrites(ledger, 2);
    const won = await Promise.all([
      acquireLease(ledger, BOX, 'a', 1_000, TTL),
      acquireLease(ledger, BOX, 'b', 1_000, TTL),
    ]);
    expect(won.filter(Boolean)).toHaveLength(1);
  });

  it('two pollers racing to take over the same expired lease: exactly one wins', async () => {
    const ledger = new MemoryLedger();
    expect(await acquireLease(ledger, BOX, 'crashed', 0, TTL)).toBe(true);
    // Both read the expired generation 1 before either writes generation 2.
    barrierOnLeaseWrites(ledger, 2);
    const won = await Promise.all([
      acquireLease(ledger, BOX, 'a', TTL + 1, TTL),
      acquireLease(ledger, BOX, 'b', TTL + 1, TTL),
    ]);
    ledger.beforeWrite = undefined;
    expect(won.filter(Boolean)).toHaveLength(1);
    const winner = won[0] === true ? 'a' : 'b';
    const loser = winner === 'a' ? 'b' : 'a';
    // The winner holds it: the loser can neither take it nor release it.
    await releaseLease(ledger, BOX, loser);
    expect(await acquireLease(ledger, BOX, loser, TTL + 2, TTL)).toBe(false);
    expect(leaseKeys(ledger)).toEqual([ledgerKeys.mailLease(BOX, 2)]);
    expect(JSON.parse(ledger.entries.get(ledgerKeys.mailLease(BOX, 2)) ?? '{}')).toMatchObject({
      owner: winner,
    });
  });

  it('five pollers racing for an expired lease: exactly one wins', async () => {
    const ledger = new MemoryLedger();
    await acquireLease(ledger, BOX, 'crashed', 0, TTL);
    barrierOnLeaseWrites(ledger, 5);
    const won = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((owner) => acquireLease(ledger, BOX, owner, TTL + 1, TTL)),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
  });

  it('a poller that read the chain long ago does not win a generation already superseded and removed', async () => {
    const ledger = new MemoryLedger();
    await acquireLease(ledger, BOX, 'crashed', 0, TTL);
    // `slow` reads generation 1 (expired), then stalls before writing generation 2.
    let resumeSlow = (): void => undefined;
    let slowStalled = (): void => undefined;
    const stalled = new Promise<void>((resolve) => {
      slowStalled = resolve;
    });
    let first = true;
    ledger.beforeWrite = async (key) => {
      if (!first || key !== ledgerKeys.mailLease(BOX, 2)) return;
      first = false;
      slowStalled();
      await new Promise<void>((resolve) => {
        resumeSlow = resolve;
      });
    };
    const slow = acquireLease(ledger, BOX, 'slow', TTL + 1, TTL);
    await stalled;
    // Meanwhile: `a` takes generation 2 and releases (3); `b` takes generation 4 and removes 2 and 3.
    expect(await acquireLease(ledger, BOX, 'a', TTL + 2, TTL)).toBe(true);
    await releaseLease(ledger, BOX, 'a');
    expect(await acquireLease(ledger, BOX, 'b', TTL + 3, TTL)).toBe(true);
    expect(leaseKeys(ledger)).toEqual([ledgerKeys.mailLease(BOX, 4)]);
    // `slow` now writes generation 2, which is free again: it must still see that `b` holds the mailbox.
    resumeSlow();
    expect(await slow).toBe(false);
    expect(await acquireLease(ledger, BOX, 'c', TTL + 4, TTL)).toBe(false);
    await releaseLease(ledger, BOX, 'b');
    expect(await acquireLease(ledger, BOX, 'c', TTL + 5, TTL)).toBe(true);
    expect(leaseKeys(ledger)).toEqual([ledgerKeys.mailLease(BOX, 6)]);
  });

  it('a release after the lease expired and was taken over leaves the new holder alone', async () => {
    const ledger = new MemoryLedger();
    await acquireLease(ledger, BOX, 'a', 0, TTL);
    expect(await acquireLease(ledger, BOX, 'b', TTL + 1, TTL)).toBe(true);
    await releaseLease(ledger, BOX, 'a');
    expect(await acquireLease(ledger, BOX, 'c', TTL + 2, TTL)).toBe(false);
  });
});
