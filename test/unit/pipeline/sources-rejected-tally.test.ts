import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  countSetAside,
  REJECTED_RECOUNT_INTERVAL_MS,
  RejectedTally,
} from '../../../pipeline/sources/rejected-tally.ts';
import { REASON_SUFFIX } from '../../../pipeline/sources/set-aside.ts';
import { ManualClock } from '../../../src/domain/clock.ts';

describe('the rejected counter, which restarted at 0 on every start', () => {
  let dir: string;
  let clock: ManualClock;

  const setAsideByHand = async (name: string) => {
    await writeFile(join(dir, name), 'bytes');
    await writeFile(join(dir, `${name}${REASON_SUFFIX}`), 'reason: empty\n');
  };

  beforeEach(async () => {
    dir = join(await mkdtemp(join(tmpdir(), 'stevedore-rejected-')), 'rejected');
    await mkdir(dir);
    clock = new ManualClock();
  });
  afterEach(async () => {
    await rm(join(dir, '..'), { recursive: true, force: true });
  });

  it('counts the files already set aside at start, each with its reason file', async () => {
    await setAsideByHand('a.pdf');
    await setAsideByHand('b.pdf');
    await mkdir(join(dir, 'sub'));
    await writeFile(join(dir, 'sub', 'c.pdf'), 'bytes');
    await writeFile(join(dir, 'sub', `c.pdf${REASON_SUFFIX}`), 'why');
    await writeFile(join(dir, `orphan.pdf${REASON_SUFFIX}`), 'its file was deleted');
    await writeFile(join(dir, 'no-reason.pdf'), 'dropped here by hand');
    expect(await new RejectedTally(dir, clock).current()).toBe(3);
  });

  it('a missing folder counts 0', async () => {
    expect(await countSetAside(join(dir, 'nowhere'))).toBe(0);
    expect(await new RejectedTally(join(dir, 'nowhere'), clock).current()).toBe(0);
  });

  it('keeps the count as files are set aside, without reading the folder again for its own moves', async () => {
    const tally = new RejectedTally(dir, clock);
    expect(await tally.current()).toBe(0);
    // A set-aside the tally is told about, into a subfolder: the folder's own mtime does not move, and a
    // file put there behind the tally's back is not seen until the recount interval has passed.
    await mkdir(join(dir, 'sub'));
    await tally.added();
    await writeFile(join(dir, 'sub', 'x.pdf'), 'bytes');
    await writeFile(join(dir, 'sub', `x.pdf${REASON_SUFFIX}`), 'why');
    await writeFile(join(dir, 'sub', 'unseen.pdf'), 'bytes');
    await writeFile(join(dir, 'sub', `unseen.pdf${REASON_SUFFIX}`), 'why');
    expect(await tally.current()).toBe(1);
    clock.advance(REJECTED_RECOUNT_INTERVAL_MS);
    expect(await tally.current()).toBe(2);
  });

  it('counts again when something else changes the folder, as `retry rejected` does', async () => {
    await setAsideByHand('a.pdf');
    await setAsideByHand('b.pdf');
    const tally = new RejectedTally(dir, clock);
    expect(await tally.current()).toBe(2);
    await rm(join(dir, 'a.pdf'));
    await rm(join(dir, `a.pdf${REASON_SUFFIX}`));
    expect(await tally.current()).toBe(1);
  });
});
