import { describe, expect, it } from 'vitest';
import { handleDocumentEvent } from '../../../pipeline/stages/events.ts';
import { PERMANENT_FAILURE_REASONS } from '../../../pipeline/stages/events-failure-reasons.ts';
import { harness } from './events-fakes.ts';
import { DOC, eventMessage, failedAttributes, ingested } from './events-fixtures.ts';

const first = { receiveCount: 1 };

describe('events stage: failures a re-extraction cannot change', () => {
  it.each([...PERMANENT_FAILURE_REASONS])('routes %s to failed/ at once, with the reason', async (reason) => {
    const h = harness({ maxReextracts: 2 });
    await ingested(h.ledger);

    const action = await handleDocumentEvent(
      eventMessage('document.extraction_failed', failedAttributes(1, reason)),
      h.deps,
      first,
    );

    expect(action).toBe('routed_to_failed');
    expect(h.queue.sent).toEqual([]);
    expect(h.sink.failures.get(DOC)).toMatchObject({ reason, attempts: [{ attempt: 1, reason }] });
    expect(await h.ledger.get(`outcome/${DOC}`)).toBe('failed');
    expect(await h.ledger.list('open/')).toEqual([]);
  });

  it.each(['extractor_error', 'a_reason_added_upstream_later'])(
    're-extracts %s, which another run may not meet',
    async (reason) => {
      const h = harness({ maxReextracts: 2 });
      await ingested(h.ledger);

      const action = await handleDocumentEvent(
        eventMessage('document.extraction_failed', failedAttributes(1, reason)),
        h.deps,
        first,
      );

      expect(action).toBe('reextract_scheduled');
      expect(h.sink.failures.size).toBe(0);
      expect(await h.ledger.list('open/')).toHaveLength(1);
    },
  );

  it('routes a permanent failure met on a re-extraction at once, listing the transient one before it', async () => {
    const h = harness({ maxReextracts: 2 });
    await ingested(h.ledger);
    await handleDocumentEvent(
      eventMessage('document.extraction_failed', failedAttributes(1, 'extractor_error'), 'n-1'),
      h.deps,
      first,
    );

    const action = await handleDocumentEvent(
      eventMessage('document.extraction_failed', failedAttributes(2, 'unreadable'), 'n-2'),
      h.deps,
      first,
    );

    expect(action).toBe('routed_to_failed');
    expect(h.queue.sent).toHaveLength(1);
    expect(h.sink.failures.get(DOC)?.attempts.map((attempt) => attempt.reason)).toEqual([
      'extractor_error',
      'unreadable',
    ]);
  });
});
