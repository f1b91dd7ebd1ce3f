import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILED_KEYWORD, reasonKeyword } from '../../../pipeline/sources/mail-folders.ts';
import type { PollReport } from '../../../pipeline/sources/mail-poller.ts';
import { createMailReaderPool } from '../../../src/mail/mail-reader.ts';
import { type Dovecot, requireDovecot, startDovecot } from '../../support/dovecot.ts';
import { MAIL_CORPUS } from '../../support/mail-corpus/mail-corpus.ts';
import {
  CORPUS_DIR,
  CORPUS_LIMITS,
  makeTempDir,
  readFixture,
} from '../../support/mail-corpus/read-fixture.ts';
import { composeMail, tinyPdf } from '../../support/mail-messages.ts';
import {
  appendAll,
  CountingSource,
  createMailState,
  createPoller,
  imapSource,
  type MailState,
  resetAccount,
} from './mail-rig.ts';

const available = requireDovecot('hostile-mailbox');

/** The corpus messages that end in Failed, and the reason each carries; every other one is Processed. */
const FAILED: Readonly<Record<string, string>> = {
  'no-attachment': 'no_documents',
  'calendar-invite': 'no_documents',
  'winmail-and-vcard': 'no_documents',
  'header-only': 'no_documents',
  'zip-bomb': 'no_documents',
  'thousands-of-tiny-parts': 'too_many_parts',
  'megabyte-header-line': 'header_too_large',
  'megabyte-part-header-line': 'header_too_large',
  'smime-encrypted': 'encrypted',
  'winmail-dat-only': 'no_documents',
  'no-headers-at-all': 'no_documents',
  'one-byte-over-the-size-cap': 'too_large',
  'zip-thousand-entries': 'no_documents',
  'huge-inline-image': 'no_documents',
  'multipart-without-boundary': 'no_boundary',
  'bounce-carrying-original-pdf': 'no_documents',
  'message-partial': 'partial',
  'html-named-pdf': 'no_documents',
  'password-zip-only': 'no_documents',
  'empty-boundary-parameter': 'no_boundary',
  'tnef-rtf-body-only': 'no_documents',
  'headers-without-final-line-end': 'no_documents',
  'pgp-mime-encrypted': 'encrypted',
  'five-thousand-parts': 'too_many_parts',
};

