import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSubmissionResource } from '../../../src/contract/email-submission.ts';
import { listDocument } from '../../../src/contract/json-api.ts';
import type { ExtractDocument } from '../../../src/extraction/extract-document.ts';
import { MAX_CLIENTS } from '../../../src/service/smtp/docs-alias-server.ts';
import { type Harness, startService } from './service-harness.ts';
import { Conversation } from './smtp-conversation.ts';

/**
 * Round 4 of the docs alias probe: before this round, 20 loopback clients pacing under every deadline
 * (a NOOP well inside the idle timeout, a message a byte at a time inside the data deadline, reconnecting
 * when the connection deadline cut them) held every slot, and a real sender was answered 421. A client
 * address cap cannot help on loopback, where the pacers and the sender share one address; instead a
 * newcomer takes the slot of the connection longest without progress, once it has had none for the
 * stale time (shortened here; its value is in the README's Abuse limits).
 */

const extract: ExtractDocument = async () => ({
  ok: true,
  documentType: 'other',
  classificationNotes: 'by test',
  schemaVersion: '2026-11-01',
  payload: {},
});

const STALE_MS = 1_500;
const DEADLINES = { commandMs: 5_000, dataMs: 30_000, connectionMs: 60_000, staleMs: STALE_MS };

const code = (reply: string | undefined): number => Number(reply?.slice(0, 3) ?? 0);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the docs alias against clients holding every slot', () => {
  let h: Harness;
  let port: number;
  let alias: string;

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
      'body',
      '.',
      '',
    ].join('\r\n');

  /** A real sender: connect, send one message, quit; the replies, greeting first. */
  const send = async (messageId: string): Promise<string[]> => {
    const { conversation, greeting } = await Conversation.open(port);
    if (code(greeting) !== 220) {
      conversation.close();
      return [greeting];
    }
    const opening = await conversation.send(
      'EHLO sender.example',
      'MAIL FROM:<ops@forwarder.example>',
      `RCPT TO:<${alias}>`,
      'DATA',
    );
    const stored = await conversation.raw(message(messageId), 1);
    const quit = await conversation.send('QUIT');
    conversation.close();
    return [greeting, ...opening, ...stored, ...quit];
  };

  /** Opens `count` connections that pace NOOPs inside every deadline until stopped; their last replies. */
  const pacers = async (count: number) => {
    const opened = await Promise.all(Array.from({ length: count }, () => Conversation.open(port)));
    let running = true;
    const lastReplies = opened.map(async ({ conversation, greeting }) => {
      let last = greeting;
      while (running && !conversation.closed) {
        const [reply] = await conversation.send('NOOP');
        if (reply !== undefined) last = reply;
        await pause(100);
      }
      return last;
    });
    return {
      greetings: opened.map(({ greeting }) => greeting),
      closed: () => opened.filter(({ conversation }) => conversation.closed).length,
      stop: async () => {
        running = false;
        const replies = await Promise.all(
          lastReplies.map(async (last, index) => {
            const conversation = opened[index]?.conversation;
            // A reply that came with the close may still be unread.
            const [unread] = conversation?.closed === true ? await conversation.raw('', 1) : [];
            return unread ?? (await last);
          }),
        );
        for (const { conversation } of opened) conversation.close();
        return replies;
      },
    };
  };

  beforeAll(async () => {
    h = await startService({ extract });
    const smtp = await h.service.listenSmtp(0, DEADLINES);
    port = smtp.port;
    alias = smtp.alias;
  });
  afterAll(async () => {
    await h?.close();
  });

  it(`${MAX_CLIENTS} clients pacing NOOPs hold every slot; a real sender is refused while they are fresh, then takes the stalest slot`, async () => {
    const held = await pacers(MAX_CLIENTS);
    expect(held.greetings.map(code)).toEqual(Array.from({ length: MAX_CLIENTS }, () => 220));

    // Every slot has made progress just now: nothing to take, the newcomer is refused as before.
    const early = await send('<too-early@probe>');
    expect(code(early[0]), early[0]).toBe(421);
    expect(early[0]).toContain('Too many connected clients');

    await pause(STALE_MS * 2);
    const before = (await submissions()).length;
    const replies = await send('<real-sender@probe>');
    expect(replies.map(code)).toEqual([220, 250, 250, 250, 354, 250, 221]);
    expect((await submissions()).length).toBe(before + 1);

    await expect.poll(held.closed).toBe(1);
    const last = await held.stop();
    const cut = last.filter((reply) => reply.includes('slot given to another client'));
    expect(cut).toHaveLength(1);
    expect(code(cut[0])).toBe(421);
  });

  it('a message trickled a byte at a time is no progress: its slot is taken, and nothing of it is stored', async () => {
    // The trickler connects first, so once all are stale it is the one longest without progress.
    const { conversation } = await Conversation.open(port);
    const opening = await conversation.send(
      'EHLO trickle.example',
      'MAIL FROM:<ops@forwarder.example>',
      `RCPT TO:<${alias}>`,
      'DATA',
    );
    expect(opening.map(code)).toEqual([250, 250, 250, 354]);
    const held = await pacers(MAX_CLIENTS - 1);
    const trickled = message('<trickled@probe>').slice(0, -5);
    const stopTrickle = (async () => {
      for (const byte of trickled) {
        if (conversation.closed) break;
        conversation.write(byte);
        await pause(50);
      }
    })();
    await pause(STALE_MS * 2);
    const before = await submissions();
    const replies = await send('<after-trickle@probe>');
    expect(code(replies[0]), replies[0]).toBe(220);
    expect(code(replies.at(-2))).toBe(250);
    expect(await conversation.ended()).toBe(true);
    await stopTrickle;
    await held.stop();
    const after = await submissions();
    expect(after.length).toBe(before.length + 1);
  });

  it('a burst of newcomers against fresh slots: each is answered 220 or 421 at once, and the listener serves again after', async () => {
    const held = await pacers(MAX_CLIENTS);
    const burst = await Promise.all(Array.from({ length: 50 }, () => Conversation.open(port)));
    // By now this address has ended many connections without mail (the pacers of the tests above), so
    // round 5 gives its greetings no credit (probe-smtp-churn-5): newcomers may take the pacers' slots.
    const greetings = burst.map(({ greeting }) => code(greeting));
    expect(greetings.filter((value) => value !== 421 && value !== 220)).toEqual([]);
    expect(greetings.filter((value) => value === 220).length).toBeLessThanOrEqual(MAX_CLIENTS);
    for (const { conversation } of burst) conversation.close();
    await held.stop();
    await expect
      .poll(async () => (await send(`<after-burst-${Date.now()}@probe>`)).map(code).at(-2))
      .toBe(250);
  });
});
