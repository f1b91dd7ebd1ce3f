import { describe, expect, it } from 'vitest';
import {
  DocumentNotYetKnownError,
  handleDocumentEvent,
  handleEventsMessage,
  handleReextract,
  UNKNOWN_DOCUMENT_MAX_RECEIVES,
  UNKNOWN_DOCUMENT_WAIT_SECONDS,
  WrongQueueError,
} from '../../../pipeline/stages/events.ts';
import { NotReadyError } from '../../../src/runtime/not-ready.ts';
import { harness } from './events-fakes.ts';
import {
  attributes,
  DOC,
  documentResource,
  eventMessage,
  ingested,
  representation,
  SHA,
} from './events-fixtures.ts';

const first = { receiveCount: 1 };

describe('events stage: document.extracted', () => {
  it('writes the result with the representation and every origin, then the outcome and the marker', async () => {
    const h = harness();
    await ingested(h.ledger);

    const action = await handleDocumentEvent(eventMessage('document.extracted', attributes()), h.deps, first);

    expect(action).toBe('extracted');
    const result = h.sink.results.get(DOC);
    expect(result).toMatchObject({
      status: 'extracted',
      document_id: DOC,
      document_type: 'commercial_invoice',
      schema_version: '2026-03-23',
      payload: { invoice_number: 'INV-1' },
      sha256: SHA,
    });
    expect(result?.origins.map((origin) => origin.origin_id)).toEqual(['folder-1', 'imap-7']);
    expect(result?.document.file_name).toBe('invoice.pdf');
    expect(await h.ledger.get(`outcome/${DOC}`)).toBe('extracted');
    expect(await h.ledger.get('event/n-1')).toContain('"action":"extracted"');
  });

  it('processes a notification delivered twice once', async () => {
    const h = harness();
    await ingested(h.ledger);
    const message = eventMessage('document.extracted', attributes());

    await handleDocumentEvent(message, h.deps, first);
    const again = await handleDocumentEvent(message, h.deps, { receiveCount: 2 });

    expect(again).toBe('duplicate');
    expect(h.sink.resultWrites).toBe(1);
  });

  it('is harmless when a crash lost the marker after the effect', async () => {
    const h = harness();
    await ingested(h.ledger);
    const message = eventMessage('document.extracted', attributes());
    await handleDocumentEvent(message, h.deps, first);
    h.ledger.entries.delete('event/n-1');

    expect(await handleDocumentEvent(message, h.deps, first)).toBe('duplicate');
    expect(h.sink.results.size).toBe(1);
    expect(await h.ledger.get('event/n-1')).toBeDefined();
  });

  it('is harmless when two copies of a notification run at once', async () => {
    const h = harness();
    await ingested(h.ledger);
    const message = eventMessage('document.extracted', attributes());

    const actions = await Promise.all([
      handleDocumentEvent(message, h.deps, first),
      handleDocumentEvent({ ...message, notificationId: 'n-copy' }, h.deps, first),
    ]);

    expect(actions.sort()).toEqual(['duplicate', 'extracted']);
    expect(h.sink.results.size).toBe(1);
    expect(await h.ledger.get(`outcome/${DOC}`)).toBe('extracted');
  });

  it('reads the document from the service when the payload does not include it', async () => {
    const h = harness();
    await ingested(h.ledger);
    const message = eventMessage('document.extracted', attributes());
    const bare = { ...message, payload: { ...message.payload, included: [] } };
    h.client.documents.set(DOC, { data: documentResource(attributes()), included: [representation()] });

    expect(await handleDocumentEvent(bare, h.deps, first)).toBe('extracted');
    expect(h.client.fetched).toEqual([DOC]);
    expect(h.sink.results.get(DOC)?.payload).toEqual(representation().attributes.payload);
  });

  it('retries an event for a document ingest has not recorded yet, then names the service as its origin', async () => {
    const h = harness();
    const message = eventMessage('document.extracted', attributes());

    await expect(handleDocumentEvent(message, h.deps, first)).rejects.toBeInstanceOf(
      DocumentNotYetKnownError,
    );
    expect(h.sink.results.size).toBe(0);

    expect(await handleDocumentEvent(message, h.deps, { receiveCount: 3 })).toBe('extracted');
    expect(h.sink.results.get(DOC)).toMatchObject({
      sha256: null,
      origins: [
        {
          origin_id: `service:${DOC}`,
          source: 'api',
          file_name: 'invoice.pdf',
          location: null,
          received_at: '2026-01-01T00:00:00.000Z',
        },
      ],
    });
    // Not ours, so never open: no counter of documents in flight moves.
    expect(await h.ledger.list('open/')).toEqual([]);
  });

  it('waits one short redelivery for an unknown document, as an expected wait and not a failure', async () => {
    const h = harness();
    const message = eventMessage('document.extracted', attributes());
    const error = await handleDocumentEvent(message, h.deps, first).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotReadyError);
    expect(error).toMatchObject({ retryAfterSeconds: UNKNOWN_DOCUMENT_WAIT_SECONDS, retryable: true });
    expect(UNKNOWN_DOCUMENT_MAX_RECEIVES).toBe(2);
    expect(await handleDocumentEvent(message, h.deps, { receiveCount: 2 })).toBe('extracted');
  });

  it('decides at once for a document the service says did not come in through the API', async () => {
    const h = harness();
    const message = eventMessage('document.extracted', attributes({ source: 'upload' }));
    expect(await handleDocumentEvent(message, h.deps, first)).toBe('extracted');
    expect(h.sink.results.get(DOC)?.origins.map((origin) => origin.source)).toEqual(['upload']);
  });

  it('takes the origin of a foreign document from the service when it says how it came in', async () => {
    const h = harness();
    const message = eventMessage('document.extracted', attributes({ source: 'email' }));
    await handleDocumentEvent(message, h.deps, first);
    expect(h.sink.results.get(DOC)?.origins.map((origin) => origin.source)).toEqual(['email']);
  });

  it('closes the open marker once the outcome file is written', async () => {
    const h = harness();
    await ingested(h.ledger);
    expect(await h.ledger.list('open/')).toHaveLength(1);
    await handleDocumentEvent(eventMessage('document.extracted', attributes()), h.deps, first);
    expect(await h.ledger.list('open/')).toEqual([]);
  });
});

