import { describe, expect, it } from 'vitest';
import type { Origin } from '../../../pipeline/messages.ts';
import { handleDocumentEvent, handleOriginAdded } from '../../../pipeline/stages/events.ts';
import { harness } from './events-fakes.ts';
import { attributes, DOC, eventMessage, failedAttributes, ingested, SHA } from './events-fixtures.ts';

const late: Origin = {
  originId: 'folder-late',
  source: 'folder',
  fileName: 'copy of invoice.pdf',
  location: 'inbox/copy of invoice.pdf',
  receivedAt: '2026-01-02T00:00:00.000Z',
};

const addLateOrigin = async (h: ReturnType<typeof harness>) => {
  await h.ledger.putIfAbsent(`origin/${SHA}/${late.originId}`, JSON.stringify(late));
  return handleOriginAdded(
    { kind: 'origin_added', version: 1, documentId: DOC, originId: late.originId },
    h.deps,
  );
};

describe('events stage: an origin that arrives after the outcome', () => {
  it('is added to the result file', async () => {
    const h = harness();
    await ingested(h.ledger);
    await handleDocumentEvent(eventMessage('document.extracted', attributes()), h.deps, { receiveCount: 1 });

    expect(await addLateOrigin(h)).toBe(true);
    expect(h.sink.results.get(DOC)?.origins.map((origin) => origin.origin_id)).toEqual([
      'folder-1',
      'folder-late',
      'imap-7',
    ]);
  });

  it('is added to the failure file', async () => {
    const h = harness({ maxReextracts: 0 });
    await ingested(h.ledger);
    await handleDocumentEvent(eventMessage('document.extraction_failed', failedAttributes(1)), h.deps, {
      receiveCount: 1,
    });

    expect(await addLateOrigin(h)).toBe(true);
    expect(h.sink.failures.get(DOC)?.origins).toHaveLength(3);
  });

  it('changes nothing before the outcome, which will list every origin anyway', async () => {
    const h = harness();
    await ingested(h.ledger);
    expect(await addLateOrigin(h)).toBe(false);
    expect(h.sink.results.size).toBe(0);

    await handleDocumentEvent(eventMessage('document.extracted', attributes()), h.deps, { receiveCount: 1 });
    expect(h.sink.results.get(DOC)?.origins).toHaveLength(3);
  });
});
