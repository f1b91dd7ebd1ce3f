import { readdir, readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocumentWebhookPayload, findIncluded } from '../../../src/contract/document-webhook.ts';
import { emailSubmissionResource } from '../../../src/contract/email-submission.ts';
import { listDocument } from '../../../src/contract/json-api.ts';
import type { ExtractDocument } from '../../../src/extraction/extract-document.ts';
import { tinyPdf } from '../../support/mail-corpus/corpus-bytes.ts';
import { CORPUS_DIR } from '../../support/mail-corpus/read-fixture.ts';
import { type Harness, startService, subscribeDocumentEvents } from './service-harness.ts';
import { type Receiver, startReceiver } from './webhook-harness.ts';

const extract: ExtractDocument = async () => ({
  ok: true,
  documentType: 'other',
  classificationNotes: 'by test',
  schemaVersion: '2026-11-01',
  payload: {},
});

const MAX_MESSAGE_BYTES = 256 * 1024;
const FROM = 'ops@forwarder.example';

describe('the docs alias over SMTP', () => {
  let h: Harness;
  let receiver: Receiver;
  let alias: string;
  let transport: Transporter;
  let smtpPort: number;
  let received: () => DocumentWebhookPayload[] = () => [];

  const submissions = async () => {
    const response = await h.api('/v2/email_submissions?page[size]=100');
    expect(response.status).toBe(200);
    return listDocument(emailSubmissionResource).parse(await response.json()).data;
  };
  const send = (raw: Buffer | string, to: string | string[] = alias) =>
    transport.sendMail({ envelope: { from: FROM, to }, raw });
  const rejection = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: { responseCode?: number }) => error.responseCode,
    );
  const compose = (messageId: string | false, body: Buffer) =>
    [
      `From: ${FROM}`,
      `To: ${alias}`,
      'Cc: Billing <Billing@Forwarder.example>',
      'Subject: Arrival notice by mail',
      'Date: Tue, 24 Nov 2026 08:00:00 +0100',
      ...(messageId === false ? [] : [`Message-ID: ${messageId}`]),
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="m"',
      '',
      '--m',
      'Content-Type: text/plain',
      '',
      'The arrival notice is attached.',
      '--m',
      'Content-Type: application/octet-stream; name="notice.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      body.toString('base64'),
      '--m--',
      '',
    ].join('\r\n');

  beforeAll(async () => {
    receiver = await startReceiver(() => ({ status: 204 }));
    h = await startService({
      extract,
      config: { allowPrivateWebhooks: true, smtpMaxMessageBytes: MAX_MESSAGE_BYTES },
    });
    const smtp = await h.service.listenSmtp(0);
    alias = smtp.alias;
    smtpPort = smtp.port;
    transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      ignoreTLS: true,
    });
    received = await subscribeDocumentEvents(
      h,
      receiver.url,
      ['document.extracted'],
      () => receiver.requests,
    );
  });
  afterAll(async () => {
    transport.close();
    await h.close();
    await receiver.close();
  });

  it('turns a message into an email submission whose documents are extracted, the payload carrying it', async () => {
    const info = await send(compose('<accepted@forwarder.example>', tinyPdf('smtp accepted')));
    expect(info.response).toMatch(/^250 /);
    const submission = (await submissions()).find(
      (entry) => entry.attributes.message_id === '<accepted@forwarder.example>',
    );
    expect(submission?.attributes).toMatchObject({
      subject: 'Arrival notice by mail',
      from: [FROM],
      to: [alias],
      cc: ['billing@forwarder.example'],
      sent_at: '2026-11-24T07:00:00.000Z',
      body: 'The arrival notice is attached.',
      documents_count: 1,
    });
    const documentId = submission?.relationships.documents.data[0]?.id;
    await expect
      .poll(() => received().some((p) => p.data.relationships.document.data?.id === documentId))
      .toBe(true);
    const payload = received().find((p) => p.data.relationships.document.data?.id === documentId);
    if (payload === undefined) return;
    expect(findIncluded(payload, 'document')?.attributes).toMatchObject({ source: 'email' });
    expect(findIncluded(payload, 'email_submission')).toMatchObject({
      id: submission?.id,
      attributes: { subject: 'Arrival notice by mail', body_preview: 'The arrival notice is attached.' },
    });
  });

  it('refuses an unknown alias, another address of the domain, and any other domain at RCPT with 550', async () => {
    const raw = compose('<nobody@forwarder.example>', tinyPdf('nobody'));
    const domain = alias.slice(alias.indexOf('@') + 1);
    expect(await rejection(send(raw, `docs+no-such-account@${domain}`))).toBe(550);
    expect(await rejection(send(raw, `postmaster@${domain}`))).toBe(550);
    expect(await rejection(send(raw, 'someone@elsewhere.example'))).toBe(550);
    expect(
      (await submissions()).some((entry) => entry.attributes.message_id === '<nobody@forwarder.example>'),
    ).toBe(false);
  });

  it('refuses an oversize message with the SMTP size error, 552', async () => {
    const raw = compose('<big@forwarder.example>', Buffer.alloc(MAX_MESSAGE_BYTES, 0x41));
    expect(await rejection(send(raw))).toBe(552);
    expect(
      (await submissions()).some((entry) => entry.attributes.message_id === '<big@forwarder.example>'),
    ).toBe(false);
  });

  it('refuses with 552 an oversize message whose MAIL FROM announced no SIZE', async () => {
    const replies = await rawSmtp(smtpPort, [
      'EHLO client.example',
      `MAIL FROM:<${FROM}>`,
      `RCPT TO:<${alias}>`,
      'DATA',
      `${compose('<unannounced@forwarder.example>', Buffer.alloc(MAX_MESSAGE_BYTES, 0x42))}\r\n.`,
      'QUIT',
    ]);
    expect(replies.slice(2, 6)).toEqual([250, 250, 354, 552]);
  });

  it('takes the same delivery twice as one submission: by Message-ID, or by bytes without one', async () => {
    const withId = compose('<twice@forwarder.example>', tinyPdf('twice'));
    await send(withId);
    await send(withId);
    const withoutId = compose(false, tinyPdf('twice without id'));
    await send(withoutId);
    await send(withoutId);
    const all = await submissions();
    expect(all.filter((entry) => entry.attributes.message_id === '<twice@forwarder.example>')).toHaveLength(
      1,
    );
    const noId = all.filter(
      (entry) =>
        entry.attributes.message_id === null && entry.attributes.subject === 'Arrival notice by mail',
    );
    expect(noId).toHaveLength(1);
  });

  it('takes two different messages under one Message-ID as two submissions', async () => {
    await send(compose('<reused@forwarder.example>', tinyPdf('first under a reused id')));
    await send(compose('<reused@forwarder.example>', tinyPdf('second under a reused id')));
    const reused = (await submissions()).filter(
      (entry) => entry.attributes.message_id === '<reused@forwarder.example>',
    );
    expect(reused).toHaveLength(2);
  });

  it('answers every message of the hostile corpus, and keeps listening', async () => {
    const files = (await readdir(CORPUS_DIR)).filter((name) => name.endsWith('.eml'));
    for (const file of files) {
      const raw = await readFile(join(CORPUS_DIR, file));
      const code = await rejection(send(raw));
      // Past the listener's size the answer is the SMTP size error; below it, taken or refused with a reason.
      expect(raw.length > MAX_MESSAGE_BYTES ? [552] : [undefined, 554], file).toContain(code);
    }
    const after = await send(compose('<after-corpus@forwarder.example>', tinyPdf('after corpus')));
    expect(after.response).toMatch(/^250 /);
    const corpusSubmissions = (await submissions()).filter((entry) =>
      entry.attributes.message_id?.endsWith('@corpus.example>'),
    );
    expect(corpusSubmissions.length).toBeGreaterThan(10);
  }, 120_000);
});

/** Sends `commands` one by one on a plain SMTP connection and returns the code of each reply (greeting first). */
async function rawSmtp(port: number, commands: readonly string[]): Promise<number[]> {
  const socket = connect(port, '127.0.0.1');
  const codes: number[] = [];
  let buffer = '';
  let waiting: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('latin1');
    // A reply ends with a line whose code is followed by a space (continuations use a dash).
    for (let match = /^(\d{3}) .*\r\n/m.exec(buffer); match; match = /^(\d{3}) .*\r\n/m.exec(buffer)) {
      codes.push(Number(match[1]));
      buffer = buffer.slice((match.index ?? 0) + match[0].length);
      waiting?.();
    }
  });
  const nextReply = (count: number) =>
    new Promise<void>((resolve) => {
      waiting = () => {
        if (codes.length >= count) resolve();
      };
      waiting();
    });
  await nextReply(1);
  for (const command of commands) {
    socket.write(`${command}\r\n`);
    await nextReply(codes.length + 1);
  }
  socket.destroy();
  return codes;
}
