import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MailSource } from '../../../pipeline/ports.ts';
import { mailWithPdf } from '../mail-messages.ts';

export interface MailSourceHarness {
  readonly source: MailSource;
  /** Puts messages into `mailbox`, in order. */
  append(mailbox: string, messages: readonly Buffer[]): Promise<void>;
  /** The flags of each message of `mailbox`, by Message-ID; the mailbox may not exist. */
  contents(mailbox: string): Promise<Map<string, string[]>>;
  close(): Promise<void>;
}

const text = async (stream: NodeJS.ReadableStream): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('latin1');
};

/**
 * What every MailSource adapter must do: list by UID above a checkpoint (never the `n:*` quirk's old
 * message), start over under a new UIDVALIDITY, stream a message read-only, and move it to a folder made
 * on demand with keywords that say why.
 */
export function mailSourceContract(adapter: string, create: () => Promise<MailSourceHarness>): void {
  describe(`MailSource contract: ${adapter}`, () => {
    let harness: MailSourceHarness;
    beforeEach(async () => {
      harness = await create();
    });
    afterEach(async () => {
      await harness.close();
    });

    it('lists every message oldest first when there is no checkpoint', async () => {
      await harness.append('INBOX', await Promise.all([1, 2, 3].map((n) => mailWithPdf(n))));
      const listing = await harness.source.list('INBOX', undefined, 10);
      expect(listing.messages.map((message) => message.messageId)).toEqual([
        '<msg-1@example.com>',
        '<msg-2@example.com>',
        '<msg-3@example.com>',
      ]);
      expect(listing.messages.every((message) => message.uidValidity === listing.uidValidity)).toBe(true);
      expect(listing.messages.every((message) => message.sizeBytes > 0)).toBe(true);
    });

    it('lists only what is above the checkpoint, at most `limit`', async () => {
      await harness.append('INBOX', await Promise.all([1, 2, 3, 4].map((n) => mailWithPdf(n))));
      const all = await harness.source.list('INBOX', undefined, 10);
      const first = all.messages[0];
      if (first === undefined) throw new Error('nothing listed');
      const after = await harness.source.list(
        'INBOX',
        { uidValidity: all.uidValidity, lastUid: first.uid },
        2,
      );
      expect(after.messages.map((message) => message.messageId)).toEqual([
        '<msg-2@example.com>',
        '<msg-3@example.com>',
      ]);
    });

    it('issue-n-star: a checkpoint at the highest UID lists nothing, though `UID n:*` matches that message', async () => {
      await harness.append('INBOX', await Promise.all([1, 2].map((n) => mailWithPdf(n))));
      const all = await harness.source.list('INBOX', undefined, 10);
      const last = all.messages.at(-1);
      if (last === undefined) throw new Error('nothing listed');
      const again = await harness.source.list(
        'INBOX',
        { uidValidity: all.uidValidity, lastUid: last.uid },
        10,
      );
      expect(again.messages).toEqual([]);
      // Past the highest UID too: `UID 100:*` still answers the highest message.
      const beyond = await harness.source.list(
        'INBOX',
        { uidValidity: all.uidValidity, lastUid: last.uid + 50 },
        10,
      );
      expect(beyond.messages).toEqual([]);
    });

    it('lists from the start when the checkpoint has another UIDVALIDITY', async () => {
      await harness.append('INBOX', [await mailWithPdf(1)]);
      const all = await harness.source.list('INBOX', undefined, 10);
      const listing = await harness.source.list(
        'INBOX',
        { uidValidity: all.uidValidity + 1, lastUid: 1_000 },
        10,
      );
      expect(listing.messages.map((message) => message.messageId)).toEqual(['<msg-1@example.com>']);
    });

    it('streams the raw message without marking it seen', async () => {
      await harness.append('INBOX', [await mailWithPdf(7)]);
      const [message] = (await harness.source.list('INBOX', undefined, 10)).messages;
      if (message === undefined) throw new Error('nothing listed');
      const raw = await text(await harness.source.source(message));
      expect(raw).toContain('Subject: Arrival notice 7');
      expect(raw).toContain('notice-7.pdf');
      expect((await harness.contents('INBOX')).get('<msg-7@example.com>')).not.toContain('\\Seen');
    });

    it('streams many messages in their order, a large one among small ones, without marking them seen', async () => {
      // Over a mebibyte: past what an adapter may fetch whole, so it comes in chunks.
      const large = Buffer.concat([
        await mailWithPdf(2),
        Buffer.from(`X-Padding: ${'p'.repeat(76)}\r\n`.repeat(16_000), 'latin1'),
      ]);
      await harness.append('INBOX', [
        await mailWithPdf(1),
        large,
        await mailWithPdf(3),
        await mailWithPdf(4),
      ]);
      const { messages } = await harness.source.list('INBOX', undefined, 10);
      const read: string[] = [];
      for await (const { message, body } of harness.source.sources(messages)) {
        const raw = Buffer.isBuffer(body) ? body.toString() : await text(body);
        read.push(`${message.uid}:${raw.length}`);
        expect(raw).toContain(`notice-${message.messageId?.slice(5, 6)}.pdf`);
      }
      expect(read).toEqual(messages.map((message) => `${message.uid}:${message.sizeBytes}`));
      expect((await harness.contents('INBOX')).get('<msg-3@example.com>')).not.toContain('\\Seen');
    });

    it('frees the mailbox when the caller stops reading early', async () => {
      await harness.append('INBOX', await Promise.all([1, 2, 3].map((n) => mailWithPdf(n))));
      const { messages } = await harness.source.list('INBOX', undefined, 10);
      for await (const { body } of harness.source.sources(messages)) {
        if (!Buffer.isBuffer(body)) await text(body);
        break;
      }
      const [first] = messages;
      if (first === undefined) throw new Error('nothing listed');
      await harness.source.settle([first], 'Processed', []);
      expect([...(await harness.contents('INBOX')).keys()]).toHaveLength(2);
    });

    it('moves a message to a folder it creates, with the keywords given', async () => {
      await harness.append('INBOX', await Promise.all([1, 2].map((n) => mailWithPdf(n))));
      const [first, second] = (await harness.source.list('INBOX', undefined, 10)).messages;
      if (first === undefined || second === undefined) throw new Error('nothing listed');
      await harness.source.settle([first], 'Processed', []);
      await harness.source.settle([second], 'Failed', ['stevedore-failed', 'stevedore-no_documents']);
      expect([...(await harness.contents('INBOX')).keys()]).toEqual([]);
      expect([...(await harness.contents('Processed')).keys()]).toEqual(['<msg-1@example.com>']);
      expect((await harness.contents('Failed')).get('<msg-2@example.com>')).toEqual(
        expect.arrayContaining(['stevedore-failed', 'stevedore-no_documents']),
      );
    });

    it('moves mail that arrived after its last move', async () => {
      await harness.append('INBOX', [await mailWithPdf(1)]);
      const first = await harness.source.list('INBOX', undefined, 10);
      await harness.source.settle(first.messages, 'Processed', []);
      // New mail, unseen by the connection that moved the first message.
      await harness.append('INBOX', [await mailWithPdf(2)]);
      const [last] = first.messages;
      if (last === undefined) throw new Error('nothing listed');
      const second = await harness.source.list(
        'INBOX',
        { uidValidity: first.uidValidity, lastUid: last.uid },
        10,
      );
      expect(second.messages.map((message) => message.messageId)).toEqual(['<msg-2@example.com>']);
      await harness.source.settle(second.messages, 'Processed', []);
      expect([...(await harness.contents('INBOX')).keys()]).toEqual([]);
      expect([...(await harness.contents('Processed')).keys()].sort()).toEqual([
        '<msg-1@example.com>',
        '<msg-2@example.com>',
      ]);
    });

    it('answers mailbox_missing for a mailbox that does not exist', async () => {
      await expect(harness.source.list('Nowhere', undefined, 10)).rejects.toMatchObject({
        code: 'mailbox_missing',
      });
    });
  });
}
