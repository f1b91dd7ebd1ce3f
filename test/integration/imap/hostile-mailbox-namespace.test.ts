import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Dovecot, requireDovecot, startDovecot } from '../../support/dovecot.ts';
import { composeMail } from '../../support/mail-messages.ts';
import {
  MeddledSource,
  numberedMails,
  otherClient,
  pollUntilDone,
  takenNames,
} from './hostile-server-rig.ts';
import {
  appendAll,
  contents,
  createMailState,
  createPoller,
  imapSource,
  type MailState,
} from './mail-rig.ts';

const available = requireDovecot('hostile-mailbox-namespace');

/** Every folder of the account, as the server names them, with their separator. */
const folders = (dovecot: Dovecot) =>
  otherClient(dovecot, async (client) =>
    (await client.list()).map((box) => ({ path: box.path, delimiter: box.delimiter })),
  );

describe.runIf(available)(
  'a Courier-style server: folders under `INBOX.`, separator `.`, non-ASCII names',
  () => {
    let dovecot: Dovecot;
    let state: MailState;
    const sources: MeddledSource[] = [];
    const meddled = (): MeddledSource => {
      const source = new MeddledSource(imapSource(dovecot));
      sources.push(source);
      return source;
    };

    beforeAll(async () => {
      dovecot = await startDovecot({ separator: '.', prefix: 'INBOX.' });
    });
    afterAll(async () => {
      await dovecot.stop();
    });
    beforeEach(async () => {
      state = await createMailState();
    });
    afterEach(async () => {
      await Promise.all(sources.splice(0).map((source) => source.close()));
      await state.close();
    });

    it('polls INBOX and makes Processed and Failed where the server keeps folders (INBOX.Processed)', async () => {
      await appendAll(dovecot, 'INBOX', [
        ...(await numberedMails('courier', 2)),
        await composeMail({ subject: 'nothing here', messageId: '<courier-none@hostile.example>' }),
      ]);
      const poller = createPoller(state, meddled(), { dovecot });
      const { errors, reports } = await pollUntilDone(poller, 3);
      expect(errors).toEqual([]);
      expect(reports.at(-1)).toMatchObject({ processed: 2, failed: 1, more: false });
      expect(await takenNames(state)).toEqual(['courier-1.pdf', 'courier-2.pdf']);
      expect(await folders(dovecot)).toEqual(
        expect.arrayContaining([
          { path: 'INBOX.Processed', delimiter: '.' },
          { path: 'INBOX.Failed', delimiter: '.' },
        ]),
      );
      expect((await contents(dovecot, 'INBOX.Processed')).size).toBe(2);
      expect((await contents(dovecot, 'INBOX.Failed')).size).toBe(1);
      expect((await contents(dovecot, 'INBOX')).size).toBe(0);
    });

    it('polls a nested non-ASCII mailbox (modified UTF-7 on the wire) named with or without the prefix', async () => {
      const nested = 'INBOX.Fournisseurs.Réception «douane»';
      await otherClient(dovecot, (client) => client.mailboxCreate(nested));
      await appendAll(dovecot, nested, await numberedMails('nested', 2));
      // As a user would write IMAP_MAILBOX: without the namespace prefix the server requires.
      const poller = createPoller(state, meddled(), { dovecot, mailbox: 'Fournisseurs.Réception «douane»' });
      const { errors, reports } = await pollUntilDone(poller, 3);
      expect(errors).toEqual([]);
      expect(reports.at(-1)).toMatchObject({ processed: 2, failed: 0, more: false });
      expect(await takenNames(state)).toEqual(['nested-1.pdf', 'nested-2.pdf']);
      expect((await contents(dovecot, nested)).size).toBe(0);
      expect((await contents(dovecot, 'INBOX.Processed')).size).toBeGreaterThanOrEqual(2);
      expect(await poller.poll()).toMatchObject({ processed: 0, failed: 0, resettled: 0, more: false });
    });

    it('a Processed folder named with non-ASCII and the separator (INBOX.Traités.Documents) is created and used', async () => {
      await appendAll(dovecot, 'INBOX', await numberedMails('accented', 1));
      const source = meddled();
      const poller = createPoller(state, source, { dovecot, processedFolder: 'Traités.Documents' });
      expect(await poller.poll()).toMatchObject({ processed: 1, failed: 0, more: false });
      expect((await contents(dovecot, 'INBOX.Traités.Documents')).size).toBe(1);
    });
  },
);
