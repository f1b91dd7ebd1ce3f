import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTRACTION_QUEUE_NAME } from '../../../src/service/documents/extraction-jobs.ts';
import { SERVICE_DATABASE_FILE } from '../../../src/service/service.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { readInteger } from '../../../src/store/sql-row.ts';
import { tinyPdf } from '../../support/mail-corpus/corpus-bytes.ts';
import { type Harness, startService } from './service-harness.ts';

/** A delivery to the docs alias is one transaction: its submission, its documents and their jobs. */
describe('the docs alias commits a submission with all its documents, or nothing', () => {
  let h: Harness;
  let db: DatabaseSync;
  let alias: string;
  let transport: Transporter;

  beforeAll(async () => {
    h = await startService({ startProcessing: false });
    // A second connection to the service's file, as another process would open it.
    db = openDatabase(join(h.dataDir, SERVICE_DATABASE_FILE));
    const smtp = await h.service.listenSmtp(0);
    alias = smtp.alias;
    transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      ignoreTLS: true,
    });
  });
  afterAll(async () => {
    transport.close();
    db.close();
    await h.close();
  });

  const count = (sql: string, ...params: string[]): number => {
    const row = db.prepare(sql).get(...params);
    return row === undefined ? -1 : readInteger(row, 'n');
  };
  const counts = () => ({
    submissions: count('SELECT count(*) AS n FROM email_submissions'),
    documents: count('SELECT count(*) AS n FROM documents'),
    blobs: count('SELECT count(*) AS n FROM blobs'),
    jobs: count('SELECT count(*) AS n FROM queue_messages WHERE queue = ?', EXTRACTION_QUEUE_NAME),
  });
  const message = {
    from: 'ops@forwarder.example',
    subject: 'three documents',
    messageId: '<three-documents@forwarder.example>',
    text: 'Attached.',
    attachments: [1, 2, 3].map((n) => ({ filename: `doc-${n}.pdf`, content: tinyPdf(`transaction ${n}`) })),
  };

  it('a write failing at the second document leaves no submission, document, blob or job; the retry takes it whole', async () => {
    // The store fails midway through the delivery, after the submission and the first document are written.
    db.exec(`CREATE TRIGGER fail_second_document BEFORE INSERT ON documents
             WHEN (SELECT count(*) FROM documents) >= 1
             BEGIN SELECT RAISE(ABORT, 'the disk is gone'); END`);
    const failed = await transport.sendMail({ ...message, to: alias }).then(
      () => undefined,
      (error: { responseCode?: number }) => error.responseCode,
    );
    expect(failed).toBe(451);
    expect(counts()).toEqual({ submissions: 0, documents: 0, blobs: 0, jobs: 0 });

    db.exec('DROP TRIGGER fail_second_document');
    const info = await transport.sendMail({ ...message, to: alias });
    expect(info.response).toMatch(/^250 /);
    expect(counts()).toEqual({ submissions: 1, documents: 3, blobs: 3, jobs: 3 });
    const submissionId = db.prepare('SELECT id FROM email_submissions').get()?.id;
    expect(
      count('SELECT count(*) AS n FROM documents WHERE email_submission_id = ?', String(submissionId)),
    ).toBe(3);
  });
});
