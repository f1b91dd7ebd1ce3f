import { describe, expect, it } from 'vitest';
import { requireDovecot } from '../../support/dovecot.ts';
import { composeMail, tinyPdf } from '../../support/mail-messages.ts';
import {
  numberedMails,
  otherClient,
  pollUntilDone,
  takenNames,
  useHostileRig,
} from './hostile-server-rig.ts';
import { appendAll, contents, createPoller } from './mail-rig.ts';

const available = requireDovecot('hostile-mailbox-connection');

describe.runIf(available)('a hostile IMAP server: dropped connections, a trickle, a rebuilt mailbox', () => {
  const rig = useHostileRig({ resetEach: true });
  const { meddled, proxy } = rig;

  // Ten command lines a session is the floor: imapflow's login takes six (ID, AUTHENTICATE and its
  // continuation, ID, NAMESPACE, ENABLE), opening a mailbox three (LIST, LSUB, SELECT); each session then
  // does one step (a SEARCH, a FETCH, a MOVE) and the next session goes on from there.
  it.each([10, 12])(
    'a server that closes every connection after %i commands: polls go on, each message taken once and moved once',
    async (commands) => {
      const mails = await numberedMails(`cut${commands}`, 20);
      await appendAll(rig.dovecot, 'INBOX', mails);
      const cutting = await proxy({ closeAfterCommands: commands });
      const poller = createPoller(rig.state, meddled(cutting.port), { dovecot: rig.dovecot, chunkSize: 4 });
      const { errors, reports } = await pollUntilDone(poller, 80, { untilMoved: true });
      expect(cutting.cuts()).toBeGreaterThan(0);
      expect(errors.length).toBeGreaterThan(0);
      expect(reports.at(-1)?.more).toBe(false);
      const expected = Array.from({ length: 20 }, (_, index) => `cut${commands}-${index + 1}.pdf`).sort();
      expect(await takenNames(rig.state)).toEqual(expected);
      expect((await contents(rig.dovecot, 'INBOX')).size).toBe(0);
      expect((await contents(rig.dovecot, 'Processed')).size).toBe(20);
      expect((await contents(rig.dovecot, 'Failed')).size).toBe(0);
    },
    60_000,
  );

  it('a very slow server (answers trickling in 1 KB pieces, each after a delay) is read to the end, a large message too', async () => {
    const large = await composeMail({
      subject: 'large over a trickle',
      messageId: '<trickle-large@hostile.example>',
      attachments: [
        {
          filename: 'trickle-large.pdf',
          content: Buffer.concat([tinyPdf('large'), Buffer.alloc(1_100_000, 0x20)]),
        },
      ],
    });
    await appendAll(rig.dovecot, 'INBOX', [...(await numberedMails('trickle', 6)), large]);
    const slow = await proxy({ pieceBytes: 1024, delayMs: 1 });
    const poller = createPoller(rig.state, meddled(slow.port), { dovecot: rig.dovecot });
    expect(await poller.poll()).toMatchObject({ processed: 7, failed: 0, more: false });
    expect(await takenNames(rig.state)).toEqual([
      'trickle-1.pdf',
      'trickle-2.pdf',
      'trickle-3.pdf',
      'trickle-4.pdf',
      'trickle-5.pdf',
      'trickle-6.pdf',
      'trickle-large.pdf',
    ]);
    expect(await poller.poll()).toMatchObject({ processed: 0, failed: 0, resettled: 0, more: false });
  }, 60_000);

  it('a mailbox rebuilt under the poll (new UIDVALIDITY, the same messages copied back) takes each message once', async () => {
    const mailbox = 'Shared';
    await otherClient(rig.dovecot, (client) => client.mailboxCreate(mailbox));
    await appendAll(rig.dovecot, mailbox, await numberedMails('rebuilt', 9));
    const source = meddled();
    // Between the first chunk's fetch and the second's: renamed away, made again, the messages copied
    // back (COPY keeps their arrival time), as a server migration does.
    source.beforeFetch = async () => {
      source.beforeFetch = () =>
        otherClient(rig.dovecot, async (client) => {
          await client.mailboxRename(mailbox, 'Old');
          await client.mailboxCreate(mailbox);
          await client.mailboxOpen('Old');
          await client.messageCopy('1:*', mailbox);
        });
    };
    const poller = createPoller(rig.state, source, { dovecot: rig.dovecot, mailbox, chunkSize: 3 });
    const { reports } = await pollUntilDone(poller, 10);
    expect(reports.at(-1)?.more).toBe(false);
    expect(await takenNames(rig.state)).toEqual(
      Array.from({ length: 9 }, (_, index) => `rebuilt-${index + 1}.pdf`).sort(),
    );
    expect((await contents(rig.dovecot, mailbox)).size).toBe(0);
    expect((await contents(rig.dovecot, 'Processed')).size).toBe(9);
    expect(await poller.poll()).toMatchObject({ processed: 0, failed: 0, resettled: 0, more: false });
  });
});
