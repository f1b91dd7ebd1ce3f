import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentRepresentationResource, documentResource } from '../../../src/contract/document.ts';
import {
  emailSubmissionResource,
  emailSubmissionSlimResource,
} from '../../../src/contract/email-submission.ts';
import { listDocument, singleDocument } from '../../../src/contract/json-api.ts';
import { systemClock } from '../../../src/domain/clock.ts';
import type { ExtractDocument } from '../../../src/extraction/extract-document.ts';
import { EmailSubmissionStore } from '../../../src/service/documents/email-submission-store.ts';
import { SERVICE_DATABASE_FILE } from '../../../src/service/service.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { getDocument, type Harness, startService, submit, waitForOutcome } from './service-harness.ts';

const extract: ExtractDocument = async () => ({
  ok: true,
  documentType: 'arrival_notice',
  classificationNotes: null,
  schemaVersion: '2026-11-01',
  payload: { eta: '2026-12-14' },
});

describe('email submissions', () => {
  let h: Harness;
  let submissionId: string;
  let documentId: string;

  beforeAll(async () => {
    h = await startService({ extract });
    const document = await submit(h, new TextEncoder().encode('arrived by mail'), { filename: 'an.pdf' });
    documentId = document.id;
    await waitForOutcome(h, documentId);
    // The mail intake writes submissions straight into the service's database; a second connection does the same.
    const db = openDatabase(join(h.dataDir, SERVICE_DATABASE_FILE));
    try {
      const submission = new EmailSubmissionStore(db, systemClock).create({
        accountId: document.relationships.account.data?.id ?? '',
        subject: 'Arrival notice MAEU262418530',
        body: `Hello,\n\nplease find the arrival notice attached.   ${'More text. '.repeat(40)}`,
        from: ['notices@carrier.example'],
        to: ['docs+acme@stevedore.local'],
        cc: [],
        sentAt: Date.UTC(2026, 10, 20, 9, 30),
        messageId: '<an-1@carrier.example>',
        inReplyTo: null,
        references: [],
        contentType: 'multipart/mixed',
      });
      submissionId = submission.id;
      db.prepare("UPDATE documents SET email_submission_id = ?, source = 'email' WHERE id = ?").run(
        submissionId,
        documentId,
      );
    } finally {
      db.close();
    }
  });
  afterAll(async () => {
    await h.close();
  });

  it('lists submissions with their documents and representations included by default', async () => {
    const response = await h.api('/v2/email_submissions');
    const body = listDocument(emailSubmissionResource).parse(await response.json());
    expect(body.data).toHaveLength(1);
    expect(body.data[0]?.attributes).toMatchObject({
      documents_count: 1,
      subject: 'Arrival notice MAEU262418530',
      // The body whole, and the preview the docs-alias issue names (also in the slim variant below).
      body: expect.stringMatching(/^Hello,\n\nplease find/),
      body_preview: expect.stringMatching(/^Hello, please find the arrival notice attached\. More text\./),
    });
    expect(body.data[0]?.relationships.documents.data).toEqual([{ id: documentId, type: 'document' }]);
    const types = (body.included ?? []).map((item) => z.object({ type: z.string() }).parse(item).type);
    expect(types.sort()).toEqual(['document', 'document_representation']);
    expect(
      documentResource.parse(body.included?.find((item) => documentResource.safeParse(item).success)).id,
    ).toBe(documentId);
  });

  it('narrows the includes on request', async () => {
    const response = await h.api(`/v2/email_submissions/${submissionId}?include=documents`);
    const body = singleDocument(emailSubmissionResource).parse(await response.json());
    expect(body.included).toHaveLength(1);
    expect(documentResource.parse(body.included?.[0]).attributes.source).toBe('email');
  });

  it('includes the slim variant (body_preview) from a document', async () => {
    const envelope = await getDocument(
      h,
      documentId,
      '?include=email_submission,last_document_representation',
    );
    const slim = emailSubmissionSlimResource.parse(
      envelope.included?.find((item) => emailSubmissionSlimResource.safeParse(item).success),
    );
    expect(slim.attributes.body_preview).toMatch(
      /^Hello, please find the arrival notice attached\. More text\./,
    );
    expect(slim.attributes.body_preview?.length).toBeLessThanOrEqual(200);
    expect(slim.attributes).not.toHaveProperty('body');
    expect(
      envelope.included?.filter((item) => documentRepresentationResource.safeParse(item).success),
    ).toHaveLength(1);
  });
});
