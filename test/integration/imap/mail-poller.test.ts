import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAILED_KEYWORD } from '../../../pipeline/sources/mail-folders.ts';
import { type Dovecot, requireDovecot, startDovecot } from '../../support/dovecot.ts';
import { composeMail, mailWithPdf, tinyPdf } from '../../support/mail-messages.ts';
import {
  appendAll,
  CountingSource,
  contents,
  createMailState,
  createPoller,
  imapSource,
  type MailState,
  resetAccount,
} from './mail-rig.ts';

const available = requireDovecot('mail-poller');

describe.runIf(available)('MailPoller against Dovecot', () => {
  let dovecot: Dovecot;
  let state: MailState;
  const sources: CountingSource[] = [];
  const counted = (port?: number): CountingSource => {
    const source = new CountingSource(imapSource(dovecot, port));
    sources.push(source);
    return source;
  };

  beforeAll(async () => {
    dovecot = await startDovecot();
  });
  afterAll(async () => {
    await dovecot.stop();
  });
  beforeEach(async () => {
    await resetAccount(dovecot);
    state = await createMailState();
  });
  afterEach(async () => {
    await Promise.all(sources.splice(0).map((source) => source.close()));
    await state.close();
  });

  it('takes each attachment once with the email metadata, and moves the message to Processed', async () => {
    await appendAll(dovecot, 'INBOX', [
      await composeMail({
        subject: 'BL and invoice for MSKU1234565',
        from: 'Carrier Desk <Desk@Carrier.example>',
        to: 'ops@importer.example',
        cc: 'boss@importer.example',
        messageId: '<two-docs@carrier.example>',
        date: new Date('2026-11-20T08:30:00Z'),
        attachments: [
          { filename: 'bl.pdf', content: tinyPdf('bl') },
          { filename: 'invoice.pdf', content: tinyPdf('invoice'), contentType: 'application/octet-stream' },
        ],
      }),
    ]);
    const poller = createPoller(state, counted(), { dovecot });
    const report = await poller.poll();
    expect(report).toMatchObject({ leased: true, processed: 1, failed: 0 });

    const intake = await state.intake();
    expect(intake.map((message) => message.origin.fileName).sort()).toEqual(['bl.pdf', 'invoice.pdf']);
    for (const message of intake) {
      expect(message.origin.source).toBe('imap');
      expect(message.origin.email).toEqual({
        subject: 'BL and invoice for MSKU1234565',
        from: ['desk@carrier.example'],
        to: ['ops@importer.example'],
        cc: ['boss@importer.example'],
        messageId: '<two-docs@carrier.example>',
        sentAt: '2026-11-20T08:30:00.000Z',
      });
    }
    expect([...(await contents(dovecot, 'Processed')).keys()]).toEqual(['<two-docs@carrier.example>']);
    expect((await contents(dovecot, 'INBOX')).size).toBe(0);
  });

  it('moves a message without attachments to Failed with its reason, and never downloads it again', async () => {
    await appendAll(dovecot, 'INBOX', [
      await composeMail({ subject: 'thanks!', messageId: '<no-att@example.com>' }),
    ]);
    const source = counted();
    const poller = createPoller(state, source, { dovecot });
    expect(await poller.poll()).toMatchObject({ processed: 0, failed: 1 });
    const failed = await contents(dovecot, 'Failed');
    expect(failed.get('<no-att@example.com>')).toEqual(
      expect.arrayContaining([FAILED_KEYWORD, 'stevedore-no_documents']),
    );

    // Put back by a user: it is recognised by its identity and moved without being read.
    const admin = await dovecot.client();
    await admin.mailboxOpen('Failed');
    await admin.messageMove('1:*', 'INBOX');
    await admin.logout();
    const again = createPoller(state, source, { dovecot });
    await again.poll();
    await createPoller(state, source, { dovecot }).poll();
    expect(source.downloads).toHaveLength(1);
    expect(await state.intake()).toEqual([]);
  });

  it('imports nothing twice when two pollers run on the same mailbox at once', async () => {
    await appendAll(
      dovecot,
      'INBOX',
      await Promise.all(Array.from({ length: 12 }, (_, n) => mailWithPdf(n))),
    );
    const first = createPoller(state, counted(), { dovecot, batchSize: 5 });
    const second = createPoller(state, counted(), { dovecot, batchSize: 5 });
    for (let round = 0; round < 6; round += 1) await Promise.all([first.poll(), second.poll()]);
    const intake = await state.intake();
    expect(intake).toHaveLength(12);
    expect(new Set(intake.map((message) => message.origin.originId)).size).toBe(12);
    expect((await contents(dovecot, 'Processed')).size).toBe(12);
  });

  it('a run killed after staging and before the move enqueues nothing twice on restart', async () => {
    await appendAll(dovecot, 'INBOX', await Promise.all([1, 2, 3].map((n) => mailWithPdf(n))));
    const crashing = counted();
    crashing.crashBeforeMove = true;
    await expect(createPoller(state, crashing, { dovecot }).poll()).rejects.toThrow(/before the move/);
    // The batch was enqueued and recorded; only the moves were lost.
    expect(await state.intake()).toHaveLength(3);

    const restarted = counted();
    expect(await createPoller(state, restarted, { dovecot }).poll()).toMatchObject({
      processed: 0,
      resettled: 3,
    });
    const intake = await state.intake();
    expect(intake.map((message) => message.origin.fileName).sort()).toEqual([
      'notice-1.pdf',
      'notice-2.pdf',
      'notice-3.pdf',
    ]);
    // The messages already enqueued were moved without being read again.
    expect(restarted.downloads).toHaveLength(0);
    expect((await contents(dovecot, 'Processed')).size).toBe(3);
  });

  it('moves recorded messages four chunks to a MOVE while more are read, then each chunk as the poll ends', async () => {
    const messages = await Promise.all(Array.from({ length: 250 }, (_, n) => mailWithPdf(n)));
    await dovecot.seedMaildir('INBOX', messages);
    const source = counted();
    expect(await createPoller(state, source, { dovecot, chunkSize: 25 }).poll()).toMatchObject({
      processed: 250,
    });
    // Ten chunks: the first eight in two MOVEs; the last ones move one by one once nothing is left to read.
    expect(source.moves).toBeGreaterThanOrEqual(3);
    expect(source.moves).toBeLessThanOrEqual(4);
    expect((await contents(dovecot, 'Processed')).size).toBe(250);
    expect((await contents(dovecot, 'INBOX')).size).toBe(0);
  });

  it('moves a large batch four chunks at a time; a move that fails stops it there, and the next poll goes on', async () => {
    const messages = await Promise.all(Array.from({ length: 250 }, (_, n) => mailWithPdf(n)));
    await dovecot.seedMaildir('INBOX', messages);
    const crashing = counted();
    // The first four chunks of 25 move together; the next four's move fails while the last are read.
    crashing.movesBeforeCrash = 1;
    await expect(createPoller(state, crashing, { dovecot, chunkSize: 25 }).poll()).rejects.toThrow(
      /before the move/,
    );
    expect((await contents(dovecot, 'Processed')).size).toBe(100);
    // The next 100 were enqueued and recorded before their move failed; the last 50 were not enqueued.
    expect(await state.intake()).toHaveLength(200);

    const restarted = counted();
    expect(await createPoller(state, restarted, { dovecot, chunkSize: 25 }).poll()).toMatchObject({
      processed: 50,
      resettled: 100,
    });
    // Only the third chunk is read again; every document is enqueued exactly once.
    expect(restarted.downloads).toHaveLength(50);
    const names = new Set((await state.intake()).map((message) => message.origin.fileName));
    expect(names.size).toBe(250);
    expect((await state.intake()).length).toBe(250);
    expect((await contents(dovecot, 'Processed')).size).toBe(250);
    expect((await contents(dovecot, 'INBOX')).size).toBe(0);
  });

  it('lists chunk by chunk; a listing that fails stops the poll once the chunks before it are moved', async () => {
    const messages = await Promise.all(Array.from({ length: 250 }, (_, n) => mailWithPdf(n)));
    await dovecot.seedMaildir('INBOX', messages);
    const dropping = counted();
    // Two chunks of 100 are listed; listing the third fails while the second is read.
    dropping.listingsBeforeFailure = 2;
    await expect(createPoller(state, dropping, { dovecot, chunkSize: 100 }).poll()).rejects.toThrow(
      /while listing/,
    );
    expect(dropping.listings).toBe(2);
    expect((await contents(dovecot, 'Processed')).size).toBe(200);
    expect(await state.intake()).toHaveLength(200);

    // The checkpoint stands after the second chunk: the next poll lists and reads only the rest.
    const restarted = counted();
    expect(await createPoller(state, restarted, { dovecot, chunkSize: 100 }).poll()).toMatchObject({
      processed: 50,
      resettled: 0,
      more: false,
    });
    expect(restarted.downloads).toHaveLength(50);
    expect((await state.intake()).length).toBe(250);
    expect((await contents(dovecot, 'INBOX')).size).toBe(0);
  });

  it('a UIDVALIDITY that changes during a poll ends it after the chunks listed before the change', async () => {
    await dovecot.seedMaildir(
      'INBOX',
      await Promise.all(Array.from({ length: 150 }, (_, n) => mailWithPdf(n))),
    );
    const changing = counted();
    changing.validityChangesAfter = 1;
    expect(await createPoller(state, changing, { dovecot, chunkSize: 100 }).poll()).toMatchObject({
      processed: 100,
      more: true,
    });
    expect((await contents(dovecot, 'Processed')).size).toBe(100);
    const next = counted();
    expect(await createPoller(state, next, { dovecot, chunkSize: 100 }).poll()).toMatchObject({
      processed: 50,
      resettled: 0,
      more: false,
    });
    expect(next.downloads).toHaveLength(50);
    expect(await state.intake()).toHaveLength(150);
  });

  it('takes different messages under one Message-ID and one size, in one poll and in the next', async () => {
    // A mailer that stamps one Message-ID on every message, and documents of one length: same identity.
    const sameShape = (label: string) =>
      composeMail({
        subject: 'Invoice',
        messageId: '<fixed@mailer.example>',
        attachments: [{ filename: `invoice-${label}.pdf`, content: tinyPdf(`invoice ${label}`) }],
      });
    const [first, second, third] = await Promise.all(['A1', 'B2', 'C3'].map(sameShape));
    if (first === undefined || second === undefined || third === undefined) throw new Error('not composed');
    expect(new Set([first.length, second.length, third.length]).size).toBe(1);
    // Two in one poll, arriving in the same second: told apart by their bytes once read.
    await appendAll(dovecot, 'INBOX', [first, second], new Date('2026-11-24T08:00:00Z'));
    const source = counted();
    expect(await createPoller(state, source, { dovecot }).poll()).toMatchObject({
      processed: 2,
      resettled: 0,
    });
    await appendAll(dovecot, 'INBOX', [third, first], new Date('2026-11-24T08:05:00Z'));
    // The third is taken; the first, delivered again, is read, recognised by its bytes and moved.
    expect(await createPoller(state, source, { dovecot }).poll()).toMatchObject({
      processed: 1,
      resettled: 1,
    });
    const names = (await state.intake()).map((message) => message.origin.fileName).sort();
    expect(names).toEqual(['invoice-A1.pdf', 'invoice-B2.pdf', 'invoice-C3.pdf']);
    expect(new Set((await state.intake()).map((message) => message.origin.originId)).size).toBe(3);
    expect((await contents(dovecot, 'INBOX')).size).toBe(0);
  });

  it('a new UIDVALIDITY makes it read the mailbox again, taking only what it has not taken', async () => {
    const admin = await dovecot.client();
    await admin.mailboxCreate('Shared');
    await admin.logout();
    const arrived = new Date('2026-11-20T09:00:00Z');
    await appendAll(dovecot, 'Shared', await Promise.all([1, 2].map((n) => mailWithPdf(n))), arrived);
    const crashing = counted();
    crashing.crashBeforeMove = true;
    // Messages 1 and 2 are enqueued but stay in the mailbox.
    await expect(createPoller(state, crashing, { dovecot, mailbox: 'Shared' }).poll()).rejects.toThrow();

    // The mailbox is rebuilt (a server migration): every UID is new, the same messages (with their
    // INTERNALDATE, as a migration copies it) plus one more.
    const rebuild = await dovecot.client();
    await rebuild.mailboxDelete('Shared');
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // UIDVALIDITY is the creation second
    await rebuild.mailboxCreate('Shared');
    await rebuild.logout();
    await appendAll(dovecot, 'Shared', await Promise.all([1, 2, 3].map((n) => mailWithPdf(n))), arrived);

    const after = counted();
    expect(await createPoller(state, after, { dovecot, mailbox: 'Shared' }).poll()).toMatchObject({
      processed: 1,
      resettled: 2,
    });
    expect(after.downloads).toHaveLength(1);
    const names = (await state.intake()).map((message) => message.origin.fileName).sort();
    expect(names).toEqual(['notice-1.pdf', 'notice-2.pdf', 'notice-3.pdf']);
  });

  it('skips the highest old message that `UID n:*` returns when nothing is new', async () => {
    await appendAll(dovecot, 'INBOX', [await mailWithPdf(1)]);
    const source = counted();
    const poller = createPoller(state, source, { dovecot });
    await poller.poll();
    // A message the user moved back keeps a new UID above the checkpoint; an untouched mailbox lists nothing.
    await appendAll(dovecot, 'Processed', [await mailWithPdf(2)]);
    expect(await poller.poll()).toMatchObject({ processed: 0, failed: 0, resettled: 0 });
    expect(source.downloads).toHaveLength(1);
  });
});
