import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSubmissionResource } from '../../../src/contract/email-submission.ts';
import { listDocument } from '../../../src/contract/json-api.ts';
import type { ExtractDocument } from '../../../src/extraction/extract-document.ts';
import {
  MAX_COMMAND_LENGTH,
  MAX_RECIPIENTS,
  MAX_REFUSED_RECIPIENTS,
  MAX_TRANSACTIONS_PER_CONNECTION,
} from '../../../src/service/smtp/docs-alias-server.ts';
import { type Harness, startService } from './service-harness.ts';
import { Conversation } from './smtp-conversation.ts';

/**
 * The abuse probe of the docs alias over SMTP, on a raw socket: recipient floods, alias guessing, long
 * lines, pipelined commands, non-ASCII and control characters in addresses, and a flood of connections.
 */

const extract: ExtractDocument = async () => ({
  ok: true,
  documentType: 'other',
  classificationNotes: 'by test',
  schemaVersion: '2026-11-01',
  payload: {},
});

const code = (reply: string | undefined): number => Number(reply?.slice(0, 3) ?? 0);

/** Connects and writes `bytes` at once, without waiting for the greeting; resolves with all the server said. */
const earlyTalker = (bytes: string, port: number): Promise<string> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: string[] = [];
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => chunks.push(text));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(chunks.join('')));
    socket.on('connect', () => socket.write(bytes));
  });

