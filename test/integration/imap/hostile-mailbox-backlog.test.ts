import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImapMailSource } from '../../../pipeline/adapters/imap-mail-source.ts';
import { mailboxKeyOf, writeCheckpoint } from '../../../pipeline/ledger/mailbox.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { type Dovecot, requireDovecot, startDovecot } from '../../support/dovecot.ts';
import { numberedMails, otherClient, takenNames } from './hostile-server-rig.ts';
import { appendAll, CountingSource, createMailState, createPoller, type MailState } from './mail-rig.ts';

const available = requireDovecot('hostile-mailbox-backlog');
const MESSAGES = 100_000;

/** A small message, written straight to the Maildir (an APPEND each would take minutes). */
const seeded = (n: number): Buffer =>
  Buffer.from(
    `From: old@sender.example\r\nTo: ops@importer.example\r\nSubject: old ${n}\r\nMessage-ID: <old-${n}@backlog.example>\r\n\r\nalready taken\r\n`,
  );

describe.runIf(available)('a mailbox of 100,000 messages of which none is new', () => {
  let dovecot: Dovecot;
  let state: MailState;
  let source: CountingSource;
  const commands: string[] = [];

  beforeAll(async () => {
    dovecot = await startDovecot();
    state = await createMailState();
    await dovecot.seedMaildir(
      'INBOX',
      Array.from({ length: MESSAGES }, (_, index) => seeded(index + 1)),
    );
    // Opened read-write once, as the user's mail client has (Dovecot moves them from new/ to cur/); then
    // the checkpoint a poller that took them all would have left.
    const status = await otherClient(dovecot, async (client) => {
      await client.mailboxOpen('INBOX');
      const found = await client.status('INBOX', { uidValidity: true, uidNext: true, messages: true });
      if (found === false) throw new Error('INBOX has no status');
      return found;
    });
    expect(status.messages).toBe(MESSAGES);
    await writeCheckpoint(
      state.ledger,
      mailboxKeyOf({ host: dovecot.host, port: dovecot.port, user: dovecot.user }, 'INBOX'),
      { uidValidity: Number(status.uidValidity), lastUid: (status.uidNext ?? 1) - 1 },
    );
    source = new CountingSource(
      new ImapMailSource({
        server: {
          host: dovecot.host,
          port: dovecot.port,
          tls: false,
          credentials: async () => ({ user: dovecot.user, pass: dovecot.password }),
        },
        logger: silentLogger,
        onCommand: (command) => commands.push(command),
      }),
    );
  }, 300_000);
  afterAll(async () => {
    await source?.close();
    await state?.close();
    await dovecot?.stop();
  });

  it('a poll costs one STATUS once connected, downloads nothing and takes nothing', async () => {
    const poller = createPoller(state, source, { dovecot });
    expect(await poller.poll()).toEqual({ leased: true, processed: 0, failed: 0, resettled: 0, more: false });
    commands.length = 0;
    expect(await poller.poll()).toEqual({ leased: true, processed: 0, failed: 0, resettled: 0, more: false });
    expect(commands.length).toBeLessThanOrEqual(3);
    expect(source.downloads).toEqual([]);
  }, 120_000);

  it('one new message on top of them is the only one listed, fetched and taken', async () => {
    await appendAll(dovecot, 'INBOX', await numberedMails('on-top', 1));
    const poller = createPoller(state, source, { dovecot });
    expect(await poller.poll()).toMatchObject({ processed: 1, failed: 0, resettled: 0, more: false });
    expect(source.downloads).toHaveLength(1);
    expect(await takenNames(state)).toEqual(['on-top-1.pdf']);
  }, 120_000);
});
