import { describe, expect, it } from 'vitest';
import { handleDocumentEvent } from '../../../pipeline/stages/events.ts';
import { stateFromWebhook } from '../../../pipeline/stages/events-document-state.ts';
import { recordExtracted } from '../../../pipeline/stages/events-outcome.ts';
import { harness, MemoryLedger } from './events-fakes.ts';
import { attributes, DOC, eventMessage, failedAttributes, ingested } from './events-fixtures.ts';

const first = { receiveCount: 1 };

describe('events stage: out-of-order deliveries', () => {
  it('ignores a failure that arrives after the success', async () => {
    const h = harness();
    await ingested(h.ledger);
    await handleDocumentEvent(
      eventMessage('document.extracted', attributes({ extraction_attempts: 2 }), 'n-ok'),
      h.deps,
      first,
    );

    const late = await handleDocumentEvent(
      eventMessage('document.extraction_failed', failedAttributes(1), 'n-late'),
      h.deps,
      first,
    );

    expect(late).toBe('ignored_after_success');
    expect(h.sink.failures.size).toBe(0);
    expect(h.queue.sent).toEqual([]);
    expect(await h.ledger.get(`outcome/${DOC}`)).toBe('extracted');
  });

  it('lets a success after a routed failure win: result written, failure file removed, outcome kept', async () => {
    const h = harness({ maxReextracts: 0 });
    await ingested(h.ledger);
    await handleDocumentEvent(
      eventMessage('document.extraction_failed', failedAttributes(1), 'n-fail'),
      h.deps,
      first,
    );
    expect(h.sink.failures.has(DOC)).toBe(true);

    const success = eventMessage('document.extracted', attributes({ extraction_attempts: 2 }), 'n-ok');
    expect(await handleDocumentEvent(success, h.deps, first)).toBe('recovered');

    expect(h.sink.failures.has(DOC)).toBe(false);
    expect(h.sink.results.get(DOC)?.status).toBe('extracted');
    expect(await h.ledger.get(`outcome/${DOC}`)).toBe('failed');
    expect(await h.ledger.get(`recovered/${DOC}`)).toBeDefined();
    // A redelivery of the same success changes nothing more.
    expect(await handleDocumentEvent({ ...success, notificationId: 'n-ok-2' }, h.deps, first)).toBe(
      'duplicate',
    );
  });

  it('ignores a failure older than one already seen', async () => {
    const h = harness({ maxReextracts: 2 });
    await ingested(h.ledger);
    await handleDocumentEvent(
      eventMessage('document.extraction_failed', failedAttributes(2), 'n-2'),
      h.deps,
      first,
    );

    const stale = await handleDocumentEvent(
      eventMessage('document.extraction_failed', failedAttributes(1), 'n-1'),
      h.deps,
      first,
    );

    expect(stale).toBe('ignored_stale_attempt');
    expect(h.queue.sent.map((sent) => sent.body)).toEqual([
      { kind: 'reextract', version: 1, documentId: DOC, attempt: 2 },
    ]);
  });

  it('ignores a late failure once the final failure was routed', async () => {
    const h = harness({ maxReextracts: 1 });
    await ingested(h.ledger);
    await handleDocumentEvent(
      eventMessage('document.extraction_failed', failedAttributes(2), 'n-2'),
      h.deps,
      first,
    );

    expect(
      await handleDocumentEvent(
        eventMessage('document.extraction_failed', failedAttributes(1), 'n-1'),
        h.deps,
        first,
      ),
    ).toBe('duplicate');
    expect(h.queue.sent).toEqual([]);
  });

  it('lets the success win when a failure is routed between its read and its write', async () => {
    const h = harness();
    await ingested(h.ledger);
    // A ledger where a concurrent failure claims the outcome just before our write.
    const racing = new (class extends MemoryLedger {
      override async putIfAbsent(key: string, value: string): Promise<boolean> {
        if (key === `outcome/${DOC}` && !this.entries.has(key)) this.entries.set(key, 'failed');
        return super.putIfAbsent(key, value);
      }
    })();
    for (const [key, value] of h.ledger.entries) racing.entries.set(key, value);
    const state = stateFromWebhook(eventMessage('document.extracted', attributes()).payload, DOC);
    if (state === undefined) throw new Error('fixture has no document');

    expect(await recordExtracted(state, { ...h.deps, ledger: racing })).toBe('recovered');
    expect(h.sink.results.has(DOC)).toBe(true);
    expect(racing.entries.get(`recovered/${DOC}`)).toBeDefined();
  });
});
