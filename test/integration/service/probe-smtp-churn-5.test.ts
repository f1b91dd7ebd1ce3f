import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSubmissionResource } from '../../../src/contract/email-submission.ts';
import { listDocument } from '../../../src/contract/json-api.ts';
import type { ExtractDocument } from '../../../src/extraction/extract-document.ts';
import { MAX_EMPTY_CONNECTIONS_PER_MINUTE } from '../../../src/service/smtp/connection-limits.ts';
import { MAX_CLIENTS } from '../../../src/service/smtp/docs-alias-server.ts';
import { type Harness, startService } from './service-harness.ts';
import { Conversation } from './smtp-conversation.ts';

/**
 * Abuse probe round 5, docs alias: round 4 let a newcomer take the slot of a connection without progress
 * for the stale time, but a greeting counted as progress, so clients reconnecting faster than that (and
 * never sending mail) kept every slot fresh and a real sender on the same loopback address was refused.
 * An address whose connections keep ending without mail now gets no credit for its greetings.
 */

const extract: ExtractDocument = async () => ({
  ok: true,
  documentType: 'other',
  classificationNotes: 'by test',
  schemaVersion: '2026-11-01',
  payload: {},
});

// Long enough that, without the fix, every freshly reconnected slot stays fresh for the whole test.
const DEADLINES = { commandMs: 5_000, dataMs: 30_000, connectionMs: 60_000, staleMs: 60_000 };
const code = (reply: string | undefined): number => Number(reply?.slice(0, 3) ?? 0);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the docs alias against clients reconnecting faster than the stale time', () => {
  let h: Harness;
  let port: number;
  let alias: string;

  beforeAll(async () => {
    h = await startService({ extract });
    const smtp = await h.service.listenSmtp(0, DEADLINES);
    port = smtp.port;
    alias = smtp.alias;
  });
  afterAll(async () => {
    await h?.close();
  });

  const submissions = async () => {
    const response = await h.api('/v2/email_submissions?page[size]=100');
    return listDocument(emailSubmissionResource).parse(await response.json()).data;
  };

  it('a real sender on the same address takes a churner slot; the churners are cut, the mail stored', async () => {
    // Connections that greet and go without mail: the churn that used to refresh every slot.
    for (let i = 0; i < MAX_EMPTY_CONNECTIONS_PER_MINUTE; i += 1) {
      const { conversation, greeting } = await Conversation.open(port);
      expect(code(greeting)).toBe(220);
      await conversation.send('QUIT');
      conversation.close();
    }
    // Every slot taken by a fresh reconnect pacing NOOPs.
    const held = await Promise.all(Array.from({ length: MAX_CLIENTS }, () => Conversation.open(port)));
    expect(held.map(({ greeting }) => code(greeting))).toEqual(
      Array.from({ length: MAX_CLIENTS }, () => 220),
    );
    let pacing = true;
    const pacers = held.map(async ({ conversation }) => {
      while (pacing && !conversation.closed) {
        await conversation.send('NOOP');
        await pause(100);
      }
    });

    const before = (await submissions()).length;
    const { conversation, greeting } = await Conversation.open(port);
    expect(code(greeting), greeting).toBe(220);
    const replies = await conversation.send(
      'EHLO sender.example',
      'MAIL FROM:<ops@forwarder.example>',
      `RCPT TO:<${alias}>`,
      'DATA',
    );
    const stored = await conversation.raw(
      [
        'From: ops@forwarder.example',
        `To: ${alias}`,
        'Message-ID: <churn@probe>',
        'Subject: churn',
        '',
        'body',
        '.',
        '',
      ].join('\r\n'),
      1,
    );
    expect([...replies, ...stored].map(code)).toEqual([250, 250, 250, 354, 250]);
    conversation.close();
    expect((await submissions()).length).toBe(before + 1);
    expect(held.filter(({ conversation: pacer }) => pacer.closed).length).toBeGreaterThanOrEqual(1);

    pacing = false;
    await Promise.all(pacers);
    for (const { conversation: pacer } of held) pacer.close();
  });
});
