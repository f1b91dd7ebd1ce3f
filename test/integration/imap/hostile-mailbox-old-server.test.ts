import { describe, expect, it } from 'vitest';
import { requireDovecot } from '../../support/dovecot.ts';
import { composeMail } from '../../support/mail-messages.ts';
import { numberedMails, otherClient, takenNames, useHostileRig } from './hostile-server-rig.ts';
import { appendAll, contents, createPoller } from './mail-rig.ts';

const available = requireDovecot('hostile-mailbox-old-server');

describe.runIf(available)('a server without MOVE and UIDPLUS (an older IMAP4rev1 server)', () => {
  const rig = useHostileRig({
    dovecot: {
      capabilities: 'IMAP4rev1 LITERAL+ SASL-IR LOGIN-REFERRALS ID ENABLE IDLE',
    },
  });

  it("copies taken messages and flags them deleted, never expunging another client's deleted mail", async () => {
    await appendAll(rig.dovecot, 'INBOX', await numberedMails('old', 2));
    const source = rig.meddled();
    // Another client deletes a message of its own (flags it, leaves the expunge for later) mid-poll.
    source.beforeMove = () =>
      otherClient(rig.dovecot, async (client) => {
        await client.append(
          'INBOX',
          await composeMail({ subject: 'deleted by the user', messageId: '<users-own@hostile.example>' }),
          ['\\Deleted'],
        );
      });
    const poller = createPoller(rig.state, source, { dovecot: rig.dovecot });
    expect(await poller.poll()).toMatchObject({ processed: 2, failed: 0, more: false });
    expect(await takenNames(rig.state)).toEqual(['old-1.pdf', 'old-2.pdf']);
    expect([...(await contents(rig.dovecot, 'Processed')).keys()].sort()).toEqual([
      '<old-1@hostile.example>',
      '<old-2@hostile.example>',
    ]);
    const inbox = await contents(rig.dovecot, 'INBOX');
    expect(inbox.get('<users-own@hostile.example>')).toContain('\\Deleted');
    expect(inbox.get('<old-1@hostile.example>')).toContain('\\Deleted');
    // The originals are behind the checkpoint: the next poll neither lists nor copies them again.
    const downloads = source.downloads.length;
    await poller.poll();
    expect(source.downloads.length).toBe(downloads + 1);
    expect((await contents(rig.dovecot, 'Processed')).size).toBe(2);
    expect(await otherClient(rig.dovecot, (client) => Promise.resolve(client.capabilities.has('MOVE')))).toBe(
      false,
    );
  });
});
