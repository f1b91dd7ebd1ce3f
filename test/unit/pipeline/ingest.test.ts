import { beforeEach, describe, expect, it } from 'vitest';
import type { IntakeMessage } from '../../../pipeline/messages.ts';
import { encodeMessage } from '../../../pipeline/messages.ts';
import {
  handleIntake,
  type IngestDeps,
  parseIntake,
  StagedBlobMissingError,
} from '../../../pipeline/stages/ingest.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { MemoryLedger } from './events-fakes.ts';
import { FakeServiceClient, intake, MemoryBlobStore } from './ingest-fakes.ts';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');

describe('handleIntake', () => {
  let client: FakeServiceClient;
  let ledger: MemoryLedger;
  let blobs: MemoryBlobStore;
  let deps: IngestDeps;

  beforeEach(async () => {
    client = new FakeServiceClient();
    ledger = new MemoryLedger();
    blobs = new MemoryBlobStore();
    deps = { client, ledger, blobs, logger: silentLogger, clock: new ManualClock() };
  });

  const stage = async (message: IntakeMessage, bytes: Buffer) => blobs.put(message.blobKey, bytes);

  it('uploads new content, creates the document under the file name and records it in the ledger', async () => {
    const message = intake(PDF, 'origin-1', 'Rechnung 4711.pdf');
    await stage(message, PDF);
    expect(await handleIntake(message, deps)).toEqual({ documentId: 'doc-1', result: 'created' });
    expect(client.calls).toEqual(['createDirectUpload', 'uploadBlob', 'createDocument']);
    expect(client.documents.get('doc-1')?.attributes.name).toBe('Rechnung 4711.pdf');
    expect(ledger.entries.get(`doc/${message.sha256}`)).toBe('doc-1');
    expect(JSON.parse(ledger.entries.get('by-doc/doc-1') ?? '')).toEqual({
      sha256: message.sha256,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(JSON.parse(ledger.entries.get(`origin/${message.sha256}/origin-1`) ?? '')).toEqual(message.origin);
  });

  it('deletes its staged copy once the document is recorded, and a redelivery needs no bytes', async () => {
    const message = intake(PDF, 'origin-1');
    await stage(message, PDF);
    await handleIntake(message, deps);
    expect(await blobs.exists(message.blobKey)).toBe(false);
    client.calls.length = 0;
    expect(await handleIntake(message, deps)).toEqual({ documentId: 'doc-1', result: 'known' });
    expect(client.calls).toEqual([]);
  });

  it('makes no API call for content the ledger already has, and records the new origin', async () => {
    const first = intake(PDF, 'origin-1');
    await stage(first, PDF);
    await handleIntake(first, deps);
    client.calls.length = 0;

    const again = intake(PDF, 'origin-2', 'copy of invoice.pdf');
    await stage(again, PDF);
    expect(await handleIntake(again, deps)).toEqual({ documentId: 'doc-1', result: 'known' });
    expect(await blobs.exists(again.blobKey)).toBe(false);
    expect(client.calls).toEqual([]);
    expect((await ledger.list(`origin/${first.sha256}/`)).map((entry) => entry.key)).toEqual([
      `origin/${first.sha256}/origin-1`,
      `origin/${first.sha256}/origin-2`,
    ]);
  });

  it('announces a new origin of known content on the events queue', async () => {
    const sent: string[] = [];
    const withEvents = { ...deps, originEvents: { send: async (body: string) => String(sent.push(body)) } };
    const first = intake(PDF, 'origin-1');
    await stage(first, PDF);
    await handleIntake(first, withEvents);
    expect(sent).toEqual([]);

    const again = intake(PDF, 'origin-2', 'copy.pdf');
    await stage(again, PDF);
    await handleIntake(again, withEvents);
    expect(sent.map((body) => JSON.parse(body))).toEqual([
      { kind: 'origin_added', version: 1, documentId: 'doc-1', originId: 'origin-2' },
    ]);
  });

  it('records the existing document when the service answers 409 duplicate_document', async () => {
    const message = intake(PDF, 'origin-1');
    await stage(message, PDF);
    await handleIntake(message, { ...deps, ledger: new MemoryLedger() }); // the service now has the content
    await stage(message, PDF); // the redelivered message's copy, as if the first run crashed before deleting it

    expect(await handleIntake(message, deps)).toEqual({ documentId: 'doc-1', result: 'duplicate' });
    expect(client.documents.size).toBe(1);
    expect(ledger.entries.get(`doc/${message.sha256}`)).toBe('doc-1');
    expect(ledger.entries.has('by-doc/doc-1')).toBe(true);
  });

  it('opens no marker for content another client created and the events stage already decided', async () => {
    const message = intake(PDF, 'origin-1');
    await stage(message, PDF);
    await handleIntake(message, { ...deps, ledger: new MemoryLedger() }); // another client's upload
    await ledger.putIfAbsent('outcome/doc-1', 'extracted'); // its webhook, handled as a foreign document
    await stage(message, PDF);

    expect(await handleIntake(message, deps)).toEqual({ documentId: 'doc-1', result: 'duplicate' });
    expect(ledger.entries.has('open/doc-1')).toBe(false);
    expect(ledger.entries.has('by-doc/doc-1')).toBe(true);
  });

  it('writes its ledger entries in one batch, the open marker first and doc/ last', async () => {
    const message = intake(PDF, 'origin-1');
    await stage(message, PDF);
    const batches: string[][] = [];
    const putAll = ledger.putAllIfAbsent.bind(ledger);
    ledger.putAllIfAbsent = (entries) => {
      batches.push(entries.map((entry) => entry.key));
      return putAll(entries);
    };

    await handleIntake(message, deps);

    expect(batches).toEqual([
      ['open/doc-1', 'by-doc/doc-1', `origin/${message.sha256}/origin-1`, `doc/${message.sha256}`],
    ]);
  });

  it.each(['open/', 'by-doc/', 'origin/', 'doc/'])(
    'creates one document when it crashes before writing %s and the message is redelivered',
    async (prefix) => {
      const message = intake(PDF, 'origin-1');
      await stage(message, PDF);
      ledger.crashBefore.add(prefix);
      await expect(handleIntake(message, deps)).rejects.toThrow('crash before writing');

      expect(await handleIntake(message, deps)).toMatchObject({ documentId: 'doc-1' });
      expect(client.documents.size).toBe(1);
      expect(ledger.entries.get(`doc/${message.sha256}`)).toBe('doc-1');
      expect(ledger.entries.has('by-doc/doc-1')).toBe(true);
      expect(ledger.entries.has(`origin/${message.sha256}/origin-1`)).toBe(true);
      expect(ledger.entries.has('open/doc-1')).toBe(true);
    },
  );

  it('creates one document for the same bytes arriving in two messages at once', async () => {
    const a = intake(PDF, 'origin-a', 'a.pdf');
    const b = intake(PDF, 'origin-b', 'b.pdf');
    await stage(a, PDF);
    await stage(b, PDF);
    const outcomes = await Promise.all([handleIntake(a, deps), handleIntake(b, deps)]);
    expect(new Set(outcomes.map((outcome) => outcome.documentId))).toEqual(new Set(['doc-1']));
    expect(client.documents.size).toBe(1);
    expect(await ledger.list(`origin/${a.sha256}/`)).toHaveLength(2);
  });

  it('gives a retried upload the whole body again', async () => {
    client.uploadReads = 3;
    const message = intake(PDF, 'origin-1');
    await stage(message, PDF);
    await expect(handleIntake(message, deps)).resolves.toMatchObject({ result: 'created' });
  });

  it('fails without calling the service when the staged blob is gone', async () => {
    const message = intake(PDF, 'origin-1');
    await expect(handleIntake(message, deps)).rejects.toBeInstanceOf(StagedBlobMissingError);
    expect(client.calls).toEqual([]);
  });

  it('starts no API call once its signal has aborted', async () => {
    const message = intake(PDF, 'origin-1');
    await stage(message, PDF);
    const controller = new AbortController();
    controller.abort(new Error('stopping'));
    await expect(handleIntake(message, { ...deps, signal: controller.signal })).rejects.toThrow('stopping');
    expect(client.calls).toEqual([]);
  });
});

describe('parseIntake', () => {
  it('parses an encoded intake message', () => {
    const message = intake(PDF, 'origin-1');
    expect(parseIntake(encodeMessage(message))).toEqual(message);
  });

  it.each([
    ['not JSON', '{oops'],
    ['another kind', JSON.stringify({ kind: 'reextract', version: 1, documentId: 'd', attempt: 1 })],
    ['a bad hash', JSON.stringify({ ...intake(PDF, 'o'), sha256: 'abc' })],
  ])('rejects %s with validation_failed', (_label, body) => {
    expect(() => parseIntake(body)).toThrow(expect.objectContaining({ code: 'validation_failed' }));
  });
});
