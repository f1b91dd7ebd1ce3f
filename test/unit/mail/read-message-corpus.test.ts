import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MAIL_CORPUS } from '../../support/mail-corpus/mail-corpus.ts';
import {
  CORPUS_DIR,
  CORPUS_LIMITS,
  documentsOf as documents,
  fixtureReader,
  readFixture,
  skippedOf as skipped,
} from '../../support/mail-corpus/read-fixture.ts';

const { read, tempDir } = fixtureReader();

describe('the mail corpus', () => {
  it('holds one committed .eml per corpus message, and nothing else', async () => {
    const files = (await readdir(CORPUS_DIR)).filter((name) => name !== '.gitattributes').sort();
    expect(files).toEqual(MAIL_CORPUS.map((message) => `${message.name}.eml`).sort());
  });

  it('no-attachment: metadata only, addresses bare and lower-cased', async () => {
    const message = await read('no-attachment');
    expect(message.refusal).toBeNull();
    expect(message.documents).toEqual([]);
    expect(message.metadata).toEqual({
      subject: 'no-attachment',
      from: ['ops@forwarder.example'],
      to: ['docs+acme@stevedore.local'],
      cc: ['billing@forwarder.example'],
      messageId: '<no-attachment@corpus.example>',
      inReplyTo: '<earlier@corpus.example>',
      references: ['<first@corpus.example>', '<earlier@corpus.example>'],
      sentAt: '2026-03-02T09:30:00.000Z',
      bodyPreview: 'Please find the documents attached.',
    });
  });

  it('pdf-and-jpeg: both kept, typed from their bytes', async () => {
    const message = await read('pdf-and-jpeg');
    expect(documents(message)).toEqual([
      ['2', 'bill-of-lading.pdf', 'application/pdf'],
      ['3', 'photo.jpg', 'image/jpeg'],
    ]);
    expect(message.documents[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('octet-stream-pdf and wrong-type-pdf: a PDF is a PDF whatever it is declared as', async () => {
    expect(documents(await read('octet-stream-pdf'))).toEqual([['2', 'scan0001.bin.pdf', 'application/pdf']]);
    expect(documents(await read('wrong-type-pdf'))).toEqual([['2', 'invoice.png.pdf', 'application/pdf']]);
  });

  it('latin1-subject: encoded words in ISO-8859-1 are decoded; the Date offset becomes UTC', async () => {
    const message = await read('latin1-subject');
    expect(message.metadata.subject).toBe('Facture dété à régler');
    expect(message.metadata.from).toEqual(['renee@forwarder.example']);
    expect(message.metadata.sentAt).toBe('2026-03-02T09:30:00.000Z');
    expect(message.metadata.bodyPreview).toBe('Voici la facture réglée.');
    expect(documents(message)).toEqual([['2', 'facture été.pdf', 'application/pdf']]);
  });

  it('unknown-charset: the text and the PDF survive a charset nobody knows', async () => {
    const message = await read('unknown-charset');
    expect(message.refusal).toBeNull();
    expect(message.metadata.bodyPreview).toBe('nuqneH, the manifest.');
    expect(message.documents.map((doc) => doc.contentType)).toEqual(['application/pdf']);
  });

  it('missing-closing-boundary: the last part is recovered', async () => {
    const message = await read('missing-closing-boundary');
    expect(message.refusal).toBeNull();
    expect(documents(message)).toEqual([['2', 'packing-list.pdf', 'application/pdf']]);
  });

  it('broken-base64: junk in base64 and quoted-printable is decoded leniently, without a throw', async () => {
    const message = await read('broken-base64');
    expect(message.refusal).toBeNull();
    expect(documents(message)).toEqual([
      ['1', 'arrival.pdf', 'application/pdf'],
      ['2', 'qp.pdf', 'application/pdf'],
    ]);
  });

  it('rtl-override-filename: the override is removed and the real extension shown', async () => {
    expect(documents(await read('rtl-override-filename'))).toEqual([
      ['2', 'invoicefdp.exe.pdf', 'application/pdf'],
    ]);
  });

  it('path-traversal-filename: only the last path segment is kept, for / and \\', async () => {
    expect(documents(await read('path-traversal-filename'))).toEqual([
      ['2', 'bill.pdf', 'application/pdf'],
      ['3', 'boot.pdf', 'application/pdf'],
    ]);
  });

  it('control-chars-filename: controls are removed; a name left empty is generated from the type', async () => {
    expect(documents(await read('control-chars-filename'))).toEqual([
      ['2', 'invoice.pdf', 'application/pdf'],
      ['3', 'attachment-2.pdf', 'application/pdf'],
    ]);
  });

  it('forwarded-rfc822-nested: attachments of forwarded messages are found, numbered under them', async () => {
    const message = await read('forwarded-rfc822-nested');
    expect(message.metadata.subject).toBe('Fwd: Fwd: original');
    expect(documents(message)).toEqual([
      ['2.3', 'customs.pdf', 'application/pdf'],
      ['2.2.2', 'delivery-order.pdf', 'application/pdf'],
    ]);
  });

  it('forwarded-rfc822-nested: past maxNestingDepth the forwarded message is skipped', async () => {
    const message = await readFixture('forwarded-rfc822-nested', tempDir(), {
      ...CORPUS_LIMITS,
      maxNestingDepth: 1,
    });
    await message.dispose();
    expect(documents(message)).toEqual([['2.3', 'customs.pdf', 'application/pdf']]);
    expect(skipped(message)).toEqual([['2.2', 'too_deep']]);
  });

  it('zip-with-pdfs: PDFs inside are kept; other entries and nested archives are skipped', async () => {
    const message = await read('zip-with-pdfs');
    expect(documents(message)).toEqual([
      ['2/invoices/invoice-1.pdf', 'invoice-1.pdf', 'application/pdf'],
      ['2/invoices/invoice-2.pdf', 'invoice-2.pdf', 'application/pdf'],
    ]);
    expect(skipped(message)).toEqual([
      ['2/readme.txt', 'unsupported_type'],
      ['2/more.zip', 'nested_zip'],
    ]);
  });

  it('zip-bomb: the archive is refused whole with a reason', async () => {
    const message = await read('zip-bomb');
    expect(message.documents).toEqual([]);
    expect(skipped(message)).toEqual([['2', 'zip_bomb']]);
  });

  it('zip-with-pdfs: an archive with more entries than allowed is refused whole', async () => {
    const limits = { ...CORPUS_LIMITS, zip: { ...CORPUS_LIMITS.zip, maxEntries: 3 } };
    const message = await readFixture('zip-with-pdfs', tempDir(), limits);
    await message.dispose();
    expect(skipped(message)).toEqual([['2', 'zip_too_many_entries']]);
  });

  it('encrypted-zip: the encrypted entry is skipped, the open one kept', async () => {
    const message = await read('encrypted-zip');
    expect(documents(message)).toEqual([['2/open.pdf', 'open.pdf', 'application/pdf']]);
    expect(skipped(message)).toEqual([['2/secret.pdf', 'encrypted']]);
  });

  it('calendar-invite: invites are skipped however they are attached', async () => {
    const message = await read('calendar-invite');
    expect(message.documents).toEqual([]);
    expect(message.skipped.map((part) => part.reason)).toEqual(['calendar', 'calendar', 'calendar']);
  });

  it('signature-logo-inline: a tiny inline image is a logo; a large inline image and the PDF are kept', async () => {
    const message = await read('signature-logo-inline');
    expect(documents(message)).toEqual([
      ['1.2.3', 'damage-photo.png', 'image/png'],
      ['2', 'survey.pdf', 'application/pdf'],
    ]);
    expect(skipped(message)).toEqual([['1.2.2', 'logo']]);
  });

  it('winmail-and-vcard: a TNEF holding no file and contact cards are skipped; an unreadable archive says so', async () => {
    const message = await read('winmail-and-vcard');
    // The TNEF wrapper and the archive are opened after the parse, in their order: their verdicts come last.
    expect(skipped(message)).toEqual([
      ['3', 'vcard'],
      ['2', 'tnef'],
      ['4', 'malformed'],
    ]);
  });

  it('header-only: no body, an unreadable Date is null, not the time of reading', async () => {
    const message = await read('header-only');
    expect(message.refusal).toBeNull();
    expect(message.documents).toEqual([]);
    expect(message.metadata.sentAt).toBeNull();
    expect(message.metadata.bodyPreview).toBeNull();
  });

  it('deeply-nested-multipart: a PDF forty multiparts down is found', async () => {
    const message = await read('deeply-nested-multipart');
    expect(message.documents.map((doc) => doc.fileName)).toEqual(['deep.pdf']);
  });

  it('duplicate-attachments: the same bytes twice are kept once', async () => {
    const message = await read('duplicate-attachments');
    expect(documents(message)).toEqual([['2', 'invoice.pdf', 'application/pdf']]);
    expect(skipped(message)).toEqual([['3', 'duplicate']]);
  });

  it('pdf-as-whole-body: a message that is nothing but a PDF yields it, with a generated name', async () => {
    expect(documents(await read('pdf-as-whole-body'))).toEqual([
      ['1', 'attachment-1.pdf', 'application/pdf'],
    ]);
  });

  it('every document holds exactly the bytes the message carried, until dispose', async () => {
    const message = await readFixture('zip-with-pdfs', tempDir());
    const first = message.documents[0];
    expect((first?.bytes ?? (await readFile(first?.path ?? ''))).subarray(0, 5).toString('latin1')).toBe(
      '%PDF-',
    );
    await message.dispose();
    await message.dispose();
    expect(await readdir(tempDir())).toEqual([]);
  });
});
