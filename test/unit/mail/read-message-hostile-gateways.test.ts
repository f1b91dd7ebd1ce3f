import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { tinyPdf } from '../../support/mail-corpus/corpus-bytes.ts';
import { multiPageTiff } from '../../support/mail-corpus/corpus-formats.ts';
import { encryptedPdf, HOSTILE_CORPUS_GATEWAYS } from '../../support/mail-corpus/hostile-corpus-gateways.ts';
import {
  documentsOf as documents,
  fixtureReader,
  sha256Of as sha256,
  skippedOf as skipped,
} from '../../support/mail-corpus/read-fixture.ts';

const { read, tempDir } = fixtureReader();

describe('the hostile corpus, round 4: gateways, other clients, odd names', () => {
  it('every round-4 message is read without a throw or a refusal, and leaves no temp file', async () => {
    for (const { name } of HOSTILE_CORPUS_GATEWAYS) {
      expect((await read(name)).refusal, name).toBeNull();
    }
    expect(await readdir(tempDir())).toEqual([]);
  });

  it("lotus-notes-domino: the PDF under a Latin-1 encoded word is taken; Notes' inline GIF and its .ndl link are not", async () => {
    const message = await read('lotus-notes-domino');
    expect(documents(message)).toEqual([['2', 'Frachtbrief März.pdf', 'application/pdf']]);
    expect(skipped(message)).toEqual([
      ['1.2', 'unsupported_type'],
      ['3', 'unsupported_type'],
    ]);
    expect(message.metadata.bodyPreview).toBe('Anbei der Frachtbrief für März.');
  });

  it('zimbra-rfc2231-and-forward: RFC 2231 names in UTF-8 and the PDF of the forwarded message', async () => {
    const message = await read('zimbra-rfc2231-and-forward');
    expect(documents(message)).toEqual([
      ['2', "Avis d'arrivée n°12.pdf", 'application/pdf'],
      ['3.2', 'Facture 2026-031.pdf', 'application/pdf'],
    ]);
  });

  it('yahoo-mail-attachments: the attachment after the alternative, with a Content-ID, is taken', async () => {
    const message = await read('yahoo-mail-attachments');
    expect(documents(message)).toEqual([['2', 'BL MAEU 262604711.pdf', 'application/pdf']]);
    expect(message.metadata.bodyPreview).toBe('BL attached.');
  });

  it('fax-gateway-multipage-tiff: each multi-page TIFF is one document, image/tiff-fx included', async () => {
    const message = await read('fax-gateway-multipage-tiff');
    expect(documents(message)).toEqual([
      ['2', 'fax-20260302-093000.tif', 'image/tiff'],
      ['3', 'FAX0002.TIF', 'image/tiff'],
    ]);
    expect(message.documents.map((doc) => doc.sha256)).toEqual([
      sha256(multiPageTiff(3)),
      sha256(multiPageTiff(2)),
    ]);
    expect(message.metadata.from).toEqual(['fax@gateway.example']);
  });

  it('edi-and-xml-beside-the-pdf: only the PDF; EDIFACT, X12 and XML invoices are not documents', async () => {
    const message = await read('edi-and-xml-beside-the-pdf');
    expect(documents(message)).toEqual([['2', 'invoice-2026-031.pdf', 'application/pdf']]);
    expect(skipped(message)).toEqual([
      ['3', 'unsupported_type'],
      ['4', 'unsupported_type'],
      ['5', 'unsupported_type'],
      ['6', 'unsupported_type'],
    ]);
  });

  it('password-protected-pdf: taken as it is (the service says `encrypted` if it cannot open it)', async () => {
    const message = await read('password-protected-pdf');
    expect(documents(message)).toEqual([['2', 'statement-locked.pdf', 'application/pdf']]);
    expect(message.documents[0]?.sha256).toBe(sha256(encryptedPdf('a password-protected statement')));
  });

  it('pdf-named-dat-bin-or-nothing: PDFs named .dat, .tmp or nothing are taken, .pdf appended', async () => {
    const message = await read('pdf-named-dat-bin-or-nothing');
    expect(documents(message)).toEqual([
      ['2', 'scan.dat.pdf', 'application/pdf'],
      ['3', 'INVOICE.pdf', 'application/pdf'],
      ['4', 'ATT00042.tmp.pdf', 'application/pdf'],
    ]);
  });

  it('calendar-invite-with-agenda-pdf: the agenda PDF is taken; the invite, inline and as .ics, is not', async () => {
    const message = await read('calendar-invite-with-agenda-pdf');
    expect(documents(message)).toEqual([['2', 'Agenda customs call.pdf', 'application/pdf']]);
    expect(skipped(message)).toEqual([
      ['1.3', 'calendar'],
      ['3', 'calendar'],
    ]);
  });

  it('reply-chain-same-pdf-three-times: one document; the copies in the quoted messages are duplicates', async () => {
    const message = await read('reply-chain-same-pdf-three-times');
    expect(documents(message)).toEqual([['2', 'BL-4711.pdf', 'application/pdf']]);
    expect(skipped(message).sort()).toEqual([
      ['3.2.2', 'duplicate'],
      ['3.3', 'duplicate'],
    ]);
    expect(message.documents[0]?.sha256).toBe(sha256(tinyPdf('one bill of lading, three times')));
  });

  it('uuencode-quoted-and-x-uue: x-uue and uuencode transfer encodings are decoded; a quoted uuencoded block is text', async () => {
    const message = await read('uuencode-quoted-and-x-uue');
    expect(documents(message)).toEqual([
      ['2', 'x-uue.pdf', 'application/pdf'],
      ['3', 'uue.pdf', 'application/pdf'],
    ]);
    expect(message.documents.map((doc) => doc.sha256)).toEqual([
      sha256(tinyPdf('x-uue part')),
      sha256(tinyPdf('uuencode part')),
    ]);
  });

  it('rfc2231-mixed-charsets-and-japanese-names: a continuation switching charset, ISO-2022-JP and Shift_JIS names', async () => {
    const message = await read('rfc2231-mixed-charsets-and-japanese-names');
    expect(documents(message)).toEqual([
      ['2', 'Lieferschein für März.pdf', 'application/pdf'],
      ['3', '請求書.pdf', 'application/pdf'],
      ['4', '請求書.pdf', 'application/pdf'],
      ['5', '船荷証券.pdf', 'application/pdf'],
    ]);
  });
});
