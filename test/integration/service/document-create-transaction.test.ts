import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { documentResource } from '../../../src/contract/document.ts';
import { listDocument, singleDocument } from '../../../src/contract/json-api.ts';
import { EXTRACTION_QUEUE_NAME } from '../../../src/service/documents/extraction-jobs.ts';
import { SERVICE_DATABASE_FILE } from '../../../src/service/service.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { readInteger, readText } from '../../../src/store/sql-row.ts';
import { type Harness, postDocument, startService, upload } from './service-harness.ts';

describe('POST /documents commits the document and its extraction job together', () => {
  let h: Harness;
  let db: DatabaseSync;
  beforeEach(async () => {
    h = await startService({ startProcessing: false });
    // A second connection to the service's file, as another process would open it.
    db = openDatabase(join(h.dataDir, SERVICE_DATABASE_FILE));
  });
  afterEach(async () => {
    db.close();
    await h.close();
  });

  const jobs = () =>
    db
      .prepare('SELECT body FROM queue_messages WHERE queue = ?')
      .all(EXTRACTION_QUEUE_NAME)
      .map((row) => JSON.parse(readText(row, 'body')));

  it('writes the document, its job and the enqueued mark in one commit', async () => {
    const signedId = await upload(h, new TextEncoder().encode('one commit'));
    const response = await postDocument(h, 'one.pdf', signedId);
    expect(response.status).toBe(201);
    const { data } = singleDocument(documentResource).parse(await response.json());
    expect(jobs()).toEqual([{ documentId: data.id, attempt: 1 }]);
    const row = db.prepare('SELECT enqueued_attempt FROM documents WHERE id = ?').get(data.id);
    expect(row === undefined ? undefined : readInteger(row, 'enqueued_attempt')).toBe(1);
  });

  it('keeps no document when its job cannot be written, so a retry creates it rather than a 409', async () => {
    const signedId = await upload(h, new TextEncoder().encode('rolled back'));
    db.exec(`CREATE TRIGGER refuse_jobs BEFORE INSERT ON queue_messages
             BEGIN SELECT RAISE(ABORT, 'queue unavailable'); END`);
    const failed = await postDocument(h, 'r.pdf', signedId);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({
      errors: [{ status: '500', title: 'Internal Server Error', detail: null, source: null }],
    });
    const count = db.prepare('SELECT count(*) AS n FROM documents').get();
    expect(count === undefined ? undefined : readInteger(count, 'n')).toBe(0);

    db.exec('DROP TRIGGER refuse_jobs');
    const retried = await postDocument(h, 'r.pdf', signedId);
    expect(retried.status).toBe(201);
    expect(jobs()).toHaveLength(1);
    const listed = await h.api('/v2/documents');
    expect(listDocument(documentResource).parse(await listed.json()).meta.total).toBe(1);
  });
});