describe('the docs alias under abuse', () => {
  let h: Harness;
  let port: number;
  let alias: string;
  let domain: string;

  const submissions = async () => {
    const response = await h.api('/v2/email_submissions?page[size]=100');
    return listDocument(emailSubmissionResource).parse(await response.json()).data;
  };

  const message = (messageId: string) =>
    [
      'From: ops@forwarder.example',
      `To: ${alias}`,
      `Message-ID: ${messageId}`,
      'Subject: probe',
      '',
      'no attachment',
      '.',
    ].join('\r\n');

  beforeAll(async () => {
    h = await startService({ extract });
    const smtp = await h.service.listenSmtp(0);
    port = smtp.port;
    alias = smtp.alias;
    domain = alias.slice(alias.indexOf('@') + 1);
  });
  afterAll(async () => {
    await h?.close();
  });

  it(`more than MAX_RECIPIENTS (${MAX_RECIPIENTS}) recipients get 452, and the message still goes through`, async () => {
    const others = await Promise.all(
      Array.from({ length: MAX_RECIPIENTS }, (_, index) => h.service.createAccount(`tenant ${index}`)),
    );
    const { conversation } = await Conversation.open(port);
    await conversation.send('EHLO probe.example', 'MAIL FROM:<ops@forwarder.example>');
    const recipients = [alias, ...others.map((other) => `docs+${other.accountId}@${domain}`)];
    const replies = await conversation.send(...recipients.map((address) => `RCPT TO:<${address}>`));
    expect(replies.slice(0, MAX_RECIPIENTS).every((reply) => code(reply) === 250)).toBe(true);
    expect(code(replies[MAX_RECIPIENTS])).toBe(452);
    // The same recipient again is not a new one.
    expect(code((await conversation.send(`RCPT TO:<${alias.toUpperCase()}>`))[0])).toBe(250);
    expect(code((await conversation.send('DATA'))[0])).toBe(354);
    expect(code((await conversation.raw(`${message('<many@probe.example>')}\r\n`, 1))[0])).toBe(250);
    await conversation.send('QUIT');
    expect(
      (await submissions()).some((entry) => entry.attributes.message_id === '<many@probe.example>'),
    ).toBe(true);
  });

  it(`a client guessing aliases is cut off with 421 after MAX_REFUSED_RECIPIENTS (${MAX_REFUSED_RECIPIENTS}) refusals`, async () => {
    const { conversation } = await Conversation.open(port);
    await conversation.send('EHLO probe.example', 'MAIL FROM:<ops@forwarder.example>');
    const guesses = Array.from(
      { length: MAX_REFUSED_RECIPIENTS + 5 },
      (_, index) => `RCPT TO:<docs+guess-${index}@${domain}>`,
    );
    const replies = await conversation.send(...guesses);
    expect(replies.slice(0, MAX_REFUSED_RECIPIENTS - 1).every((reply) => code(reply) === 550)).toBe(true);
    expect(code(replies[MAX_REFUSED_RECIPIENTS - 1])).toBe(421);
    expect(replies).toHaveLength(MAX_REFUSED_RECIPIENTS);
    expect(conversation.closed).toBe(true);
    const again = await Conversation.open(port);
    expect(code(again.greeting)).toBe(220);
    again.conversation.close();
  });

  it(`a connection is closed with 421 after MAX_TRANSACTIONS_PER_CONNECTION (${MAX_TRANSACTIONS_PER_CONNECTION}) transactions; a new one is served`, async () => {
    const { conversation } = await Conversation.open(port);
    await conversation.send('EHLO probe.example');
    const cycles = Array.from({ length: MAX_TRANSACTIONS_PER_CONNECTION }, () => [
      'MAIL FROM:<ops@forwarder.example>',
      'RSET',
    ]).flat();
    const replies = await conversation.send(...cycles);
    expect(replies.every((reply) => code(reply) === 250)).toBe(true);
    const [over] = await conversation.send('MAIL FROM:<ops@forwarder.example>');
    expect(code(over)).toBe(421);
    expect(over).toContain('connect again');
    const again = await Conversation.open(port);
    expect(code((await again.conversation.send('EHLO probe.example', 'MAIL FROM:<a@b.example>'))[1])).toBe(
      250,
    );
    again.conversation.close();
  });

  it('a relay attempt counts as a refusal too', async () => {
    const { conversation } = await Conversation.open(port);
    await conversation.send('EHLO probe.example', 'MAIL FROM:<ops@forwarder.example>');
    const replies = await conversation.send(
      ...Array.from(
        { length: MAX_REFUSED_RECIPIENTS },
        (_, index) => `RCPT TO:<victim${index}@elsewhere.example>`,
      ),
    );
    expect(code(replies.at(-1))).toBe(421);
    expect(replies[0]).toContain('relay not permitted');
  });

  it('a command line longer than MAX_COMMAND_LENGTH ends the connection with 421; the next one is served', async () => {
    const { conversation } = await Conversation.open(port);
    await conversation.send('EHLO probe.example');
    const [reply] = await conversation.send(
      `MAIL FROM:<${'a'.repeat(MAX_COMMAND_LENGTH + 10)}@forwarder.example>`,
    );
    expect(code(reply)).toBe(421);
    expect(reply).toContain('too long');
    expect(await conversation.ended()).toBe(true);
    const again = await Conversation.open(port);
    expect(code(again.greeting)).toBe(220);
    again.conversation.close();
  });

  it('pipelined commands are answered in order, and a message after junk commands is still accepted', async () => {
    const { conversation } = await Conversation.open(port);
    const replies = await conversation.send(
      'EHLO probe.example',
      'NOOP',
      'VRFY postmaster',
      'HELP',
      'MAIL FROM:<ops@forwarder.example>',
      `RCPT TO:<${alias}>`,
      'RSET',
      'MAIL FROM:<ops@forwarder.example>',
      `RCPT TO:<${alias}>`,
      'DATA',
    );
    expect(replies.map(code)).toEqual([250, 250, 252, 214, 250, 250, 250, 250, 250, 354]);
    expect(code((await conversation.raw(`${message('<piped@probe.example>')}\r\n`, 1))[0])).toBe(250);
    await conversation.send('QUIT');
    expect(
      (await submissions()).some((entry) => entry.attributes.message_id === '<piped@probe.example>'),
    ).toBe(true);
  });

  it('a client that talks before the greeting is cut with 421 and nothing it sent is stored', async () => {
    const reply = await earlyTalker(
      [
        'EHLO early.example',
        'MAIL FROM:<ops@forwarder.example>',
        `RCPT TO:<${alias}>`,
        'DATA',
        message('<early@probe.example>'),
        'QUIT',
        '',
      ].join('\r\n'),
      port,
    );
    expect(reply).toMatch(/^421 .*talk too soon/m);
    expect(
      (await submissions()).some((entry) => entry.attributes.message_id === '<early@probe.example>'),
    ).toBe(false);
  });

  it('an HTTP request sent to the SMTP port (a web page trying cross-protocol) is cut with 421', async () => {
    const { conversation } = await Conversation.open(port);
    const [reply] = await conversation.send('POST /mcp HTTP/1.1');
    expect(reply).toMatch(/^421 .*HTTP requests not allowed/);
    expect(await conversation.ended()).toBe(true);
  });

  it('non-ASCII and control characters in addresses are refused, not stored', async () => {
    const { conversation } = await Conversation.open(port);
    await conversation.send('EHLO probe.example');
    expect(code((await conversation.send('MAIL FROM:<öps@forwarder.example> SMTPUTF8'))[0])).toBe(250);
    const [unicodeAlias] = await conversation.send(`RCPT TO:<dócs+${alias.slice(5)}>`);
    expect(code(unicodeAlias)).toBe(550);
    const [fullWidth] = await conversation.send(`RCPT TO:<${alias.replace('@', '＠')}>`);
    expect(code(fullWidth)).toBeGreaterThanOrEqual(500);
    const [withNul] = await conversation.raw(`RCPT TO:<docs+\u0000x@${domain}>\r\n`, 1);
    expect(code(withNul)).toBeGreaterThanOrEqual(500);
    const [bidi] = await conversation.send(`RCPT TO:<docs+\u202eabc@${domain}>`);
    expect(code(bidi)).toBeGreaterThanOrEqual(500);
    conversation.close();
  });

  it('DATA before MAIL or RCPT, and a command flood without a transaction, are refused', async () => {
    const { conversation } = await Conversation.open(port);
    expect(code((await conversation.send('DATA'))[0])).toBe(503);
    await conversation.send('EHLO probe.example');
    expect(code((await conversation.send('DATA'))[0])).toBe(503);
    expect(code((await conversation.send(`RCPT TO:<${alias}>`))[0])).toBe(503);
    const junk = await conversation.send(...Array.from({ length: 30 }, () => 'XYZZY'));
    expect(junk.some((reply) => code(reply) === 421)).toBe(true);
    expect(conversation.closed).toBe(true);
  });

  it('a flood of connections gets 421 past the client cap, and the server serves again once they go', async () => {
    const opened = await Promise.all(Array.from({ length: 30 }, () => Conversation.open(port)));
    const codes = opened.map(({ greeting }) => code(greeting));
    expect(codes.filter((value) => value === 220).length).toBeLessThanOrEqual(20);
    expect(codes.filter((value) => value === 421).length).toBeGreaterThan(0);
    for (const { conversation } of opened) conversation.close();
    await expect
      .poll(async () => {
        const { conversation, greeting } = await Conversation.open(port);
        conversation.close();
        return code(greeting);
      })
      .toBe(220);
    expect((await h.api('/v2/email_submissions')).status).toBe(200);
  });
});
