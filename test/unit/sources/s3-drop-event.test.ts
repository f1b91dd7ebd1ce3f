import { describe, expect, it } from 'vitest';
import { decodeS3Key, parseS3Notification } from '../../../pipeline/sources/s3-drop-event.ts';
import {
  checkDropPrefixes,
  DEFAULT_DROP_PREFIXES,
  lastSegment,
  reasonKeyOf,
  s3OriginId,
} from '../../../pipeline/sources/s3-drop-keys.ts';
import { ValidationError } from '../../../src/domain/errors.ts';

/** A record as S3 writes it (event version 2.1), trimmed of fields the source does not read. */
const record = (key: string, extra: Record<string, unknown> = {}) => ({
  eventVersion: '2.1',
  eventSource: 'aws:s3',
  awsRegion: 'eu-west-1',
  eventTime: '2026-11-24T02:00:00.000Z',
  eventName: 'ObjectCreated:Put',
  userIdentity: { principalId: 'AWS:AIDAEXAMPLE' },
  s3: {
    s3SchemaVersion: '1.0',
    configurationId: 'drop',
    bucket: { name: 'drop-bucket', arn: 'arn:aws:s3:::drop-bucket' },
    object: {
      key,
      size: 1024,
      eTag: 'd41d8cd98f00b204e9800998ecf8427e',
      sequencer: '0055AED6DCD90281E5',
      ...extra,
    },
  },
});

describe('decodeS3Key', () => {
  it.each([
    ['inbox/my+invoice.pdf', 'inbox/my invoice.pdf'],
    ['inbox/a%2Bb.pdf', 'inbox/a+b.pdf'],
    ['inbox/100%25.pdf', 'inbox/100%.pdf'],
    ['inbox/%C3%A9t%C3%A9+2026.pdf', 'inbox/été 2026.pdf'],
    ['inbox/%E6%B8%AF%E5%8F%A3.pdf', 'inbox/港口.pdf'],
    ['inbox/%F0%9F%93%A6.pdf', 'inbox/📦.pdf'],
    ['inbox/sub%2Ffolder/x.pdf', 'inbox/sub/folder/x.pdf'],
    ['inbox/plain.pdf', 'inbox/plain.pdf'],
  ])('%s is %s', (encoded, decoded) => {
    expect(decodeS3Key(encoded)).toBe(decoded);
  });

  it('a plus decoded from %2B is not turned into a space afterwards', () => {
    expect(decodeS3Key('%2B+%2B')).toBe('+ +');
  });

  it('refuses broken escapes with a ValidationError', () => {
    expect(() => decodeS3Key('inbox/%E0%A4%A.pdf')).toThrow(ValidationError);
  });
});

describe('parseS3Notification', () => {
  it('reads the records S3 sends, with versioned and unversioned objects', () => {
    const body = JSON.stringify({
      Records: [record('inbox/a.pdf'), record('inbox/b.pdf', { versionId: 'v1' })],
    });
    const parsed = parseS3Notification(body);
    expect(parsed.kind).toBe('records');
    if (parsed.kind !== 'records') return;
    expect(parsed.records.map((entry) => entry.s3.object.key)).toEqual(['inbox/a.pdf', 'inbox/b.pdf']);
    expect(parsed.records[1]?.s3.object.versionId).toBe('v1');
  });

  it('recognises the s3:TestEvent sent when the notification is configured', () => {
    const body = JSON.stringify({
      Service: 'Amazon S3',
      Event: 's3:TestEvent',
      Time: '2026-11-24T02:00:00.000Z',
      Bucket: 'drop-bucket',
      RequestId: '5582815E1AEA5ADF',
      HostId: 'example',
    });
    expect(parseS3Notification(body)).toEqual({ kind: 'test', bucket: 'drop-bucket' });
  });

  it('reads a removal record, which has no size or eTag', () => {
    const removed = record('inbox/a.pdf');
    const { size: _size, eTag: _eTag, ...object } = removed.s3.object;
    const body = JSON.stringify({
      Records: [{ ...removed, eventName: 'ObjectRemoved:Delete', s3: { ...removed.s3, object } }],
    });
    expect(parseS3Notification(body).kind).toBe('records');
  });

  it.each([
    ['not JSON', '{"Records": ['],
    ['no records', '{"Message": "hello"}'],
    [
      'a record without a key',
      JSON.stringify({ Records: [{ ...record(''), eventName: 'ObjectCreated:Put' }] }),
    ],
    ['a negative size', JSON.stringify({ Records: [record('inbox/a.pdf', { size: -1 })] })],
    ['an SNS envelope', JSON.stringify({ Type: 'Notification', Message: '{}' })],
  ])('refuses %s with a ValidationError', (_what, body) => {
    expect(() => parseS3Notification(body)).toThrow(ValidationError);
  });
});

describe('drop keys', () => {
  const identity = { bucket: 'drop-bucket', key: 'inbox/a.pdf', eTag: 'abc', sizeBytes: 10 };

  it('gives one object one origin id, and another for any other bucket, key, version, eTag or size', () => {
    const id = s3OriginId(identity);
    expect(id).toMatch(/^s3-[0-9a-f]{32}$/);
    expect(s3OriginId({ ...identity })).toBe(id);
    const others = [
      { ...identity, bucket: 'other' },
      { ...identity, key: 'inbox/b.pdf' },
      { ...identity, versionId: 'v2' },
      { ...identity, eTag: 'abd' },
      { ...identity, sizeBytes: 11 },
    ].map(s3OriginId);
    expect(new Set([id, ...others]).size).toBe(6);
  });

  it('names a file by its last segment and a placeholder by its folder', () => {
    expect(lastSegment('inbox/sub/invoice 1.pdf')).toBe('invoice 1.pdf');
    expect(lastSegment('inbox/sub/')).toBe('sub');
    expect(reasonKeyOf('rejected/sub/a.gif')).toBe('rejected/sub/a.gif.reason.json');
    expect(reasonKeyOf('rejected/sub/')).toBe('rejected/sub.reason.json');
  });

  it('accepts the default prefixes and refuses nested or unterminated ones, naming each problem', () => {
    expect(checkDropPrefixes(DEFAULT_DROP_PREFIXES)).toBe(DEFAULT_DROP_PREFIXES);
    expect(() =>
      checkDropPrefixes({ inbox: 'drop/', archive: 'drop/archive/', rejected: 'rejected/' }),
    ).toThrow(/archive prefix "drop\/archive\/" is inside the inbox prefix/);
    expect(() => checkDropPrefixes({ inbox: 'inbox', archive: 'archive/', rejected: 'rejected/' })).toThrow(
      /inbox prefix "inbox" must end with "\/"/,
    );
  });
});
