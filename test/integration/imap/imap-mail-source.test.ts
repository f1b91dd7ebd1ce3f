import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImapMailSource } from '../../../pipeline/adapters/imap-mail-source.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import { mailSourceContract } from '../../support/contracts/mail-source-contract.ts';
import { type Dovecot, requireDovecot, startDovecot } from '../../support/dovecot.ts';
import { mailWithPdf } from '../../support/mail-messages.ts';
import { appendAll, imapSource } from './mail-rig.ts';

const available = requireDovecot('imap-mail-source');

describe.runIf(available)('ImapMailSource against Dovecot', () => {
  let dovecot: Dovecot;
  beforeAll(async () => {
    dovecot = await startDovecot();
  });
  afterAll(async () => {
    await dovecot.stop();
  });

  mailSourceContract('imap (Dovecot)', async () => {
    // Each test gets its own mailbox tree under a fresh INBOX: empty what the last one left.
    const admin = await dovecot.client();
    for (const box of await admin.list()) {
      if (box.path !== 'INBOX') await admin.mailboxDelete(box.path);
    }
    const inbox = await admin.mailboxOpen('INBOX');
    if (inbox.exists > 0) await admin.messageDelete('1:*');
    const source = new ImapMailSource({
      server: {
        host: dovecot.host,
        port: dovecot.port,
        tls: false,
        credentials: async () => ({ user: dovecot.user, pass: dovecot.password }),
      },
      logger: createLogger({ level: 'silent' }),
    });
    return {
      source,
      append: async (mailbox, messages) => {
        for (const message of messages) await admin.append(mailbox, message);
      },
      contents: async (mailbox) => {
        // A fresh session, so nothing this one saw earlier stands in for the mailbox's state now.
        const viewer = await dovecot.client();
        const found = new Map<string, string[]>();
        try {
          const status = await viewer.status(mailbox, { messages: true }).catch(() => undefined);
          if (status === undefined || status === false || !status.messages) return found;
          await viewer.mailboxOpen(mailbox, { readOnly: true });
          for await (const message of viewer.fetch('1:*', { envelope: true, flags: true })) {
            found.set(message.envelope?.messageId ?? `#${message.seq}`, [...(message.flags ?? [])]);
          }
        } finally {
          await viewer.logout();
        }
        return found;
      },
      close: async () => {
        await source.close();
        await admin.logout();
      },
    };
  });

  // The listing reads the Message-ID header alone, not the envelope; the identity must not change with it.
  it("lists the Message-ID Dovecot's envelope gives, however the header is written", async () => {
    const headers = [
      'Message-ID: <plain@example.com>',
      'Message-ID:    <spaced@example.com>   ',
      'Message-Id: <commented@example.com> (a comment)',
      'Message-ID:\r\n <folded@example.com>',
      'Message-ID: <first@example.com>\r\nMessage-ID: <last@example.com>',
      'Message-ID: no-brackets@example.com',
      'Message-ID: <\u00e9t\u00e9@example.com>',
      'Message-ID:',
      'X-No-Message-ID: yes',
    ];
    await dovecot.seedMaildir(
      'Identities',
      headers.map((header) => Buffer.from(`From: a@example.com\r\n${header}\r\nSubject: s\r\n\r\nbody\r\n`)),
    );
    const source = imapSource(dovecot);
    const viewer = await dovecot.client();
    try {
      const listing = await source.list('Identities', undefined, 100);
      await viewer.mailboxOpen('Identities', { readOnly: true });
      const envelopes = await viewer.fetchAll('1:*', { uid: true, envelope: true }, { uid: true });
      const byEnvelope = new Map(envelopes.map((m) => [m.uid, m.envelope?.messageId?.trim() || null]));
      expect(listing.messages).toHaveLength(headers.length);
      for (const message of listing.messages) expect(message.messageId).toBe(byEnvelope.get(message.uid));
      expect(listing.messages.map((message) => message.messageId)).toEqual([
        '<plain@example.com>',
        '<spaced@example.com>',
        '<commented@example.com> (a comment)',
        '<folded@example.com>',
        '<last@example.com>',
        'no-brackets@example.com',
        '<\u00e9t\u00e9@example.com>',
        null,
        null,
      ]);
    } finally {
      await viewer.logout();
      await source.close();
    }
  });

  it('lists a backlog chunk by chunk with one SEARCH, and searches again once new mail arrives', async () => {
    await dovecot.seedMaildir(
      'Backlog',
      await Promise.all(Array.from({ length: 300 }, (_, n) => mailWithPdf(n))),
    );
    const commands: string[] = [];
    const source = new ImapMailSource({
      server: {
        host: dovecot.host,
        port: dovecot.port,
        tls: false,
        credentials: async () => ({ user: dovecot.user, pass: dovecot.password }),
      },
      logger: createLogger({ level: 'silent' }),
      onCommand: (command) => commands.push(command),
    });
    const searches = () => commands.filter((command) => / UID SEARCH /i.test(command)).length;
    try {
      const listed: string[] = [];
      let checkpoint: { uidValidity: number; lastUid: number } | undefined;
      for (let chunk = 0; chunk < 3; chunk += 1) {
        const listing = await source.list('Backlog', checkpoint, 100);
        expect(listing.messages).toHaveLength(100);
        listed.push(...listing.messages.map((message) => message.messageId ?? ''));
        const last = listing.messages.at(-1);
        if (last !== undefined) checkpoint = { uidValidity: listing.uidValidity, lastUid: last.uid };
      }
      expect(new Set(listed).size).toBe(300);
      expect(searches()).toBe(1);
      expect((await source.list('Backlog', checkpoint, 100)).messages).toEqual([]);

      await appendAll(dovecot, 'Backlog', [await mailWithPdf(300)]);
      const fresh = await source.list('Backlog', checkpoint, 100);
      expect(fresh.messages.map((message) => message.messageId)).toEqual(['<msg-300@example.com>']);
      expect(searches()).toBe(2);
    } finally {
      await source.close();
    }
  });
});
