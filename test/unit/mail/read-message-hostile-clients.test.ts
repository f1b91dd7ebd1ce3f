import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { tinyPdf } from '../../support/mail-corpus/corpus-bytes.ts';
import { phonePhoto } from '../../support/mail-corpus/corpus-images.ts';
import { HOSTILE_CORPUS_CLIENTS } from '../../support/mail-corpus/hostile-corpus-clients.ts';
import {
  documentsOf as documents,
  fixtureReader,
  sha256Of as sha256,
  skippedOf as skipped,
} from '../../support/mail-corpus/read-fixture.ts';

const { read, tempDir } = fixtureReader();

describe('the hostile corpus, round 3: mail as real clients shape it', () => {
  it('every round-3 client message is read without a throw or a refusal, and leaves no temp file', async () => {
    for (const { name } of HOSTILE_CORPUS_CLIENTS) {
      expect((await read(name)).refusal, name).toBeNull();
    }
    expect(await readdir(tempDir())).toEqual([]);
  });

  it("exchange-att00001-trailers: the PDF is taken; Exchange's ATT00001.htm and ATT00002.txt are not documents", async () => {
    const message = await read('exchange-att00001-trailers');
    expect(documents(message)).toEqual([['2', 'Arrival Notice.pdf', 'application/pdf']]);
    expect(skipped(message)).toEqual([
      ['3', 'unsupported_type'],
      ['4', 'unsupported_type'],
    ]);
    expect(message.metadata.bodyPreview).toBe('Please see the arrival notice attached.');
  });

  it('tnef-rtf-body-only: a winmail.dat carrying only the rich-text body holds no file, and says so', async () => {
    const message = await read('tnef-rtf-body-only');
    expect(message.documents).toEqual([]);
    expect(skipped(message)).toEqual([['2', 'tnef']]);
  });

  it('tnef-long-names-in-mapi-properties: files are named by their long name, not the 8.3 title', async () => {
    const message = await read('tnef-long-names-in-mapi-properties');
    expect(documents(message)).toEqual([
      ['2/tnef1', 'Commercial Invoice März 2026.pdf', 'application/pdf'],
      ['2/tnef2', 'Bill of lading été.pdf', 'application/pdf'],
      // No properties, or properties that run past their end: the title is the name there is.
      ['2/tnef3', 'PACKIN~1.PDF', 'application/pdf'],
      ['2/tnef4', 'ARRIVA~1.PDF', 'application/pdf'],
    ]);
    expect(message.documents[0]?.sha256).toBe(sha256(tinyPdf('tnef long unicode name')));
  });

  it('apple-mail-attachments-in-alternative: the inline PDF and photo inside the HTML alternative are taken', async () => {
    const message = await read('apple-mail-attachments-in-alternative');
    expect(documents(message)).toEqual([
      ['2.2', 'Bill of Lading.pdf', 'application/pdf'],
      ['2.4', 'IMG_0001.jpeg', 'image/jpeg'],
    ]);
    expect(message.metadata.bodyPreview).toBe('Here are the papers for the March call.');
  });

  it('gmail-inline-forward: a forward written into the body takes the attachments beside it', async () => {
    const message = await read('gmail-inline-forward');
    expect(documents(message)).toEqual([['2', 'Arrival notice MSCU1234566.pdf', 'application/pdf']]);
    expect(message.metadata.bodyPreview?.startsWith('---------- Forwarded message ---------')).toBe(true);
  });

  it('phone-photos-of-paper: EXIF JPEGs sent inline or attached are documents; the HEIC is named and skipped', async () => {
    const message = await read('phone-photos-of-paper');
    expect(documents(message)).toEqual([
      ['2', 'IMG_0001.JPG', 'image/jpeg'],
      ['4', 'IMG_20260302_093000.jpg', 'image/jpeg'],
    ]);
    expect(message.documents[0]?.sha256).toBe(sha256(phonePhoto(1)));
    expect(skipped(message)).toEqual([['3', 'unsupported_type']]);
    expect(message.skipped[0]?.detail).toContain('HEIC');
  });

  it('scanner-name-in-content-description: a file name in Content-Description names a part that names none', async () => {
    expect(documents(await read('scanner-name-in-content-description'))).toEqual([
      ['2', 'scan0001.pdf', 'application/pdf'],
      // A description in words is not a name; a declared name wins over the description.
      ['3', 'attachment-2.pdf', 'application/pdf'],
      ['4', 'given.pdf', 'application/pdf'],
    ]);
  });

  it('outlook-opaque-signed: the entity signed inside an opaque S/MIME body (BER, chunked) is read', async () => {
    const message = await read('outlook-opaque-signed');
    expect(documents(message)).toEqual([['1.2', 'Signed Invoice 0042.pdf', 'application/pdf']]);
    expect(message.documents[0]?.sha256).toBe(sha256(tinyPdf('opaque signed invoice')));
    // The message's text is inside the signed body too: the preview is read there.
    expect(message.metadata.bodyPreview).toBe('Signed with my company certificate.');
  });

  it('smime-p7m-parts-signed-and-enveloped: signed .p7m parts are opened, by name or by bytes; the others say why not', async () => {
    const message = await read('smime-p7m-parts-signed-and-enveloped');
    expect(documents(message)).toEqual([
      ['2.1', 'signed-der.pdf', 'application/pdf'],
      ['4.1', 'sniffed.pdf', 'application/pdf'],
    ]);
    expect(skipped(message)).toEqual([
      ['3', 'encrypted'],
      ['5', 'signature'],
      ['6', 'malformed'],
    ]);
    expect(message.skipped[2]?.detail).toBe('the S/MIME body cannot be read: the structure is cut short');
  });

  it('signed-files-p7m: a file signed in a .p7m (not a MIME entity) is decided by its bytes, under its own name', async () => {
    const message = await read('signed-files-p7m');
    expect(documents(message)).toEqual([['2/signed', 'contratto.pdf', 'application/pdf']]);
    expect(message.documents[0]?.sha256).toBe(sha256(tinyPdf('a pdf signed in cades')));
    expect(skipped(message)).toEqual([['3/signed', 'unsupported_type']]);
  });

  it('thunderbird-saved-eml-with-mbox-from-line: a saved .eml led by its mbox From line is opened, by name or by bytes', async () => {
    expect(documents(await read('thunderbird-saved-eml-with-mbox-from-line'))).toEqual([
      ['2.2', 'booking-4711.pdf', 'application/pdf'],
      ['3.2', 'booking-4712.pdf', 'application/pdf'],
    ]);
  });

  it('outlook-signature-banner: wide, low inline images are a signature banner; a wide screenshot of a page is kept', async () => {
    const message = await read('outlook-signature-banner');
    expect(documents(message)).toEqual([['4', 'image003.png', 'image/png']]);
    expect(skipped(message)).toEqual([
      ['2', 'logo'],
      ['3', 'logo'],
    ]);
    expect(message.skipped.map((part) => part.detail)).toEqual([
      'an inline image of 600 x 100 pixels, taken for a signature banner',
      'an inline image of 640 x 90 pixels, taken for a signature banner',
    ]);
  });

  it('scanner-same-name-repeated: one name for different pages keeps every page; the same page twice once', async () => {
    const message = await read('scanner-same-name-repeated');
    expect(documents(message)).toEqual([
      ['1', 'scan0001.pdf', 'application/pdf'],
      ['2', 'scan0001.pdf', 'application/pdf'],
      ['3', 'scan0001.pdf', 'application/pdf'],
    ]);
    expect(skipped(message)).toEqual([['4', 'duplicate']]);
  });
});
