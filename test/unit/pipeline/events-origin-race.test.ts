import { describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../../pipeline/ledger/values.ts';
import type { Origin } from '../../../pipeline/messages.ts';
import type { ExtractionResultRecord } from '../../../pipeline/sinks/result-records.ts';
import {
  handleDocumentEvent,
  handleOriginAdded,
  UNKNOWN_DOCUMENT_MAX_RECEIVES,
} from '../../../pipeline/stages/events.ts';
import { type Harness, harness } from './events-fakes.ts';
import { attributes, DOC, eventMessage, failedAttributes, ingested, SHA } from './events-fixtures.ts';

/**
 * The race a review found: an `origin_added` message handled after the outcome writer read the origins
 * but before it wrote `outcome/` finds no outcome, is acknowledged, and changes nothing. The ledger's
 * `beforeWrite` hook runs that handler at exactly that point, so the interleaving is the same every run.
 */

const late: Origin = {
  originId: 'folder-late',
  source: 'folder',
  fileName: 'copy of invoice.pdf',
  location: 'inbox/copy of invoice.pdf',
  receivedAt: '2026-01-02T00:00:00.000Z',
};

/** What ingest and the events stage do for a late copy of the content: record it, then announce it. */
const addLateOrigin = async (h: Harness): Promise<boolean> => {
  const entry = ledgerEntries.origin(SHA, late);
  await h.ledger.putIfAbsent(entry.key, entry.value);
  return handleOriginAdded(
    { kind: 'origin_added', version: 1, documentId: DOC, originId: late.originId },
    h.deps,
  );
};

/** Runs `addLateOrigin` once, just before the outcome is written; answers what the handler returned. */
const beforeOutcome = (h: Harness): { handled: () => boolean | undefined } => {
  let handled: boolean | undefined;
  let armed = true;
  h.ledger.beforeWrite = async (key) => {
    if (!armed || key !== `outcome/${DOC}`) return;
    armed = false;
    handled = await addLateOrigin(h);
  };
  return { handled: () => handled };
};

const originIds = (record: { origins: readonly { origin_id: string }[] } | undefined) =>
  record?.origins.map((origin) => origin.origin_id);

describe('events stage: an origin announced while the outcome is written', () => {
  it('still lands in the result file, though its message found no outcome', async () => {
    const h = harness();
    await ingested(h.ledger);
    const race = beforeOutcome(h);

    await handleDocumentEvent(eventMessage('document.extracted', attributes()), h.deps, { receiveCount: 1 });

    expect(race.handled()).toBe(false);
    expect(originIds(h.sink.results.get(DOC))).toEqual(['folder-1', 'folder-late', 'imap-7']);
    expect(await h.ledger.list('open/')).toEqual([]);
  });

  it('still lands in the failure file', async () => {
    const h = harness({ maxReextracts: 0 });
    await ingested(h.ledger);
    const race = beforeOutcome(h);

    await handleDocumentEvent(eventMessage('document.extraction_failed', failedAttributes(1)), h.deps, {
      receiveCount: 1,
    });

    expect(race.handled()).toBe(false);
    expect(originIds(h.sink.failures.get(DOC))).toEqual(['folder-1', 'folder-late', 'imap-7']);
  });

  it('lands after a crash between the outcome and the rewrite, when the event is delivered again', async () => {
    const h = harness();
    await ingested(h.ledger);
    beforeOutcome(h);
    const writeResult = h.sink.writeResult.bind(h.sink);
    let writes = 0;
    h.sink.writeResult = async (record: ExtractionResultRecord) => {
      writes += 1;
      if (writes === 2) throw new Error('crash before the rewrite');
      await writeResult(record);
    };
    const message = eventMessage('document.extracted', attributes());

    await expect(handleDocumentEvent(message, h.deps, { receiveCount: 1 })).rejects.toThrow('crash');
    expect(originIds(h.sink.results.get(DOC))).toEqual(['folder-1', 'imap-7']);
    expect(await h.ledger.list('open/')).toHaveLength(1);

    expect(await handleDocumentEvent(message, h.deps, { receiveCount: 2 })).toBe('duplicate');
    expect(originIds(h.sink.results.get(DOC))).toEqual(['folder-1', 'folder-late', 'imap-7']);
    expect(await h.ledger.list('open/')).toEqual([]);
  });

  it('is kept when two announcements update the file at once', async () => {
    const h = harness();
    await ingested(h.ledger);
    await handleDocumentEvent(eventMessage('document.extracted', attributes()), h.deps, { receiveCount: 1 });
    // The first handler read the origins before the second origin was recorded, and writes after it.
    const updateOrigins = h.sink.updateOrigins.bind(h.sink);
    let stale = true;
    h.sink.updateOrigins = async (documentId, provenance) => {
      if (stale) {
        stale = false;
        await addLateOrigin(h);
      }
      return updateOrigins(documentId, provenance);
    };

    await handleOriginAdded(
      { kind: 'origin_added', version: 1, documentId: DOC, originId: 'imap-7' },
      h.deps,
    );

    expect(originIds(h.sink.results.get(DOC))).toEqual(['folder-1', 'folder-late', 'imap-7']);
  });

  it('puts the digest in too when the outcome was written before ingest recorded the document', async () => {
    // A restart: the service had the document and its webhook came back more often than the events stage
    // waits for ingest, which recorded the document only after.
    const h = harness();
    await handleDocumentEvent(eventMessage('document.extracted', attributes()), h.deps, {
      receiveCount: UNKNOWN_DOCUMENT_MAX_RECEIVES,
    });
    expect(h.sink.results.get(DOC)).toMatchObject({
      sha256: null,
      origins: [{ origin_id: `service:${DOC}` }],
    });

    await ingested(h.ledger);
    await handleOriginAdded(
      { kind: 'origin_added', version: 1, documentId: DOC, originId: 'folder-1' },
      h.deps,
    );

    expect(h.sink.results.get(DOC)?.sha256).toBe(SHA);
    expect(originIds(h.sink.results.get(DOC))).toEqual(['folder-1', 'imap-7']);
  });
});
