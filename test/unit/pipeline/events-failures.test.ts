import { describe, expect, it } from 'vitest';
import { encodeMessage } from '../../../pipeline/messages.ts';
import { handleDocumentEvent, handleEventsMessage } from '../../../pipeline/stages/events.ts';
import { harness } from './events-fakes.ts';
import { DOC, eventMessage, failedAttributes, ingested, SHA } from './events-fixtures.ts';

const first = { receiveCount: 1 };

describe('events stage: document.extraction_failed', () => {
  it('records the attempt and schedules the first re-extraction after 30 s', async () => {
    const h = harness();
    await ingested(h.ledger);

    const action = await handleDocumentEvent(
      eventMessage('document.extraction_failed', failedAttributes(1)),
      h.deps,
      first,
    );

    expect(action).toBe('reextract_scheduled');
    expect(JSON.parse((await h.ledger.get(`attempt/${DOC}/1`)) ?? '{}')).toMatchObject({
      attempt: 1,
      reason: 'extractor_error',
    });
    expect(h.queue.sent).toEqual([
      { body: { kind: 'reextract', version: 1, documentId: DOC, attempt: 1 }, delaySeconds: 30 },
    ]);
    expect(await h.ledger.get(`outcome/${DOC}`)).toBeUndefined();
  });

  it('does not count a failure redelivered under another notification id twice', async () => {
    const h = harness();
    await ingested(h.ledger);
    await handleDocumentEvent(
      eventMessage('document.extraction_failed', failedAttributes(1), 'n-1'),
      h.deps,
      first,
    );
    await handleDocumentEvent(
      eventMessage('document.extraction_failed', failedAttributes(1), 'n-2'),
      h.deps,
      first,
    );

    expect(await h.ledger.list(`attempt/${DOC}/`)).toHaveLength(1);
    for (const { body } of h.queue.sent) {
      await handleEventsMessage(
        { id: 'x', body: encodeMessage(body), receiveCount: 1, receiptHandle: 'h' },
        h.deps,
      );
    }
    expect(h.client.reextracted).toEqual([DOC]);
  });

  it('schedules the second re-extraction after 2 min, then routes the third failure to failed/', async () => {
    const h = harness({ maxReextracts: 2 });
    await ingested(h.ledger);
    for (const attempt of [1, 2, 3]) {
      await handleDocumentEvent(
        eventMessage(
          'document.extraction_failed',
          failedAttributes(attempt, `reason_${attempt}`),
          `n-${attempt}`,
        ),
        h.deps,
        first,
      );
    }

    expect(h.queue.sent.map((sent) => sent.delaySeconds)).toEqual([30, 120]);
    const failure = h.sink.failures.get(DOC);
    expect(failure).toMatchObject({
      status: 'failed',
      reason: 'reason_3',
      detail: 'attempt 3: reason_3',
      sha256: SHA,
    });
    expect(failure?.attempts.map((a) => [a.attempt, a.reason, a.at])).toEqual([
      [1, 'reason_1', '2026-01-01T00:01:00.000Z'],
      [2, 'reason_2', '2026-01-01T00:02:00.000Z'],
      [3, 'reason_3', '2026-01-01T00:03:00.000Z'],
    ]);
    expect(failure?.origins).toHaveLength(2);
    expect(await h.ledger.get(`outcome/${DOC}`)).toBe('failed');
  });

  it('routes the first failure to failed/ when no re-extraction is allowed', async () => {
    const h = harness({ maxReextracts: 0 });
    await ingested(h.ledger);

    expect(
      await handleDocumentEvent(
        eventMessage('document.extraction_failed', failedAttributes(1)),
        h.deps,
        first,
      ),
    ).toBe('routed_to_failed');
    expect(h.queue.sent).toEqual([]);
  });

  it('names a reason when the service reports a failure without an error', async () => {
    const h = harness({ maxReextracts: 0 });
    await ingested(h.ledger);
    const attrs = { ...failedAttributes(1), extraction_error: null };

    await handleDocumentEvent(eventMessage('document.extraction_failed', attrs), h.deps, first);

    expect(h.sink.failures.get(DOC)?.reason).toBe('unknown');
  });
});
