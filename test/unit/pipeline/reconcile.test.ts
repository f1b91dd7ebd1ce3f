import { describe, expect, it } from 'vitest';
import { handleDocumentEvent } from '../../../pipeline/stages/events.ts';
import {
  type ReconcileDeps,
  type ReconcileSummary,
  reconcileOnce,
} from '../../../pipeline/stages/reconcile.ts';
import { startReconciler } from '../../../pipeline/stages/reconcile-loop.ts';
import { type Harness, harness } from './events-fakes.ts';
import {
  attributes,
  DOC,
  documentResource,
  eventMessage,
  failedAttributes,
  ingested,
  representation,
} from './events-fixtures.ts';

const THRESHOLD_S = 300;
const CREATED = Date.UTC(2026, 0, 1);

const setup = (options: { maxReextracts?: number; maxLookupsPerPass?: number } = {}) => {
  const h = harness(options);
  h.clock.set(CREATED);
  const deps: ReconcileDeps = {
    ...h.deps,
    reconcileAfterSeconds: THRESHOLD_S,
    maxLookupsPerPass: options.maxLookupsPerPass,
  };
  return { ...h, reconcile: deps };
};

const serve = (h: Harness, attrs = attributes(), withRepresentation = true): void => {
  h.client.documents.set(attrs.id, {
    data: documentResource(attrs, withRepresentation),
    included: withRepresentation ? [representation(attrs.id)] : [],
  });
};

const minutes = (n: number): number => n * 60_000;

