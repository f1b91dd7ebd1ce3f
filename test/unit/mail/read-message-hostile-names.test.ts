import { describe, expect, it } from 'vitest';
import { MAX_ADDRESSES_PER_FIELD, MAX_HEADER_TEXT_CHARACTERS } from '../../../src/mail/mail-metadata.ts';
import type { ReadMessage } from '../../../src/mail/types.ts';
import {
  CORPUS_LIMITS,
  documentsOf as documents,
  fixtureReader,
  readFixture,
  skippedOf as skipped,
} from '../../support/mail-corpus/read-fixture.ts';

const { read, tempDir } = fixtureReader();

const names = (read: ReadMessage) => read.documents.map((doc) => doc.fileName);

describe('the hostile corpus, round 2: names and charsets', () => {
  it('name-in-type-or-disposition-or-both: either is used; when both differ, the disposition wins', async () => {
    expect(names(await read('name-in-type-or-disposition-or-both'))).toEqual([
      'only-in-type.pdf',
      'only-in-disposition.pdf',
      'disposition-name.pdf',
    ]);
  });

  it('rfc2047-and-rfc2231-names: an encoded word in quotes, RFC 2231 with a language tag, in UTF-8 and Latin-1', async () => {
    expect(names(await read('rfc2047-and-rfc2231-names'))).toEqual([
      'Faktura Łódź.pdf',
      'facture été n°7.pdf',
      'Grüße.pdf',
    ]);
  });

  it('names-only-dots-and-windows-reserved: dots alone are no name; device names are prefixed; trailing dots go', async () => {
    expect(names(await read('names-only-dots-and-windows-reserved'))).toEqual([
      'attachment-1.pdf',
      'attachment-2.pdf',
      '_CON.pdf',
      '_nul.pdf',
      '_Com1.PDF',
      '_aux.tar.pdf',
      'invoice.pdf',
    ]);
  });

  it('name-of-1000-characters-in-rfc2231: cut to 150 characters, whole characters, extension kept', async () => {
    const [name = ''] = names(await read('name-of-1000-characters-in-rfc2231'));
    expect([...name]).toHaveLength(150);
    expect(name).toMatch(/^é{10}x{90}é{10}x+\.pdf$/);
  });

  it('names-with-newlines-after-decoding: CR and LF decoded from a name are removed', async () => {
    expect(names(await read('names-with-newlines-after-decoding'))).toEqual([
      'invoice 2026.pdf',
      'billX-Injected: yes.pdf',
    ]);
  });

  it('charset-aliases-utf8-latin1-cp1252: utf8, latin1 and cp1252 labels decode; a Latin-1 body keeps its €', async () => {
    const message = await read('charset-aliases-utf8-latin1-cp1252');
    expect(message.metadata.subject).toBe('Facture 100€ – été');
    expect(message.metadata.from).toEqual(['jurgen@forwarder.example']);
    expect(message.metadata.bodyPreview).toBe('Grüße, 100€ – merci.');
    expect(names(message)).toEqual(['Grüße.pdf']);
  });

  it('cjk-charsets-subject-and-name: iso-2022-jp, ks_c_5601-1987 and gb2312 in the subject and the names', async () => {
    const message = await read('cjk-charsets-subject-and-name');
    expect(message.metadata.subject).toBe('請求書송장发票');
    expect(names(message)).toEqual(['請求書.pdf', '송장.pdf', '发票.pdf']);
  });
});

