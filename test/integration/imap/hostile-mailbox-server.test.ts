import { chown, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAILED_KEYWORD, reasonKeyword } from '../../../pipeline/sources/mail-folders.ts';
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

const available = requireDovecot('hostile-mailbox-server');

describe.runIf(available)('a hostile mailbox on Dovecot: other clients, odd messages, odd names', () => {
  const rig = useHostileRig({ resetEach: true });
  const { meddled } = rig;

  it('a message expunged by another client between the listing and the fetch is passed over; the rest are taken', async () => {
    await appendAll(rig.dovecot, 'INBOX', await numberedMails('gone', 5));
    const source = meddled();
    source.beforeFetch = (messages) =>
      otherClient(rig.dovecot, async (client) => {
        await client.mailboxOpen('INBOX');
        await client.messageDelete(String(messages[2]?.uid), { uid: true });
      });
    const poller = createPoller(rig.state, source, { dovecot: rig.dovecot });
    expect(await poller.poll()).toMatchObject({ processed: 4, failed: 0, more: false });
    expect(await takenNames(rig.state)).toEqual(['gone-1.pdf', 'gone-2.pdf', 'gone-4.pdf', 'gone-5.pdf']);
    expect((await contents(rig.dovecot, 'Processed')).size).toBe(4);
    expect((await contents(rig.dovecot, 'INBOX')).size).toBe(0);
    expect(await poller.poll()).toEqual({ leased: true, processed: 0, failed: 0, resettled: 0, more: false });
  });

  it('the last message of a listing expunged before the fetch, and a large one streamed, are passed over too', async () => {
    const large = await composeMail({
      subject: 'large',
      messageId: '<large@hostile.example>',
      attachments: [
        { filename: 'large.pdf', content: Buffer.concat([tinyPdf('large'), Buffer.alloc(1_500_000, 0x20)]) },
      ],
    });
    await appendAll(rig.dovecot, 'INBOX', [...(await numberedMails('tail', 2)), large]);
    const source = meddled();
    source.beforeFetch = (messages) =>
      otherClient(rig.dovecot, async (client) => {
        await client.mailboxOpen('INBOX');
        await client.messageDelete(String(messages.at(-1)?.uid), { uid: true });
      });
    const poller = createPoller(rig.state, source, { dovecot: rig.dovecot });
    expect(await poller.poll()).toMatchObject({ processed: 2, failed: 0, more: false });
    expect(await takenNames(rig.state)).toEqual(['tail-1.pdf', 'tail-2.pdf']);
  });

  it('messages another client moves away after they are read are not lost nor taken twice: their documents are queued', async () => {
    await appendAll(rig.dovecot, 'INBOX', await numberedMails('away', 4));
    await otherClient(rig.dovecot, (client) => client.mailboxCreate('Elsewhere'));
    const source = meddled();
    source.beforeMove = (messages) =>
      otherClient(rig.dovecot, async (client) => {
        await client.mailboxOpen('INBOX');
        await client.messageMove(`${messages[0]?.uid},${messages[1]?.uid}`, 'Elsewhere', { uid: true });
      });
    const poller = createPoller(rig.state, source, { dovecot: rig.dovecot });
    expect(await poller.poll()).toMatchObject({ processed: 4, failed: 0, more: false });
    expect(await takenNames(rig.state)).toEqual(['away-1.pdf', 'away-2.pdf', 'away-3.pdf', 'away-4.pdf']);
    expect([...(await contents(rig.dovecot, 'Elsewhere')).keys()].sort()).toEqual([
      '<away-1@hostile.example>',
      '<away-2@hostile.example>',
    ]);
    expect((await contents(rig.dovecot, 'Processed')).size).toBe(2);
    // Dragged back by the user: recognised by its identity and arrival time, moved without a download.
    await otherClient(rig.dovecot, async (client) => {
      await client.mailboxOpen('Elsewhere');
      await client.messageMove('1:*', 'INBOX');
    });
    const downloads = source.downloads.length;
    expect(await createPoller(rig.state, source, { dovecot: rig.dovecot }).poll()).toMatchObject({
      processed: 0,
      resettled: 2,
    });
    expect(source.downloads.length).toBe(downloads);
    expect((await takenNames(rig.state)).length).toBe(4);
    expect((await contents(rig.dovecot, 'Processed')).size).toBe(4);
  });

  it('a Processed folder that cannot be created (a file in its way) keeps the messages in INBOX, taken once; moved once it can be', async () => {
    await writeFile(join(rig.dovecot.maildir, '.Processed'), 'not a folder');
    await appendAll(rig.dovecot, 'INBOX', await numberedMails('blocked', 3));
    const source = meddled();
    const poller = createPoller(rig.state, source, { dovecot: rig.dovecot });
    expect(await poller.poll()).toMatchObject({ processed: 3, unmoved: { messages: 3 } });
    expect(await takenNames(rig.state)).toEqual(['blocked-1.pdf', 'blocked-2.pdf', 'blocked-3.pdf']);
    expect((await contents(rig.dovecot, 'INBOX')).size).toBe(3);
    // A later poll moves nothing, takes nothing again, and downloads nothing.
    expect(await poller.poll()).toMatchObject({ processed: 0, resettled: 0, unmoved: { messages: 3 } });
    expect(source.downloads.length).toBe(3);
    await rm(join(rig.dovecot.maildir, '.Processed'));
    const after = await pollUntilDone(createPoller(rig.state, source, { dovecot: rig.dovecot }), 3);
    expect(after.errors).toEqual([]);
    expect(after.reports).toEqual([{ leased: true, processed: 0, failed: 0, resettled: 3, more: false }]);
    expect(source.downloads.length).toBe(3);
    expect((await contents(rig.dovecot, 'Processed')).size).toBe(3);
    expect((await takenNames(rig.state)).length).toBe(3);
  });

  it('a 0-byte message, and messages whose RFC822.SIZE disagrees with their bytes, each end in a folder once; the rest are taken', async () => {
    const [before, wrong, after] = await numberedMails('sized', 3);
    const big = (await numberedMails('oversized', 1))[0] ?? Buffer.alloc(0);
    const folder = join(rig.dovecot.maildir, 'new');
    await mkdir(folder, { recursive: true });
    // Maildir file names carry the size (S=) the server announces: one says 12 bytes, far fewer than it
    // has, one far more: Dovecot drops the connection at every FETCH of their size, header or body.
    const files: Array<[string, Buffer]> = [
      ['1700000001.M1P1.host,S=0', Buffer.alloc(0)],
      [`1700000002.M2P1.host,S=${before?.length}`, before ?? Buffer.alloc(0)],
      ['1700000003.M3P1.host,S=12', wrong ?? Buffer.alloc(0)],
      [`1700000004.M4P1.host,S=${after?.length}`, after ?? Buffer.alloc(0)],
      ['1700000005.M5P1.host,S=9000000', big],
    ];
    for (const [name, bytes] of files) {
      await writeFile(join(folder, name), bytes);
      if (process.getuid?.() === 0) await chown(join(folder, name), 65534, 65534);
    }
    const source = meddled();
    const poller = createPoller(rig.state, source, { dovecot: rig.dovecot });
    // Each poll fetches the two alone, twice, in fresh sessions, while the server answers for their flags:
    // put off twice, given up at the third poll.
    expect(await poller.poll()).toMatchObject({ processed: 2, failed: 1, deferred: 2, more: false });
    expect(await takenNames(rig.state)).toEqual(['sized-1.pdf', 'sized-3.pdf']);
    expect(await poller.poll()).toMatchObject({ processed: 0, failed: 0, deferred: 2, more: false });
    const third = await poller.poll();
    expect(third).toMatchObject({ processed: 0, failed: 2, more: false });
    expect(third.deferred).toBeUndefined();
    expect(await takenNames(rig.state)).toEqual(['sized-1.pdf', 'sized-3.pdf']);
    expect((await contents(rig.dovecot, 'INBOX')).size).toBe(0);
    // Flags only: the server would drop the connection at the envelope of the unfetchable one.
    const flags = await otherClient(rig.dovecot, async (client) => {
      await client.mailboxOpen('Failed', { readOnly: true });
      return (await client.fetchAll('1:*', { uid: true, flags: true })).map((message) => [
        ...(message.flags ?? []),
      ]);
    });
    const reasons = flags
      .map((found) => found.filter((flag) => flag.startsWith('stevedore-') && flag !== FAILED_KEYWORD)[0])
      .sort();
    expect(reasons).toEqual([
      reasonKeyword('no_documents'),
      reasonKeyword('unfetchable'),
      reasonKeyword('unfetchable'),
    ]);
    const downloads = source.downloads.length;
    expect(await poller.poll()).toMatchObject({ processed: 0, failed: 0, resettled: 0, more: false });
    expect(source.downloads.length).toBe(downloads);
  });

  it('a message flagged \\Deleted but not expunged is taken like any other, and the other deleted ones are not expunged', async () => {
    const [kept, deleted] = await numberedMails('flagged', 2);
    await otherClient(rig.dovecot, async (client) => {
      await client.append('INBOX', kept ?? '', ['\\Deleted']);
      await client.append('INBOX', deleted ?? '', ['\\Deleted', '\\Seen']);
    });
    await appendAll(rig.dovecot, 'INBOX', await numberedMails('plain', 1));
    const poller = createPoller(rig.state, meddled(), { dovecot: rig.dovecot });
    expect(await poller.poll()).toMatchObject({ processed: 3, failed: 0, more: false });
    expect(await takenNames(rig.state)).toEqual(['flagged-1.pdf', 'flagged-2.pdf', 'plain-1.pdf']);
    const processed = await contents(rig.dovecot, 'Processed');
    expect(processed.size).toBe(3);
    expect(await poller.poll()).toMatchObject({ processed: 0, failed: 0, resettled: 0, more: false });
  });

  it('IMAP_MAILBOX with spaces, quotes and non-ASCII (modified UTF-7 on the wire) is polled like INBOX', async () => {
    const mailbox = 'Boîte "fournisseurs" 2026 – 東京';
    await otherClient(rig.dovecot, (client) => client.mailboxCreate(mailbox));
    await appendAll(rig.dovecot, mailbox, await numberedMails('named', 2));
    await appendAll(rig.dovecot, mailbox, [
      await composeMail({ subject: 'nothing', messageId: '<none@hostile.example>' }),
    ]);
    const poller = createPoller(rig.state, meddled(), { dovecot: rig.dovecot, mailbox });
    expect(await poller.poll()).toMatchObject({ processed: 2, failed: 1, more: false });
    expect(await takenNames(rig.state)).toEqual(['named-1.pdf', 'named-2.pdf']);
    expect((await contents(rig.dovecot, mailbox)).size).toBe(0);
    expect((await contents(rig.dovecot, 'Processed')).size).toBe(2);
    expect((await contents(rig.dovecot, 'Failed')).size).toBe(1);
    expect(await poller.poll()).toMatchObject({ processed: 0, failed: 0, resettled: 0, more: false });
  });
});
