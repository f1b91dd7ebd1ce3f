import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/domain/clock.ts';
import type { ExtractDocument, ExtractionResult } from '../../../src/extraction/extract-document.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { AccountStore } from '../../../src/service/accounts/account-store.ts';
import { SERVICE_MIGRATION_NAMESPACE, SERVICE_MIGRATIONS } from '../../../src/service/db/service-schema.ts';
import { DocumentStore } from '../../../src/service/documents/document-store.ts';
import { EmailSubmissionStore } from '../../../src/service/documents/email-submission-store.ts';
import { ExtractionOutcomeStore } from '../../../src/service/documents/extraction-outcome-store.ts';
import {
  type DocumentEventNotifier,
  extractionRetryDelaySeconds,
  MAX_EXTRACTION_RECEIVES,
  processExtractionJob,
} from '../../../src/service/documents/process-extraction-job.ts';
import { BlobFiles } from '../../../src/service/uploads/blob-files.ts';
import { UploadStore } from '../../../src/service/uploads/upload-store.ts';
import { migrate, openDatabase } from '../../../src/store/database.ts';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const extracted: ExtractionResult = {
  ok: true,
  documentType: 'other',
  classificationNotes: null,
  schemaVersion: 'v1',
  payload: { page_count: 1 },
};

async function setup(extract: ExtractDocument = async () => extracted) {
  const dir = await mkdtemp(join(tmpdir(), 'stevedore-job-'));
  dirs.push(dir);
  const clock = new ManualClock();
  const db = openDatabase(':memory:');
  migrate(db, SERVICE_MIGRATION_NAMESPACE, SERVICE_MIGRATIONS);
  const account = new AccountStore(db, clock).create('a');
  const uploads = new UploadStore(db, clock);
  const files = new BlobFiles(dir);
  await files.init();
  const bytes = Buffer.from('some bytes');
  const received = await files.receive(Readable.from([bytes]), bytes.length);
  await files.keep(received);
  const blob = uploads.create({
    accountId: account.id,
    filename: 'a.pdf',
    contentType: 'application/pdf',
    byteSize: bytes.length,
    checksum: received.md5Base64,
  });
  uploads.markUploaded(blob.id, received.sha256);
  const documents = new DocumentStore(db, clock);
  const inserted = documents.insert({
    accountId: account.id,
    blobId: blob.id,
    name: 'a',
    source: 'api',
    sha256: received.sha256,
    fileName: 'a.pdf',
    fileContentType: 'application/pdf',
    fileSizeBytes: bytes.length,
  });
  if (!inserted.created) throw new Error('fixture document not created');
  const events: Array<{ event: string; extractionAttempt: number }> = [];
  const notifier: DocumentEventNotifier = {
    publishDocumentEvent: ({ event, extractionAttempt }) => {
      events.push({ event, extractionAttempt });
    },
  };
  const deps = {
    documents,
    outcomes: new ExtractionOutcomeStore(db, clock),
    emailSubmissions: new EmailSubmissionStore(db, clock),
    files,
    extract,
    notifier,
    logger: silentLogger,
  };
  return { deps, documents, events, document: inserted.document, accountId: account.id };
}

const context = (receiveCount = 1) => ({ receiveCount, signal: new AbortController().signal });

describe('processExtractionJob', () => {
  it('writes the outcome and publishes once per attempt, even when the job is delivered twice', async () => {
    const { deps, documents, events, document } = await setup();
    const job = { documentId: document.id, attempt: 1 };
    expect(await processExtractionJob(deps, job, context())).toBe('done');
    expect(await processExtractionJob(deps, job, context(2))).toBe('done');
    expect(documents.find(document.id)).toMatchObject({ extractionStatus: 'extracted', outcomeAttempt: 1 });
    // The second delivery republishes; the notifier dedupes on (document, attempt, event).
    expect(events).toEqual([
      { event: 'document.extracted', extractionAttempt: 1 },
      { event: 'document.extracted', extractionAttempt: 1 },
    ]);
  });

  it('drops the outcome of an attempt that a reextract superseded while it ran', async () => {
    let release: ((result: ExtractionResult) => void) | undefined;
    const { deps, documents, events, document, accountId } = await setup(
      () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    );
    const running = processExtractionJob(deps, { documentId: document.id, attempt: 1 }, context());
    await expect.poll(() => release).toBeDefined();
    documents.startAttempt(accountId, document.id);
    release?.(extracted);
    expect(await running).toBe('done');
    expect(documents.find(document.id)).toMatchObject({
      extractionStatus: 'pending',
      extractionAttempts: 2,
      outcomeAttempt: 0,
      lastRepresentationId: null,
    });
    expect(events).toEqual([]);
  });

  it('drops a job for an attempt that is no longer current without extracting', async () => {
    let calls = 0;
    const { deps, documents, document, accountId } = await setup(async () => {
      calls += 1;
      return extracted;
    });
    documents.startAttempt(accountId, document.id);
    expect(await processExtractionJob(deps, { documentId: document.id, attempt: 1 }, context())).toBe('done');
    expect(calls).toBe(0);
  });

  it('asks for a retry after a crash, and fails with extractor_error on the last delivery', async () => {
    const { deps, documents, events, document } = await setup(async () => {
      throw new Error('boom');
    });
    const job = { documentId: document.id, attempt: 1 };
    expect(await processExtractionJob(deps, job, context(1))).toBe('retry');
    expect(documents.find(document.id)?.extractionStatus).toBe('processing');
    expect(await processExtractionJob(deps, job, context(MAX_EXTRACTION_RECEIVES))).toBe('done');
    expect(documents.find(document.id)).toMatchObject({
      extractionStatus: 'failed',
      extractionError: { reason: 'extractor_error', detail: expect.stringContaining('boom') },
    });
    expect(events).toEqual([{ event: 'document.extraction_failed', extractionAttempt: 1 }]);
  });

  it('treats a hung extraction as a crash', async () => {
    const { deps, document } = await setup(() => new Promise(() => undefined));
    const outcome = await processExtractionJob(
      { ...deps, timeoutMs: 20 },
      { documentId: document.id, attempt: 1 },
      context(1),
    );
    expect(outcome).toBe('retry');
  });

  it('backs off between crash retries, capped', () => {
    expect([1, 2, 3, 10].map(extractionRetryDelaySeconds)).toEqual([5, 10, 20, 60]);
  });
});
