import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Ledger } from '../../../pipeline/adapters/s3-ledger.ts';
import { beforeEachCall } from '../../bench/support/aws-calls.ts';
import { type AwsEmulator, startAwsEmulator } from '../../support/aws-emulator.ts';
import { ledgerContract } from '../../support/contracts/ledger-contract.ts';

let aws: AwsEmulator;
beforeAll(async () => {
  aws = await startAwsEmulator();
});
afterAll(async () => {
  await aws.stop();
});

const freshBucket = (): Promise<string> => aws.createFreshBucket('ledger');

ledgerContract('S3 on fauxqs', async () => ({
  ledger: new S3Ledger({ client: aws.s3, bucket: await freshBucket(), prefix: 'ledger' }),
  close: async () => {},
}));

describe('S3Ledger on fauxqs', () => {
  it('round-trips keys with characters S3 and HTTP treat specially, and lists them by prefix', async () => {
    const ledger = new S3Ledger({ client: aws.s3, bucket: await freshBucket() });
    const keys = ['origin/abc/<a@b.example> 2.1', 'origin/abc/..', 'origin/abc/100% ~?#&+', 'origin/abc/ä😀'];
    for (const key of keys) expect(await ledger.putIfAbsent(key, `v:${key}`)).toBe(true);
    for (const key of keys) expect(await ledger.get(key)).toBe(`v:${key}`);
    const listed = await ledger.list('origin/abc/');
    expect(listed.map((entry) => entry.key)).toEqual(
      [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))),
    );
  });

  it('lists more than one page of ListObjectsV2', async () => {
    const ledger = new S3Ledger({ client: aws.s3, bucket: await freshBucket() });
    const keys = Array.from({ length: 1_005 }, (_, n) => `event/${String(n).padStart(4, '0')}`);
    for (let start = 0; start < keys.length; start += 50) {
      await Promise.all(keys.slice(start, start + 50).map((key) => ledger.putIfAbsent(key, key)));
    }
    const listed = await ledger.list('event/');
    expect(listed).toHaveLength(1_005);
    expect(listed.at(-1)).toEqual({ key: 'event/1004', value: 'event/1004' });
  });

  it('asks S3 once for an entry it read or wrote, and every time for a marker', async () => {
    const calls: string[] = [];
    const client = beforeEachCall(aws.newS3Client(), (command) => {
      calls.push(command);
    });
    const bucket = await freshBucket();
    const writer = new S3Ledger({ client, bucket, readBeforeWrite: false });
    expect(await writer.putIfAbsent('by-doc/d1', '{"sha256":"a"}')).toBe(true);
    expect(await writer.putIfAbsent('open/d1', '{"sha256":"a"}')).toBe(true);
    calls.length = 0;
    expect(await writer.get('by-doc/d1')).toBe('{"sha256":"a"}');
    expect(await writer.putIfAbsent('by-doc/d1', 'other')).toBe(false);
    expect(calls).toEqual([]);
    expect(await writer.get('open/d1')).toBe('{"sha256":"a"}');
    expect(calls).toEqual(['GetObjectCommand']);

    // Another adapter (another function) reads once, then lists without reading the value again.
    const reader = new S3Ledger({ client, bucket });
    await writer.putIfAbsent('origin/a/o1', 'first');
    await writer.putIfAbsent('origin/a/o2', 'second');
    calls.length = 0;
    expect(await reader.get('by-doc/d1')).toBe('{"sha256":"a"}');
    expect(await reader.get('by-doc/d1')).toBe('{"sha256":"a"}');
    expect(await reader.list('origin/a/')).toHaveLength(2);
    expect(await reader.list('origin/a/')).toHaveLength(2);
    expect(calls.sort()).toEqual([
      'GetObjectCommand',
      'GetObjectCommand',
      'GetObjectCommand',
      'ListObjectsV2Command',
      'ListObjectsV2Command',
    ]);
    // A key found missing is asked again: it may be written meanwhile.
    calls.length = 0;
    expect(await reader.get('by-doc/d2')).toBeUndefined();
    await writer.putIfAbsent('by-doc/d2', 'late');
    expect(await reader.get('by-doc/d2')).toBe('late');
    expect(calls.filter((call) => call === 'GetObjectCommand')).toHaveLength(2);
  });
});
