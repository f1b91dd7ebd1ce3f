import { describe, expect, it } from 'vitest';
import {
  STAGED_SWEEP_MIN_AGE_MS,
  type SweepableBlobStore,
  sweepStaged,
} from '../../../pipeline/admission/staged-sweep.ts';
import { encodeMessage } from '../../../pipeline/messages.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { intake } from './ingest-fakes.ts';

const T0 = Date.UTC(2026, 5, 1);

/** Keys with the time each was stored; `listed` records when the sweep listed them. */
class FakeStaging implements SweepableBlobStore {
  readonly stored = new Map<string, number>();
  readonly calls: string[] = [];

  async keysStoredBefore(prefix: string, before: number): Promise<string[]> {
    this.calls.push('list');
    return [...this.stored]
      .filter(([key, at]) => key.startsWith(prefix) && at < before)
      .map(([key]) => key)
      .sort();
  }

  async delete(key: string): Promise<void> {
    this.stored.delete(key);
  }
}

const intakeBody = (originId: string): string => encodeMessage(intake(Buffer.from('%PDF-1.7\n'), originId));

describe('sweepStaged', () => {
  it('keeps a copy named by a message, a young copy, and one a body it cannot read mentions', async () => {
    const blobs = new FakeStaging();
    for (const name of ['queued', 'orphan', 'mentioned']) blobs.stored.set(`staged/${name}`, T0);
    blobs.stored.set('staged/young', T0 + STAGED_SWEEP_MIN_AGE_MS);
    // Not a staged copy: another prefix is never looked at.
    blobs.stored.set('other/orphan', T0);
    const clock = new ManualClock(T0 + STAGED_SWEEP_MIN_AGE_MS + 1);
    const pending = async () => {
      blobs.calls.push('read the queue');
      return [
        intakeBody('queued'),
        encodeMessage({ kind: 'origin_added', version: 1, documentId: 'doc-1', originId: 'orphan' }),
        '{"kind":"intake","blobKey":"staged/mentioned"',
      ];
    };

    const summary = await sweepStaged({ blobs, pending, clock, logger: silentLogger });

    expect(summary).toEqual({ old: 3, removed: 1 });
    expect([...blobs.stored.keys()].sort()).toEqual([
      'other/orphan',
      'staged/mentioned',
      'staged/queued',
      'staged/young',
    ]);
    // Listed first: a copy enqueued while the queue is read is then found referenced.
    expect(blobs.calls).toEqual(['list', 'read the queue']);
  });

  it('does not read the queue when no copy is old enough', async () => {
    const blobs = new FakeStaging();
    blobs.stored.set('staged/young', T0);
    const summary = await sweepStaged({
      blobs,
      pending: () => Promise.reject(new Error('not to be read')),
      clock: new ManualClock(T0 + 1),
      logger: silentLogger,
    });
    expect(summary).toEqual({ old: 0, removed: 0 });
    expect(blobs.stored.has('staged/young')).toBe(true);
  });
});
