import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSubmissionResource } from '../../../src/contract/email-submission.ts';
import { listDocument } from '../../../src/contract/json-api.ts';
import type { ExtractDocument } from '../../../src/extraction/extract-document.ts';
import { composeMail, tinyPdf } from '../../support/mail-messages.ts';
import { type Harness, startService } from './service-harness.ts';

const extract: ExtractDocument = async () => ({
  ok: true,
  documentType: 'other',
  classificationNotes: 'by test',
  schemaVersion: '2026-11-01',
  payload: {},
});

describe('the docs alias: one PDF in two different messages, and one Message-ID with two attachments', () => {
  let h: Harness;
  let alias: string;
  let transport: Transporter;

  beforeAll(async () => {
    h = await startService({ extract });
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
    await h.close();
  });

  const send = async (messageId: string, fileName: string, content: Buffer) =>
    transport.sendMail({
      envelope: { from: 'ops@forwarder.example', to: alias },
      raw: await composeMail({
        subject: fileName,
        messageId,
        attachments: [{ filename: fileName, content }],
      }),
    });
  const submissionsOf = async (messageId: string) => {
    const response = await h.api('/v2/email_submissions?page[size]=100');
    const all = listDocument(emailSubmissionResource).parse(await response.json()).data;
    return all.filter((entry) => entry.attributes.message_id === messageId);
  };
  const documentCount = async (): Promise<number> => {
    const response = await h.api('/v2/documents?page[size]=100');
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: unknown[] }).data.length;
  };

  it('the same PDF in a second message is accepted and is no second document', async () => {
    const pdf = tinyPdf('one arrival notice, sent by two people');
    const before = await documentCount();
    expect((await send('<carrier@same-pdf.example>', 'AN-1.pdf', pdf)).response).toMatch(/^250/);
    expect((await send('<forwarder@same-pdf.example>', 'copy of AN-1.pdf', pdf)).response).toMatch(/^250/);
    expect(await submissionsOf('<carrier@same-pdf.example>')).toHaveLength(1);
    expect(await submissionsOf('<forwarder@same-pdf.example>')).toHaveLength(1);
    expect(await documentCount()).toBe(before + 1);
  });

  it('one Message-ID delivered again with another attachment is a second submission with its own document', async () => {
    const before = await documentCount();
    await send('<redelivered@same-pdf.example>', 'BL.pdf', tinyPdf('the first bill of lading'));
    await send('<redelivered@same-pdf.example>', 'BL.pdf', tinyPdf('a corrected bill of lading'));
    expect(await submissionsOf('<redelivered@same-pdf.example>')).toHaveLength(2);
    expect(await documentCount()).toBe(before + 2);
  });
});