describe('events stage: reextract messages', () => {
  const reextract = { kind: 'reextract', version: 1, documentId: DOC, attempt: 1 } as const;

  it('asks the service once per attempt number', async () => {
    const h = harness();
    expect(await handleReextract(reextract, h.deps)).toBe('requested');
    expect(await handleReextract(reextract, h.deps)).toBe('duplicate');
    expect(h.client.reextracted).toEqual([DOC]);
  });

  it('skips a document that reached an outcome meanwhile', async () => {
    const h = harness();
    await h.ledger.putIfAbsent(`outcome/${DOC}`, 'extracted');
    expect(await handleReextract(reextract, h.deps)).toBe('already_final');
    expect(h.client.reextracted).toEqual([]);
  });

  it('refuses a message that belongs on the intake queue', async () => {
    const h = harness();
    const body = JSON.stringify({
      kind: 'intake',
      version: 1,
      correlationId: 'c',
      origin: {
        originId: 'o',
        source: 'folder',
        fileName: 'f.pdf',
        location: null,
        receivedAt: '2026-01-01T00:00:00Z',
      },
      blobKey: 'b',
      sha256: SHA,
      md5Base64: 'x'.repeat(24),
      sizeBytes: 1,
      contentType: null,
    });
    await expect(
      handleEventsMessage({ id: 'x', body, receiveCount: 1, receiptHandle: 'h' }, h.deps),
    ).rejects.toBeInstanceOf(WrongQueueError);
  });
});
