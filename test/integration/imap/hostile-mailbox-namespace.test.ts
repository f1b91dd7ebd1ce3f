import { describe, expect, it } from 'vitest';
import { type Dovecot, requireDovecot } from '../../support/dovecot.ts';
import { composeMail } from '../../support/mail-messages.ts';
import {
  numberedMails,
  otherClient,
  pollUntilDone,
  takenNames,
  useHostileRig,
} from './hostile-server-rig.ts';
import { appendAll, contents, createPoller } from './mail-rig.ts';

const available = requireDovecot('hostile-mailbox-namespace');

/** Every folder of the account, as the server names them, with their separator. */
const folders = (dovecot: Dovecot) =>
  otherClient(dovecot, async (client) =>
    (await client.list()).map((box) => ({ path: box.path, delimiter: box.delimiter })),
  );

describe.runIf(available)(
  'a Courier-style server: folders under `INBOX.`, separator `.`, non-ASCII names',
  () => {
    const rig = useHostileRig({ dovecot: { separator: '.', prefix: 'INBOX.' } });
    const { meddled } = rig;

    it('polls INBOX and makes Processed and Failed where the server keeps folders (INBOX.Processed)', async () => {
      await appendAll(rig.dovecot, 'INBOX', [
        ...(await numberedMails('courier', 2)),
        await composeMail({ subject: 'nothing here', messageId: '<courier-none@hostile.example>' }),
      ]);
      const poller = createPoller(rig.state, meddled(), { dovecot: rig.dovecot });
      const { errors, reports } = await pollUntilDone(poller, 3);
      expect(errors).toEqual([]);
      expect(reports.at(-1)).toMatchObject({ processed: 2, failed: 1, more: false });
      expect(await takenNames(rig.state)).toEqual(['courier-1.pdf', 'courier-2.pdf']);
      expect(await folders(rig.dovecot)).toEqual(
        expect.arrayContaining([
          { path: 'INBOX.Processed', delimiter: '.' },
          { path: 'INBOX.Failed', delimiter: '.' },
        ]),
      );
      expect((await contents(rig.dovecot, 'INBOX.Processed')).size).toBe(2);
      expect((await contents(rig.dovecot, 'INBOX.Failed')).size).toBe(1);
      expect((await contents(rig.dovecot, 'INBOX')).size).toBe(0);
    });

    it('polls a nested non-ASCII mailbox (modified UTF-7 on the wire) named with or without the prefix', async () => {
      const nested = 'INBOX.Fournisseurs.Réception «douane»';
      await otherClient(rig.dovecot, (client) => client.mailboxCreate(nested));
      await appendAll(rig.dovecot, nested, await numberedMails('nested', 2));
      // As a user would write IMAP_MAILBOX: without the namespace prefix the server requires.
      const poller = createPoller(rig.state, meddled(), {
        dovecot: rig.dovecot,
        mailbox: 'Fournisseurs.Réception «douane»',
      });
      const { errors, reports } = await pollUntilDone(poller, 3);
      expect(errors).toEqual([]);
      expect(reports.at(-1)).toMatchObject({ processed: 2, failed: 0, more: false });
      expect(await takenNames(rig.state)).toEqual(['nested-1.pdf', 'nested-2.pdf']);
      expect((await contents(rig.dovecot, nested)).size).toBe(0);
      expect((await contents(rig.dovecot, 'INBOX.Processed')).size).toBeGreaterThanOrEqual(2);
      expect(await poller.poll()).toMatchObject({ processed: 0, failed: 0, resettled: 0, more: false });
    });

    it('a Processed folder named with non-ASCII and the separator (INBOX.Traités.Documents) is created and used', async () => {
      await appendAll(rig.dovecot, 'INBOX', await numberedMails('accented', 1));
      const source = meddled();
      const poller = createPoller(rig.state, source, {
        dovecot: rig.dovecot,
        processedFolder: 'Traités.Documents',
      });
      expect(await poller.poll()).toMatchObject({ processed: 1, failed: 0, more: false });
      expect((await contents(rig.dovecot, 'INBOX.Traités.Documents')).size).toBe(1);
    });
  },
);
