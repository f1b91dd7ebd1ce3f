import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentResource } from '../../../src/contract/document.ts';
import { emailSubmissionResource } from '../../../src/contract/email-submission.ts';
import type { ExtractDocument } from '../../../src/extraction/extract-document.ts';
import { DEFAULT_MAIL_LIMITS } from '../../../src/mail/mail-limits.ts';
import { readMailMessage } from '../../../src/mail/read-message.ts';
import type { MailLimits, ReadMessage } from '../../../src/mail/types.ts';
import { CORPUS_MAX_MESSAGE_BYTES } from '../../support/mail-corpus/hostile-corpus.ts';
import { MAIL_CORPUS } from '../../support/mail-corpus/mail-corpus.ts';
import { CORPUS_DIR, makeTempDir } from '../../support/mail-corpus/read-fixture.ts';
import { type Harness, startService } from './service-harness.ts';

const extract: ExtractDocument = async () => ({
  ok: true,
  documentType: 'other',
  classificationNotes: 'by test',
  schemaVersion: '2026-11-01',
  payload: {},
});

/**
 * The message as nodemailer puts it on the wire: every CR and LF that is not part of a CRLF made one, as
 * SMTP allows no other line end (a CR CR LF message arrives as two line ends).
 */
const onTheWire = (raw: Buffer): Buffer =>
  Buffer.from(raw.toString('latin1').replace(/\r(?!\n)|(?<!\r)\n/g, '\r\n'), 'latin1');

interface Delivery {
  readonly name: string;
  readonly expected: ReadMessage;
  /** The SMTP reply code of a refusal; undefined when the message was accepted. */
  readonly code: number | undefined;
  readonly response: string;
}

/**
 * The whole corpus sent to the docs alias over SMTP, each message's outcome checked against what the reader
 * makes of its bytes under the listener's limits: the same documents, by name and type, in a submission
 * carrying its metadata; a refusal answered with its SMTP code; nothing that crashes the listener.
 */