describe('reconcileOnce', () => {
  it('recovers a lost document.extracted webhook with the same result the webhook would write', async () => {
    const h = setup();
    await ingested(h.ledger, DOC, new Date(CREATED).toISOString());
    serve(h);
    h.clock.advance(THRESHOLD_S * 1000 + 1);

    const summary = await reconcileOnce(h.reconcile);

    expect(summary).toMatchObject({ documents: 1, overdue: 1, lookedUp: 1, actions: { recovered: 1 } });
    expect(await h.ledger.get(`outcome/${DOC}`)).toBe('extracted');
    const viaReconciler = h.sink.results.get(DOC);

    const other = setup();
    await ingested(other.ledger, DOC, new Date(CREATED).toISOString());
    await handleDocumentEvent(eventMessage('document.extracted', attributes()), other.deps, {
      receiveCount: 1,
    });
    expect(viaReconciler).toEqual(other.sink.results.get(DOC));
  });

  it('leaves documents younger than the threshold and documents with an outcome alone', async () => {
    const h = setup();
    await ingested(h.ledger, DOC, new Date(CREATED).toISOString());
    await ingested(h.ledger, 'doc-decided', new Date(CREATED).toISOString());
    await h.ledger.putIfAbsent('outcome/doc-decided', 'extracted');
    h.clock.advance(THRESHOLD_S * 1000 - 1);

    expect(await reconcileOnce(h.reconcile)).toMatchObject({ documents: 2, overdue: 0, lookedUp: 0 });
    expect(h.client.fetched).toEqual([]);
  });

  it('handles a failure whose webhook was lost as the webhook would have', async () => {
    const h = setup();
    await ingested(h.ledger, DOC, new Date(CREATED).toISOString());
    serve(h, failedAttributes(1), false);
    h.clock.advance(minutes(6));

    const summary = await reconcileOnce(h.reconcile);

    expect(summary.actions.recovered).toBe(1);
    expect(h.queue.sent.map((sent) => sent.body)).toEqual([
      { kind: 'reextract', version: 1, documentId: DOC, attempt: 1 },
    ]);
  });

  it('waits while a seen failure waits out its re-extraction backoff, then schedules it again', async () => {
    const h = setup();
    await ingested(h.ledger, DOC, new Date(CREATED).toISOString());
    await handleDocumentEvent(eventMessage('document.extraction_failed', failedAttributes(1)), h.deps, {
      receiveCount: 1,
    });
    serve(h, failedAttributes(1), false);
    h.clock.advance(minutes(5) + 1);

    expect((await reconcileOnce(h.reconcile)).actions.waiting_for_reextract).toBe(1);
    expect(h.queue.sent).toHaveLength(1);

    // The re-extraction message was lost (dead-lettered, say): past threshold + backoff it is sent again.
    h.clock.advance(minutes(1));
    expect((await reconcileOnce(h.reconcile)).actions.recovered).toBe(1);
    expect(h.queue.sent).toHaveLength(2);
  });

  it('re-extracts a document stuck in processing once, measured from its last change', async () => {
    const h = setup();
    await ingested(h.ledger, DOC, new Date(CREATED).toISOString());
    const updatedAt = new Date(CREATED + minutes(10)).toISOString();
    serve(h, attributes({ extraction_status: 'processing', updated_at: updatedAt }), false);

    h.clock.set(CREATED + minutes(10) + minutes(14));
    expect((await reconcileOnce(h.reconcile)).actions.in_progress).toBe(1);

    h.clock.set(CREATED + minutes(10) + minutes(15));
    expect((await reconcileOnce(h.reconcile)).actions.nudged).toBe(1);
    expect((await reconcileOnce(h.reconcile)).actions.in_progress).toBe(1);
    expect(h.client.reextracted).toEqual([DOC]);
  });

  it('counts a failed lookup and carries on with the next document', async () => {
    const h = setup();
    await ingested(h.ledger, 'doc-missing', new Date(CREATED).toISOString());
    await ingested(h.ledger, DOC, new Date(CREATED + 1).toISOString());
    serve(h);
    h.clock.advance(minutes(6));

    const summary = await reconcileOnce(h.reconcile);

    expect(summary.actions).toMatchObject({ error: 1, recovered: 1 });
  });

  it('skips a malformed by-doc entry and recovers the others', async () => {
    const h = setup();
    await h.ledger.putIfAbsent('by-doc/doc-bad', '{"sha256":');
    await ingested(h.ledger, DOC, new Date(CREATED).toISOString());
    serve(h);
    h.clock.advance(minutes(6));

    expect(await reconcileOnce(h.reconcile)).toMatchObject({ overdue: 1, actions: { recovered: 1 } });
  });

  it('looks up at most maxLookupsPerPass documents, oldest first', async () => {
    const h = setup({ maxLookupsPerPass: 1 });
    await ingested(h.ledger, 'doc-b', new Date(CREATED + 1).toISOString());
    await ingested(h.ledger, 'doc-a', new Date(CREATED + 2).toISOString());
    serve(h, attributes({ id: 'doc-b' }));
    h.clock.advance(minutes(6));

    expect(await reconcileOnce(h.reconcile)).toMatchObject({ overdue: 2, lookedUp: 1 });
    expect(h.client.fetched).toEqual(['doc-b']);
  });
});

describe('startReconciler', () => {
  it('runs passes until stopped', async () => {
    const h = setup();
    await ingested(h.ledger, DOC, new Date(CREATED).toISOString());
    serve(h);
    h.clock.advance(minutes(6));
    const summaries: ReconcileSummary[] = [];
    const reconciler = startReconciler({
      deps: h.reconcile,
      intervalMs: 5_000,
      onPass: (summary) => summaries.push(summary),
    });
    // Passes are paced by the injected clock: each advance of one interval runs exactly one more pass.
    for (const count of [1, 2]) {
      h.clock.advance(5_000);
      for (let turn = 0; turn < 50 && summaries.length < count; turn += 1) {
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    await reconciler.stop();
    h.clock.advance(60_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(summaries).toHaveLength(2);

    expect(summaries.map((summary) => summary.overdue)).toEqual([1, 0]);
    expect(h.sink.results.has(DOC)).toBe(true);
    expect(h.client.fetched).toEqual([DOC]);
  });

  it('refuses a non-positive interval', () => {
    expect(() => startReconciler({ deps: setup().reconcile, intervalMs: 0 })).toThrow(RangeError);
  });
});
