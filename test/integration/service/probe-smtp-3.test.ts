import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSubmissionResource } from '../../../src/contract/email-submission.ts';
import { listDocument } from '../../../src/contract/json-api.ts';
import type { ExtractDocument } from '../../../src/extraction/extract-document.ts';
import { MAX_COMMANDS_PER_CONNECTION } from '../../../src/service/smtp/connection-limits.ts';
import { type Harness, startService } from './service-harness.ts';
import { Conversation } from './smtp-conversation.ts';

/**
 * Round 3 of the docs alias probe: clients that are slow on purpose. smtp-server's idle timeout restarts
 * on every byte, so before the deadlines a byte every minute held a client slot for ever (20 of them held
 * the listener). The deadlines are shortened here; their values are in the README's Abuse limits.
 */

const extract: ExtractDocument = async () => ({
  ok: true,
  documentType: 'other',
  classificationNotes: 'by test',
  schemaVersion: '2026-11-01',
  payload: {},
});

const MAX_MESSAGE_BYTES = 1_000_000;
const DEADLINES = { commandMs: 400, dataMs: 800, connectionMs: 2_000 };

const code = (reply: string | undefined): number => Number(reply?.slice(0, 3) ?? 0);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the docs alias against slow and endless clients', () => {
  let h: Harness;
  let port: number;
  let alias: string;

  const submissions = async () => {
    const response = await h.api('/v2/email_submissions?page[size]=100');
    return listDocument(emailSubmissionResource).parse(await response.json()).data;
  };

  const message = (messageId: string) => [
    'From: ops@forwarder.example',
    `To: ${alias}`,
    `Message-ID: ${messageId}`,
    'Subject: probe',
    '',
    'body',
  ];

  /** Trickles `text` one byte every `everyMs` until the server closes; what it said then. */
  const trickle = async (conversation: Conversation, text: string, everyMs: number): Promise<string[]> => {
    for (const byte of text) {
      if (conversation.closed) break;
      conversation.write(byte);
      await pause(everyMs);
    }
    return conversation.raw('', 1);
  };

  beforeAll(async () => {
    h = await startService({ extract, config: { smtpMaxMessageBytes: MAX_MESSAGE_BYTES } });
    const smtp = await h.service.listenSmtp(0, DEADLINES);
    port = smtp.port;
    alias = smtp.alias;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a command line trickled a byte at a time is cut with 421 once the command deadline passes', async () => {
    const { conversation } = await Conversation.open(port);
    await conversation.send('EHLO probe.example');
    const [reply] = await trickle(conversation, `MAIL FROM:<${'x'.repeat(200)}@forwarder.example>`, 50);
    expect(code(reply), reply).toBe(421);
    expect(reply).toContain('command line not finished in time');
    expect(await conversation.ended()).toBe(true);
  });

  it('a DATA that never ends is cut with 421, stores nothing, and the next client is served', async () => {
    const before = (await submissions()).length;
    const { conversation } = await Conversation.open(port);
    const opened = await conversation.send(
      'EHLO probe.example',
      'MAIL FROM:<ops@forwarder.example>',
      `RCPT TO:<${alias}>`,
      'DATA',
    );
    expect(opened.map(code)).toEqual([250, 250, 250, 354]);
    const [reply] = await trickle(
      conversation,
      `${message('<endless@probe>').join('\r\n')}\r\n${'x'.repeat(400)}`,
      20,
    );
    expect(code(reply), reply).toBe(421);
    expect(reply).toContain('message not finished in time');
    expect(await conversation.ended()).toBe(true);
    expect((await submissions()).length).toBe(before);

    const { conversation: next } = await Conversation.open(port);
    const opening = await next.send(
      'EHLO probe.example',
      'MAIL FROM:<ops@forwarder.example>',
      `RCPT TO:<${alias}>`,
      'DATA',
    );
    const [stored] = await next.raw(`${message('<after-endless@probe>').join('\r\n')}\r\n.\r\n`, 1);
    expect([...opening, stored].map(code)).toEqual([250, 250, 250, 354, 250]);
    next.close();
  });

  it('a connection kept busy past the connection deadline is cut with 421; what it sent whole is kept', async () => {
    const before = (await submissions()).length;
    const { conversation } = await Conversation.open(port);
    await conversation.send('EHLO probe.example');
    const opening = await conversation.send(
      'MAIL FROM:<ops@forwarder.example>',
      `RCPT TO:<${alias}>`,
      'DATA',
    );
    const [stored] = await conversation.raw(`${message('<kept@probe>').join('\r\n')}\r\n.\r\n`, 1);
    expect([...opening, stored].map(code)).toEqual([250, 250, 354, 250]);
    // Each NOOP is a whole command, so only the connection deadline can end this.
    const replies: string[] = [];
    while (!conversation.closed) {
      replies.push(...(await conversation.send('NOOP')));
      await pause(100);
    }
    replies.push(...(await conversation.raw('', 1)));
    expect(replies.at(-1)).toContain('421 4.4.2 connection time limit reached');
    const after = await submissions();
    expect(after.length).toBe(before + 1);
  });

  it('a slow but steady client that finishes in time is not cut', async () => {
    const { conversation } = await Conversation.open(port);
    await conversation.send('EHLO probe.example');
    const [reply] = await trickle(conversation, 'NOOP\r\n', 20);
    expect(code(reply)).toBe(250);
    const [quit] = await conversation.send('QUIT');
    expect(code(quit)).toBe(221);
  });

  it(`a client pipelining NOOPs without end is cut with 421 past MAX_COMMANDS_PER_CONNECTION (${MAX_COMMANDS_PER_CONNECTION})`, async () => {
    const { conversation } = await Conversation.open(port);
    conversation.write('NOOP\r\n'.repeat(MAX_COMMANDS_PER_CONNECTION + 1_000));
    expect(await conversation.ended()).toBe(true);
    const [last] = (await conversation.raw('', MAX_COMMANDS_PER_CONNECTION + 1_000)).slice(-1);
    expect(last).toContain('421 4.7.0 too many commands on one connection');
  });

  it('a message streamed far past the advertised SIZE is cut with 552 before its end, and stores nothing', async () => {
    const before = (await submissions()).length;
    const { conversation } = await Conversation.open(port);
    const opening = await conversation.send(
      'EHLO probe.example',
      'MAIL FROM:<ops@forwarder.example>',
      `RCPT TO:<${alias}>`,
      'DATA',
    );
    expect(opening.map(code)).toEqual([250, 250, 250, 354]);
    const block = `${'x'.repeat(998)}\r\n`.repeat(1_000);
    let sent = 0;
    // 200 MB at most; the listener stops reading at twice its SIZE.
    while (!conversation.closed && sent < 200_000_000) {
      conversation.write(block);
      sent += block.length;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const [reply] = await conversation.raw('', 1);
    expect(code(reply), reply).toBe(552);
    expect(sent).toBeLessThan(200_000_000);
    expect((await submissions()).length).toBe(before);
  });

  it('AUTH and STARTTLS are unknown commands (cut after ten), BINARYMIME is refused, an 8-bit body with NUL is answered', async () => {
    const { conversation } = await Conversation.open(port);
    const replies = await conversation.send(
      'EHLO probe.example',
      'AUTH PLAIN AGFhAGI=',
      'STARTTLS',
      'MAIL FROM:<ops@forwarder.example> BODY=BINARYMIME',
      'MAIL FROM:<opé@forwarder.example> SMTPUTF8 BODY=8BITMIME',
      `RCPT TO:<${alias}>`,
      'DATA',
    );
    expect(replies.map(code)).toEqual([250, 500, 500, 501, 250, 250, 354]);
    const [stored] = await conversation.raw(
      `Subject: \u00fc\r\nMessage-ID: <eight-bit@probe>\r\n\r\n\u00ff\u0000\u0001 body\r\n.\r\n`,
      1,
    );
    expect([250, 554]).toContain(code(stored));
    const guesses = await conversation.send(...Array.from({ length: 10 }, () => 'AUTH LOGIN'));
    expect(code(guesses.at(-1))).toBe(421);
    expect(await conversation.ended()).toBe(true);
  });
});
