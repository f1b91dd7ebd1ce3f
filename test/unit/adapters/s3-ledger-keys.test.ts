import { describe, expect, it } from 'vitest';
import { compareKeys, decodeLedgerKey, encodeLedgerKey } from '../../../pipeline/adapters/s3-ledger-keys.ts';

const awkward = [
  'doc/abc',
  'origin/abc/mail:INBOX:7:42:2.1',
  'origin/abc/<a@b.example> part 2',
  'meta/../../etc',
  'origin/x//y',
  'event/100%',
  'origin/ä/😀/~',
  'a\\b?c#d&e=f+g',
  '',
];

describe('S3 ledger keys', () => {
  it.each(awkward)('round-trips %j and keeps only letters, digits, _ - / and %XX', (key) => {
    const encoded = encodeLedgerKey(key);
    expect(decodeLedgerKey(encoded)).toBe(key);
    expect(encoded).toMatch(/^(?:[A-Za-z0-9_\-/]|%[0-9A-F]{2})*$/);
    expect(encoded.split('/').some((segment) => segment === '.' || segment === '..')).toBe(false);
  });

  it('keeps prefixes: a key starts with a prefix exactly when its encoding starts with the encoded prefix', () => {
    for (const key of awkward) {
      for (const prefix of awkward) {
        expect(encodeLedgerKey(key).startsWith(encodeLedgerKey(prefix))).toBe(key.startsWith(prefix));
      }
      for (let end = 0; end <= key.length; end += 1) {
        const prefix = key.slice(0, end);
        if (/[\uD800-\uDBFF]$/.test(prefix)) continue;
        expect(encodeLedgerKey(key).startsWith(encodeLedgerKey(prefix))).toBe(true);
      }
    }
  });

  it('refuses a lone surrogate, which has no UTF-8 form', () => {
    expect(() => encodeLedgerKey('doc/\uD800')).toThrow(/lone surrogate/);
  });

  it('orders keys by their UTF-8 bytes, as SQLite does', () => {
    expect(['b', 'ä', 'a~', 'a', 'aZ'].sort(compareKeys)).toEqual(['a', 'aZ', 'a~', 'b', 'ä']);
  });
});
