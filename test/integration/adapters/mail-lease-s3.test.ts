import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Ledger } from '../../../pipeline/adapters/s3-ledger.ts';
import { ledgerKeys } from '../../../pipeline/ledger/keys.ts';
import { acquireLease, releaseLease } from '../../../pipeline/ledger/mailbox.ts';
import { type AwsEmulator, startAwsEmulator } from '../../support/aws-emulator.ts';

/** The mailbox lease on the S3 ledger (fauxqs): its generation keys, listing, take-over and clean-up. */
describe('the mailbox lease on the S3 ledger', () => {
  let aws: AwsEmulator;
  beforeAll(async () => {
    aws = await startAwsEmulator();
  });
  afterAll(async () => {
    await aws.stop();
  });

  it('is taken, refused, released, taken over once expired, and keeps one generation', async () => {
    const ledger = new S3Ledger({
      client: aws.s3,
      bucket: await aws.createFreshBucket('lease'),
      prefix: 'ledger',
    });
    const box = 'ab12';
    const ttl = 60_000;
    expect(await acquireLease(ledger, box, 'a', 0, ttl)).toBe(true);
    expect(await acquireLease(ledger, box, 'b', 1_000, ttl)).toBe(false);
    // `a` crashed: once its lease expired, of two pollers racing for it one takes it over.
    const won = await Promise.all([
      acquireLease(ledger, box, 'b', ttl + 1, ttl),
      acquireLease(ledger, box, 'c', ttl + 1, ttl),
    ]);
    expect(won.filter(Boolean)).toHaveLength(1);
    const holder = won[0] === true ? 'b' : 'c';
    await releaseLease(ledger, box, holder);
    expect(await acquireLease(ledger, box, 'd', ttl + 2, ttl)).toBe(true);
    expect((await ledger.list(ledgerKeys.mailLeases(box))).map((entry) => entry.key)).toEqual([
      ledgerKeys.mailLease(box, 4),
    ]);
  });
});