describe('the whole mail corpus through the docs alias', () => {
  let h: Harness;
  let transport: Transporter;
  let alias: string;
  let limits: MailLimits;
  const deliveries: Delivery[] = [];
  const bytesOf = new Map<string, Buffer>();

  const send = async (raw: Buffer): Promise<{ code: number | undefined; response: string }> => {
    try {
      const info = await transport.sendMail({ envelope: { from: 'ops@forwarder.example', to: alias }, raw });
      return { code: undefined, response: info.response ?? '' };
    } catch (error) {
      const { responseCode, response } = error as { responseCode?: number; response?: string };
      return { code: responseCode, response: response ?? String(error) };
    }
  };
  const submissionIdOf = (response: string) => /accepted as email submission (\S+)/.exec(response)?.[1];
  const allSubmissions = async () => {
    const ids: string[] = [];
    for (let page = 1; ; page += 1) {
      const response = await h.api(`/v2/email_submissions?page[size]=100&page[number]=${page}`);
      const body = (await response.json()) as { data: Array<{ id: string }> };
      if (body.data.length === 0) return ids;
      ids.push(...body.data.map((entry) => entry.id));
    }
  };

  beforeAll(async () => {
    h = await startService({
      extract,
      config: { smtpMaxMessageBytes: CORPUS_MAX_MESSAGE_BYTES, rateLimitPerMinute: 1_000_000 },
    });
    limits = {
      ...DEFAULT_MAIL_LIMITS,
      maxMessageBytes: CORPUS_MAX_MESSAGE_BYTES,
      maxAttachmentBytes: Math.min(DEFAULT_MAIL_LIMITS.maxAttachmentBytes, h.config.maxUploadBytes),
    };
    const smtp = await h.service.listenSmtp(0);
    alias = smtp.alias;
    // One connection a message: a refusal mid-transaction never leaves the next message on a spent one.
    transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      ignoreTLS: true,
    });
    const { dir, cleanup } = await makeTempDir();
    try {
      for (const { name } of MAIL_CORPUS) {
        const raw = await readFile(join(CORPUS_DIR, `${name}.eml`));
        bytesOf.set(name, raw);
        const expected = await readMailMessage(onTheWire(raw), { tempDir: dir, limits });
        await expected.dispose();
        deliveries.push({ name, expected, ...(await send(raw)) });
      }
    } finally {
      await cleanup();
    }
  }, 120_000);
  afterAll(async () => {
    transport?.close();
    await h?.close();
  });

  it('answers every message: 250 when the reader takes it, 552 past the size, 554 with the reason otherwise', () => {
    const answers = deliveries.map(({ name, expected, code }) => {
      const refusal = expected.refusal?.reason;
      const wanted = refusal === undefined ? undefined : refusal === 'too_large' ? 552 : 554;
      return [name, code === wanted ? 'as expected' : `${code} for ${refusal ?? 'accepted'}`];
    });
    expect(answers.filter(([, verdict]) => verdict !== 'as expected')).toEqual([]);
    for (const { expected, response } of deliveries.filter((delivery) => delivery.code === 554)) {
      expect(response).toContain(expected.refusal?.detail.slice(0, 40));
    }
  });

  it('each accepted message is one submission with its metadata and exactly the documents the reader found', async () => {
    const mismatches: unknown[] = [];
    // Bytes the account already has (sent by an earlier message) are not a new document of this one.
    const known = new Set<string>();
    for (const { name, expected, code, response } of deliveries) {
      if (code !== undefined) continue;
      const fresh = expected.documents.filter((document) => !known.has(document.sha256));
      for (const document of expected.documents) known.add(document.sha256);
      const id = submissionIdOf(response);
      const got = await h.api(`/v2/email_submissions/${id}?include=documents`);
      if (got.status !== 200) throw new Error(`${got.status} ${await got.text()}`);
      const body = (await got.json()) as { data: unknown; included?: unknown[] };
      const submission = emailSubmissionResource.parse(body.data);
      const included = (body.included ?? [])
        .map((entry) => documentResource.safeParse(entry))
        .flatMap((parsed) => (parsed.success ? [parsed.data] : []));
      const names = submission.relationships.documents.data.map(
        ({ id: documentId }) => included.find((document) => document.id === documentId)?.attributes.name,
      );
      const actual = {
        subject: submission.attributes.subject,
        message_id: submission.attributes.message_id,
        from: submission.attributes.from,
        documents: names,
      };
      const wanted = {
        subject: expected.metadata.subject,
        message_id: expected.metadata.messageId,
        from: expected.metadata.from,
        documents: fresh.map((document) => document.fileName),
      };
      if (JSON.stringify(actual) !== JSON.stringify(wanted)) mismatches.push({ name, actual, wanted });
    }
    expect(mismatches).toEqual([]);
  });

  it('a refused message leaves no submission', async () => {
    const accepted = deliveries.filter((delivery) => delivery.code === undefined);
    expect(accepted.length).toBeGreaterThan(deliveries.length / 2);
    expect(new Set(await allSubmissions())).toEqual(
      new Set(accepted.map((delivery) => submissionIdOf(delivery.response))),
    );
  });

  it('the whole corpus delivered again changes nothing: the same submissions, no new document', async () => {
    const before = await allSubmissions();
    const documentsBefore = (
      (await (await h.api('/v2/documents?page[size]=1')).json()) as {
        meta?: { total?: number };
      }
    ).meta?.total;
    for (const delivery of deliveries) {
      const again = await send(bytesOf.get(delivery.name) ?? Buffer.alloc(0));
      expect([delivery.name, again.code], delivery.name).toEqual([delivery.name, delivery.code]);
      if (again.code === undefined) {
        expect(submissionIdOf(again.response)).toBe(submissionIdOf(delivery.response));
      }
    }
    expect((await allSubmissions()).sort()).toEqual(before.sort());
    const documentsAfter = (
      (await (await h.api('/v2/documents?page[size]=1')).json()) as {
        meta?: { total?: number };
      }
    ).meta?.total;
    expect(documentsBefore).toBeGreaterThan(100);
    expect(documentsAfter).toBe(documentsBefore);
  });
});