describe.runIf(available)('the whole hostile corpus in one mailbox, polled against Dovecot', () => {
  let dovecot: Dovecot;
  let state: MailState;
  let source: CountingSource;
  const names = MAIL_CORPUS.map((message) => message.name);
  const bytesOf = new Map<string, Buffer>();
  const nameOf = new Map<string, string>();
  const reports: PollReport[] = [];
  // As `stevedore up` reads them: whole messages in worker threads.
  const reader = createMailReaderPool({ threads: 2 });

  /** Every message of `folder`: corpus name (by its bytes), UID and flags. */
  const folder = async (mailbox: string) => {
    const client = await dovecot.client();
    const found: Array<{ name: string; key: string; uid: number; flags: string[] }> = [];
    try {
      const status = await client.status(mailbox, { messages: true }).catch(() => undefined);
      if (status === undefined || status === false || !status.messages) return found;
      await client.mailboxOpen(mailbox, { readOnly: true });
      for await (const message of client.fetch('1:*', { envelope: true, flags: true, uid: true })) {
        const key = JSON.stringify([message.envelope?.messageId, message.envelope?.subject]);
        const name = nameOf.get(key) ?? `unknown uid ${message.uid}`;
        found.push({ name, key, uid: message.uid, flags: [...(message.flags ?? [])] });
      }
    } finally {
      await client.logout();
    }
    return found;
  };

  beforeAll(async () => {
    dovecot = await startDovecot();
    await resetAccount(dovecot);
    state = await createMailState();
    for (const name of names) bytesOf.set(name, await readFile(join(CORPUS_DIR, `${name}.eml`)));
    // One APPEND per message, in corpus order: UID n is the n-th corpus message.
    await appendAll(
      dovecot,
      'INBOX',
      names.map((name) => bytesOf.get(name) ?? Buffer.alloc(0)),
    );
    // Messages are known by their Message-ID and subject as Dovecot parses them: not by their bytes, which
    // Dovecot does not always serve as they were appended (bare LF as CRLF, a binary part with NULs in base64).
    for (const entry of await folder('INBOX')) nameOf.set(entry.key, names[entry.uid - 1] ?? '');
    source = new CountingSource(imapSource(dovecot));
    const poller = createPoller(state, source, { dovecot, limits: CORPUS_LIMITS, reader });
    // Polls until the mailbox says there is no more: whatever a message holds, a poll never throws.
    for (let round = 0; round < 10; round += 1) {
      const report = await poller.poll();
      reports.push(report);
      if (!report.more) break;
    }
  }, 120_000);
  afterAll(async () => {
    await reader.close();
    await source?.close();
    await state?.close();
    await dovecot?.stop();
  });

  it('the corpus is what the mailbox holds, every message told apart by its Message-ID and subject', () => {
    expect(nameOf.size).toBe(names.length);
  });

  it('every message is taken in one poll, none left in INBOX', async () => {
    expect(reports.at(-1)?.more).toBe(false);
    const processed = reports.reduce((sum, report) => sum + report.processed, 0);
    const failed = reports.reduce((sum, report) => sum + report.failed, 0);
    expect(processed + failed).toBe(names.length);
    expect(failed).toBe(Object.keys(FAILED).length);
    expect(await folder('INBOX')).toEqual([]);
  });

  it('each message is in Processed, or in Failed with the keyword of its reason', async () => {
    const processed = await folder('Processed');
    const failed = await folder('Failed');
    expect(processed.map((entry) => entry.name).sort()).toEqual(
      names.filter((name) => !(name in FAILED)).sort(),
    );
    expect(
      Object.fromEntries(
        failed.map((entry) => [
          entry.name,
          entry.flags.filter((flag) => flag.startsWith('stevedore-')).sort(),
        ]),
      ),
    ).toEqual(
      Object.fromEntries(
        Object.entries(FAILED).map(([name, reason]) => [
          name,
          [FAILED_KEYWORD, reasonKeyword(reason)].sort(),
        ]),
      ),
    );
  });

  it('the documents enqueued are, message by message, what the reader finds in it', async () => {
    const intake = await state.intake();
    const taken = new Map<number, string[]>();
    for (const message of intake) {
      const uid = Number(/ uid (\d+) /.exec(message.origin.location ?? '')?.[1]);
      taken.set(uid, [...(taken.get(uid) ?? []), message.origin.fileName].sort());
    }
    const { dir, cleanup } = await makeTempDir();
    try {
      const expected = new Map<number, string[]>();
      for (const [index, name] of names.entries()) {
        const read = await readFixture(name, dir);
        await read.dispose();
        if (read.refusal === null && read.documents.length > 0) {
          expected.set(index + 1, read.documents.map((doc) => doc.fileName).sort());
        }
      }
      expect(taken).toEqual(expected);
    } finally {
      await cleanup();
    }
    // Spot checks against the corpus, not the reader: two messages sharing one Message-ID are both taken.
    const fileNames = intake.map((message) => message.origin.fileName);
    expect(fileNames).toEqual(
      expect.arrayContaining(['first.pdf', 'second.pdf', 'invoice-uu.pdf', 'statement.pdf']),
    );
    const reused = intake.filter((message) => message.origin.email?.messageId === '<reused@corpus.example>');
    expect(reused.map((message) => message.origin.fileName).sort()).toEqual(['first.pdf', 'second.pdf']);
  });

  it('a second poll takes nothing and downloads nothing', async () => {
    const downloads = source.downloads.length;
    const intake = (await state.intake()).length;
    const poller = createPoller(state, source, { dovecot, limits: CORPUS_LIMITS });
    expect(await poller.poll()).toEqual({ leased: true, processed: 0, failed: 0, resettled: 0, more: false });
    expect(source.downloads.length).toBe(downloads);
    expect((await state.intake()).length).toBe(intake);
  });

  it('the same message delivered again is recognised by its bytes and moved; its documents are not taken twice', async () => {
    const downloads = source.downloads.length;
    const intake = (await state.intake()).length;
    // Delivered again a minute later (an arrival in the same second would count as the same message).
    const later = new Date(Date.now() + 60_000);
    await appendAll(dovecot, 'INBOX', [bytesOf.get('duplicate-message-id-first') ?? Buffer.alloc(0)], later);
    const poller = createPoller(state, source, { dovecot, limits: CORPUS_LIMITS });
    expect(await poller.poll()).toMatchObject({ processed: 0, failed: 0, resettled: 1 });
    // A new UID and arrival time: it may be another message under the same identity, so it is read once.
    expect(source.downloads.length).toBe(downloads + 1);
    expect((await state.intake()).length).toBe(intake);
    expect(await folder('INBOX')).toEqual([]);
  });

  it('a different message reusing a Message-ID taken in an earlier poll is taken too, not dropped as known', async () => {
    const intake = (await state.intake()).length;
    await appendAll(dovecot, 'INBOX', [
      await composeMail({
        subject: 'a third message under a reused Message-ID',
        messageId: '<reused@corpus.example>',
        attachments: [{ filename: 'third.pdf', content: tinyPdf('the third of three with one id') }],
      }),
    ]);
    const poller = createPoller(state, source, { dovecot, limits: CORPUS_LIMITS });
    expect(await poller.poll()).toMatchObject({ processed: 1, failed: 0, resettled: 0 });
    const added = (await state.intake()).slice(intake);
    expect(added.map((message) => [message.origin.fileName, message.origin.email?.messageId])).toEqual([
      ['third.pdf', '<reused@corpus.example>'],
    ]);
  });
});
