import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/store/database.ts';
import {
  MAX_LEDGER_KEY_BYTES,
  MAX_LEDGER_VALUE_BYTES,
  SqliteLedger,
  successor,
} from '../../../src/store/sqlite-ledger.ts';

const setup = () => new SqliteLedger(openDatabase(':memory:'));

describe('SqliteLedger', () => {
  it('writes a key once: the first put wins and later puts change nothing', async () => {
    const ledger = setup();
    expect(await ledger.putIfAbsent('doc/abc', 'doc-1')).toBe(true);
    expect(await ledger.putIfAbsent('doc/abc', 'doc-2')).toBe(false);
    expect(await ledger.putIfAbsent('doc/abc', 'doc-1')).toBe(false);
    expect(await ledger.get('doc/abc')).toBe('doc-1');
  });

  it('answers undefined for a key never written', async () => {
    expect(await setup().get('doc/missing')).toBeUndefined();
  });

  it('lists the entries under a prefix in key order and nothing beside it', async () => {
    const ledger = setup();
    for (const key of ['origin/b/2', 'origin/a/1', 'origin/b/1', 'origin0', 'origim/z', 'doc/x', 'origin/']) {
      await ledger.putIfAbsent(key, `v:${key}`);
    }
    expect((await ledger.list('origin/')).map((entry) => entry.key)).toEqual([
      'origin/',
      'origin/a/1',
      'origin/b/1',
      'origin/b/2',
    ]);
    expect(await ledger.list('origin/b/1')).toEqual([{ key: 'origin/b/1', value: 'v:origin/b/1' }]);
    expect(await ledger.list('nothing/')).toEqual([]);
    expect(await ledger.list('')).toHaveLength(7);
  });

  it('treats % and _ in a prefix as plain characters, not LIKE wildcards', async () => {
    const ledger = setup();
    for (const key of ['a%b/1', 'axb/1', 'a_b/1', 'aXb/1', 'a%%/1']) await ledger.putIfAbsent(key, key);
    expect((await ledger.list('a%')).map((entry) => entry.key)).toEqual(['a%%/1', 'a%b/1']);
    expect((await ledger.list('a_')).map((entry) => entry.key)).toEqual(['a_b/1']);
  });

  it('includes keys with characters beyond U+FFFF right after the prefix', async () => {
    const ledger = setup();
    await ledger.putIfAbsent('p/\u{1F4E6}', 'box');
    await ledger.putIfAbsent('p/\uffff', 'last bmp');
    await ledger.putIfAbsent('p0', 'outside');
    expect((await ledger.list('p/')).map((entry) => entry.value)).toEqual(['last bmp', 'box']);
  });

  it('refuses a value over the limit and keys that are empty or too long', async () => {
    const ledger = setup();
    expect(await ledger.putIfAbsent('big/ok', 'x'.repeat(MAX_LEDGER_VALUE_BYTES))).toBe(true);
    await expect(ledger.putIfAbsent('big/no', 'x'.repeat(MAX_LEDGER_VALUE_BYTES + 1))).rejects.toThrow(
      expect.objectContaining({ code: 'value_too_large' }),
    );
    await expect(ledger.putIfAbsent('', 'v')).rejects.toThrow(
      expect.objectContaining({ code: 'validation_failed' }),
    );
    await expect(ledger.putIfAbsent('k'.repeat(MAX_LEDGER_KEY_BYTES + 1), 'v')).rejects.toThrow(
      expect.objectContaining({ code: 'validation_failed' }),
    );
    expect(await ledger.get('big/no')).toBeUndefined();
  });
});

describe('successor', () => {
  it.each([
    ['abc', 'abd'],
    ['a/', 'a0'],
    ['\ud7ff', '\ue000'],
    ['a\u{10FFFF}', 'b'],
    ['\u{1F4E6}', '\u{1F4E7}'],
  ])('of %j is %j', (prefix, expected) => {
    expect(successor(prefix)).toBe(expected);
  });

  it('is undefined when no string bounds the prefix from above', () => {
    expect(successor('')).toBeUndefined();
    expect(successor('\u{10FFFF}\u{10FFFF}')).toBeUndefined();
  });
});
