import { describe, expect, it } from 'vitest';
import { KnownEntries } from '../../../pipeline/adapters/known-entries.ts';

describe('KnownEntries', () => {
  it('remembers entries but not the markers that change (open markers, mailbox checkpoints and leases)', () => {
    const known = new KnownEntries();
    known.remember('by-doc/d1', 'a');
    known.remember('origin/sha/o1', '');
    known.remember('open/d1', 'a');
    known.remember('mailbox/0a1b/checkpoint', '7:10');
    known.remember('mailbox/0a1b/lease/000000000001', 'x');
    expect(known.get('by-doc/d1')).toBe('a');
    expect(known.get('origin/sha/o1')).toBe('');
    expect(known.get('open/d1')).toBeUndefined();
    expect(known.get('mailbox/0a1b/checkpoint')).toBeUndefined();
    expect(known.get('mailbox/0a1b/lease/000000000001')).toBeUndefined();
  });

  it('forgets the least recently used entry past its capacity', () => {
    const known = new KnownEntries(2);
    known.remember('doc/1', 'one');
    known.remember('doc/2', 'two');
    expect(known.get('doc/1')).toBe('one');
    known.remember('doc/3', 'three');
    expect(known.get('doc/2')).toBeUndefined();
    expect(known.get('doc/1')).toBe('one');
    expect(known.get('doc/3')).toBe('three');
  });
});
