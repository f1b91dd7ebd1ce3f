import { afterAll, beforeAll, describe } from 'vitest';
import { ImapMailSource } from '../../../pipeline/adapters/imap-mail-source.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import { mailSourceContract } from '../../support/contracts/mail-source-contract.ts';
import { type Dovecot, requireDovecot, startDovecot } from '../../support/dovecot.ts';

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
});