describe('the hostile corpus, round 2: documents', () => {
  it('garbage-before-pdf-header: a scanner PDF with junk before %PDF is a PDF', async () => {
    expect(documents(await read('garbage-before-pdf-header'))).toEqual([
      ['1', 'scan-0001.pdf', 'application/pdf'],
    ]);
  });

  it('html-named-pdf: HTML named invoice.pdf is not a document', async () => {
    const message = await read('html-named-pdf');
    expect(message.documents).toEqual([]);
    expect(skipped(message)).toEqual([['1', 'unsupported_type']]);
  });

  it('image-formats: PNG, JPEG and TIFF (multi-page, one document) count; HEIC, WebP and GIF are named and skipped', async () => {
    const message = await read('image-formats');
    expect(documents(message)).toEqual([
      ['2', 'page.png', 'image/png'],
      ['3', 'page.jpg', 'image/jpeg'],
      ['4', 'two-pages.tiff', 'image/tiff'],
    ]);
    expect(skipped(message)).toEqual([
      ['5', 'unsupported_type'],
      ['6', 'unsupported_type'],
      ['7', 'unsupported_type'],
    ]);
    expect(message.skipped[0]?.detail).toContain('a HEIC image (image/heic)');
  });

  it('inline-images-referenced-and-not: an inline image counts by its size, referenced by the HTML or not', async () => {
    const message = await read('inline-images-referenced-and-not');
    expect(names(message)).toEqual(['shown.png', 'hidden.png']);
    expect(skipped(message)).toEqual([['2.4', 'logo']]);
  });

  it('same-pdf-three-times: kept once, whatever the names and declared types', async () => {
    const message = await read('same-pdf-three-times');
    expect(names(message)).toEqual(['invoice.pdf']);
    expect(skipped(message)).toEqual([
      ['3', 'duplicate'],
      ['4', 'duplicate'],
    ]);
  });

  it('fifty-one-attachments: maxDocuments are kept in order, the rest skipped as too_many_documents', async () => {
    const message = await read('fifty-one-attachments');
    expect(message.documents).toHaveLength(CORPUS_LIMITS.maxDocuments);
    expect(message.documents.at(-1)?.fileName).toBe('page-10.pdf');
    expect(message.skipped).toHaveLength(51 - CORPUS_LIMITS.maxDocuments);
    expect(new Set(message.skipped.map((part) => part.reason))).toEqual(new Set(['too_many_documents']));
  });

  it('fifty-one-attachments: under the default cap of 50, the 51st is the one skipped', async () => {
    const message = await readFixture('fifty-one-attachments', tempDir(), {
      ...CORPUS_LIMITS,
      maxDocuments: 50,
    });
    await message.dispose();
    expect(message.documents).toHaveLength(50);
    expect(message.skipped.map((part) => [part.fileName, part.reason])).toEqual([
      ['page-51.pdf', 'too_many_documents'],
    ]);
  });

  it('outlook-msg-attached: a .msg is skipped as outlook_msg; one with no name is an unsupported type', async () => {
    const message = await read('outlook-msg-attached');
    expect(names(message)).toEqual(['booking.pdf']);
    expect(skipped(message)).toEqual([
      ['2', 'outlook_msg'],
      ['3', 'unsupported_type'],
    ]);
  });

  it('zip64-archive: a ZIP64 archive is expanded like any ZIP', async () => {
    const message = await read('zip64-archive');
    expect(names(message)).toEqual(['invoice-64.pdf', 'packing-64.pdf']);
    expect(skipped(message)).toEqual([['2/notes.txt', 'unsupported_type']]);
  });

  it('password-zip-only: every entry is password-protected: skipped as encrypted, no document', async () => {
    const message = await read('password-zip-only');
    expect(message.documents).toEqual([]);
    expect(skipped(message)).toEqual([
      ['2/a.pdf', 'encrypted'],
      ['2/b.pdf', 'encrypted'],
    ]);
  });
});

describe('the hostile corpus, round 2: headers', () => {
  it('no-date-header, date-in-1970, date-in-2099: sent_at is null, or the date as written, in UTC', async () => {
    expect((await read('no-date-header')).metadata.sentAt).toBeNull();
    expect((await read('date-in-1970')).metadata.sentAt).toBe('1970-01-01T00:00:00.000Z');
    expect((await read('date-in-2099')).metadata.sentAt).toBe('2100-01-01T00:59:59.000Z');
  });

  it('display-name-with-encoded-comma: a comma in a display name does not split the address', async () => {
    const { metadata } = await read('display-name-with-encoded-comma');
    expect(metadata.from).toEqual(['john.doe@forwarder.example']);
    expect(metadata.to).toEqual(['anna@forwarder.example', 'kim@forwarder.example']);
  });

  it('group-syntax-recipients: an empty group is no recipient; a group’s members are recipients', async () => {
    const { metadata } = await read('group-syntax-recipients');
    expect(metadata.to).toEqual([]);
    expect(metadata.cc).toEqual(['a@customs.example', 'b@customs.example', 'c@forwarder.example']);
  });

  it('ten-thousand-recipients and subject-of-100-kb: the document is taken, the metadata capped', async () => {
    const crowd = await read('ten-thousand-recipients');
    expect(names(crowd)).toEqual(['to-everyone.pdf']);
    expect(crowd.metadata.to).toHaveLength(MAX_ADDRESSES_PER_FIELD);
    const long = await read('subject-of-100-kb');
    expect(names(long)).toEqual(['long-subject.pdf']);
    expect(long.metadata.subject).toHaveLength(MAX_HEADER_TEXT_CHARACTERS);
    expect(long.metadata.subject).toMatch(/^Invoice Invoice/);
  });

  it("duplicate-subject-and-from: the last of each is read, as Dovecot's ENVELOPE reads the Subject", async () => {
    const { metadata } = await read('duplicate-subject-and-from');
    expect(metadata.subject).toBe('the second subject');
    expect(metadata.from).toEqual(['second@forwarder.example']);
  });

  it('header-folded-with-whitespace-only-lines: a fold of blanks is a fold, not the end of the headers', async () => {
    const message = await read('header-folded-with-whitespace-only-lines');
    expect(message.metadata.to).toEqual(['docs+acme@stevedore.local', 'billing@forwarder.example']);
    expect(message.metadata.subject).toBe('folded over blank lines');
    expect(names(message)).toEqual(['header-folded-with-whitespace-only-lines.pdf']);
  });
});
