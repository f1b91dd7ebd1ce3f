import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImapMailSource } from '../../../pipeline/adapters/imap-mail-source.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import { mailSourceContract } from '../../support/contracts/mail-source-contract.ts';
import { type Dovecot, requireDovecot, startDovecot } from '../../support/dovecot.ts';
import { imapSource } from './mail-rig.ts';

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
});
