import { describe, expect, it } from 'vitest';
import { isMarkerKey, ledgerKeys } from '../../../pipeline/ledger/keys.ts';

describe('ledger keys', () => {
  it('lets only a document open marker count as a marker', () => {
    expect(isMarkerKey(ledgerKeys.open('doc-1'))).toBe(true);
    for (const key of [
      ledgerKeys.outcome('doc-1'),
      ledgerKeys.byDoc('doc-1'),
      ledgerKeys.event('n-1'),
      'open/',
      'open/doc-1/extra',
      'opened/doc-1',
    ]) {
      expect(isMarkerKey(key), key).toBe(false);
    }
  });

  it('ends per-document prefixes with a slash, so one id never lists another that extends it', () => {
    expect(ledgerKeys.attempt('abcd', 1).startsWith(ledgerKeys.attempts('abc'))).toBe(false);
    expect(ledgerKeys.origin('abcd', 'o').startsWith(ledgerKeys.origins('abc'))).toBe(false);
  });
});
