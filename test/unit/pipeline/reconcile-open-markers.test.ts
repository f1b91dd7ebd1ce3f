import { describe, expect, it } from 'vitest';
import { BACKFILL_BATCH_ENTRIES, backfillOpenMarkers } from '../../../pipeline/ledger/backfill.ts';
import { ledgerEntries } from '../../../pipeline/ledger/values.ts';
import { handleDocumentEvent } from '../../../pipeline/stages/events.ts';
import type { ReconcileDeps } from '../../../pipeline/stages/reconcile.ts';
import { reconcileOnce } from '../../../pipeline/stages/reconcile.ts';
import { type Harness, harness } from './events-fakes.ts';
import {
  attributes,
  documentResource,
  eventMessage,
  ingested,
  representation,
  SHA,
} from './events-fixtures.ts';

const THRESHOLD_S = 300;
const CREATED = Date.UTC(2026, 0, 1);
const AT = new Date(CREATED).toISOString();

const setup = () => {
  const h = harness();
  h.clock.set(CREATED);
  const listed: string[] = [];
  const list = h.ledger.list.bind(h.ledger);
  h.ledger.list = (prefix) => {
    listed.push(prefix);
    return list(prefix);
  };
  const deps: ReconcileDeps = { ...h.deps, reconcileAfterSeconds: THRESHOLD_S };
  return { ...h, reconcile: deps, listed };
};

const serve = (h: Harness, id: string): void => {
  h.client.documents.set(id, {
    data: documentResource(attributes({ id })),
    included: [representation(id)],
  });
};

/** A document the events stage has finished: outcome written and marker closed. */
const decided = async (h: Harness, id: string): Promise<void> => {
  await ingested(h.ledger, id, AT);
  await handleDocumentEvent(eventMessage('document.extracted', attributes({ id }), `n-${id}`), h.deps, {
    receiveCount: 1,
  });
};

describe('reconciler: open-document markers', () => {
  it('lists only the open markers, however long the history', async () => {
    const h = setup();
    for (const id of ['doc-1', 'doc-2', 'doc-3']) await decided(h, id);
    await ingested(h.ledger, 'doc-open', AT);
    serve(h, 'doc-open');
    h.clock.advance(THRESHOLD_S * 1000 + 1);
    h.listed.length = 0;

    const summary = await reconcileOnce(h.reconcile);

    expect(summary).toMatchObject({ documents: 1, overdue: 1, lookedUp: 1, actions: { recovered: 1 } });
    expect(
      h.listed.filter((prefix) => !prefix.startsWith('origin/') && !prefix.startsWith('attempt/')),
    ).toEqual(['open/']);
    expect(await h.ledger.list('open/')).toEqual([]);
  });

  it('closes a marker left open beside a written outcome (a crash between the two)', async () => {
    const h = setup();
    await decided(h, 'doc-1');
    // What a redelivered intake message writes after the outcome closed the marker.
    const reopened = ledgerEntries.open('doc-1', { sha256: SHA, createdAt: CREATED });
    await h.ledger.putIfAbsent(reopened.key, reopened.value);
    serve(h, 'doc-1');
    h.clock.advance(THRESHOLD_S * 1000 + 1);

    expect(await reconcileOnce(h.reconcile)).toMatchObject({ actions: { unchanged: 1 } });
    expect(await h.ledger.list('open/')).toEqual([]);
    expect(await reconcileOnce(h.reconcile)).toMatchObject({ documents: 0, lookedUp: 0 });
  });
});

describe('upgrading a ledger written before open markers', () => {
  /** What older versions wrote: `by-doc/` with epoch milliseconds, no `open/`. */
  const legacy = async (h: Harness, id: string): Promise<void> => {
    await h.ledger.putIfAbsent(`by-doc/${id}`, JSON.stringify({ sha256: SHA, createdAt: CREATED }));
  };

  it('marks every document without an outcome once, so the reconciler finds it again', async () => {
    const h = setup();
    await legacy(h, 'doc-old-open');
    await legacy(h, 'doc-old-done');
    await h.ledger.putIfAbsent('outcome/doc-old-done', 'extracted');

    expect(await backfillOpenMarkers(h.ledger, h.clock)).toBe(1);
    expect((await h.ledger.list('open/')).map((entry) => entry.key)).toEqual(['open/doc-old-open']);

    serve(h, 'doc-old-open');
    h.clock.advance(THRESHOLD_S * 1000 + 1);
    expect(await reconcileOnce(h.reconcile)).toMatchObject({ actions: { recovered: 1 } });
    expect(await h.ledger.get('outcome/doc-old-open')).toBe('extracted');
  });

  it('marks a history longer than one batch', async () => {
    const h = setup();
    const count = BACKFILL_BATCH_ENTRIES * 2 + 1;
    for (let n = 0; n < count; n += 1) await legacy(h, `doc-${n}`);

    expect(await backfillOpenMarkers(h.ledger, h.clock)).toBe(count);
    expect(await h.ledger.list('open/')).toHaveLength(count);
  });

  it('runs once: a later start lists nothing', async () => {
    const h = setup();
    await legacy(h, 'doc-old-open');
    await backfillOpenMarkers(h.ledger, h.clock);
    h.listed.length = 0;

    expect(await backfillOpenMarkers(h.ledger, h.clock)).toBe(0);
    expect(h.listed).toEqual([]);
  });
});
