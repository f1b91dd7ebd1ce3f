import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Ledger } from '../../../pipeline/adapters/s3-ledger.ts';
import { ledgerKeys } from '../../../pipeline/ledger/keys.ts';
import { acquireLease, readMailRecord, recordMails, releaseLease } from '../../../pipeline/ledger/mailbox.ts';
import { type AwsEmulator, startAwsEmulator } from '../../support/aws-emulator.ts';

/** The mailbox lease and records on the S3 ledger (fauxqs): generation keys, take-over, clean-up, records. */
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

  it("records a chunk's 250 messages in batches side by side, each readable and written once", async () => {
    const ledger = new S3Ledger({
      client: aws.s3,
      bucket: await aws.createFreshBucket('records'),
      prefix: 'ledger',
    });
    const at = '2026-11-24T10:00:00.000Z';
    const records = Array.from({ length: 250 }, (_, n) => ({
      message: `message-${String(n).padStart(3, '0')}`,
      record: {
        uidValidity: 7,
        uid: n + 1,
        at,
        receivedAt: at,
        outcome: 'processed' as const,
        reason: null,
        detail: null,
        documents: 1,
      },
    }));
    await recordMails(ledger, 'box1', records);
    const read = await Promise.all(records.map(({ message }) => readMailRecord(ledger, 'box1', message)));
    expect(read.map((record) => record?.uid)).toEqual(records.map(({ record }) => record.uid));
    // Written again (a poll after a crash): the first records stand.
    const [first] = records;
    if (first === undefined) throw new Error('no records');
    await recordMails(ledger, 'box1', [{ message: first.message, record: { ...first.record, uid: 999 } }]);
    expect((await readMailRecord(ledger, 'box1', first.message))?.uid).toBe(1);
  });
});
