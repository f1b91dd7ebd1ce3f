import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { ReadMessage } from '../../../src/mail/types.ts';
import { tinyPdf } from '../../support/mail-corpus/corpus-bytes.ts';
import { eightBitPdf, HOSTILE_CORPUS_MIME } from '../../support/mail-corpus/hostile-corpus-mime.ts';
import { HOSTILE_CORPUS_NAMES } from '../../support/mail-corpus/hostile-corpus-names.ts';
import { HOSTILE_CORPUS_PARTS } from '../../support/mail-corpus/hostile-corpus-parts.ts';
import {
  CORPUS_LIMITS,
  documentsOf as documents,
  fixtureReader,
  readFixture,
  sha256Of as sha256,
  skippedOf as skipped,
} from '../../support/mail-corpus/read-fixture.ts';

const { read, tempDir } = fixtureReader();

const digests = (read: ReadMessage) => read.documents.map((doc) => doc.sha256);

describe('the hostile corpus, round 2: MIME structure and transfer encodings', () => {
  it('every round-2 message is read without a throw, and leaves no temp file', async () => {
    for (const { name } of [...HOSTILE_CORPUS_MIME, ...HOSTILE_CORPUS_NAMES, ...HOSTILE_CORPUS_PARTS]) {
      const message = await read(name);
      expect(message.refusal === null || message.documents.length === 0, name).toBe(true);
    }
    expect(await readdir(tempDir())).toEqual([]);
  });

  it('multipart-without-boundary: refused as no_boundary, not read as an empty message', async () => {
    const message = await read('multipart-without-boundary');
    expect(message.refusal?.reason).toBe('no_boundary');
    expect(message.metadata.subject).toBe('multipart-without-boundary');
  });

  it('boundary-quoted-with-spaces and boundary-of-71-characters: the boundary is the quoted string', async () => {
    expect(documents(await read('boundary-quoted-with-spaces'))).toEqual([
      ['2', 'spaced.pdf', 'application/pdf'],
    ]);
    expect(documents(await read('boundary-of-71-characters'))).toEqual([
      ['1', 'long-boundary.pdf', 'application/pdf'],
    ]);
  });

  it('base64-pdf-in-preamble-and-epilogue: what lies outside the parts is ignored (RFC 2046)', async () => {
    const message = await read('base64-pdf-in-preamble-and-epilogue');
    expect(documents(message)).toEqual([['1', 'between.pdf', 'application/pdf']]);
    expect(message.skipped).toEqual([]);
  });

  it('pdf-at-depth-four: mixed > related > alternative > mixed is searched to the PDF', async () => {
    expect(documents(await read('pdf-at-depth-four'))).toEqual([
      ['1.1.2.1', 'four-deep.pdf', 'application/pdf'],
      ['2', 'one-deep.pdf', 'application/pdf'],
    ]);
  });

  it('bounce-carrying-original-pdf: the returned original and its headers are a delivery report', async () => {
    const message = await read('bounce-carrying-original-pdf');
    expect(message.refusal).toBeNull();
    expect(message.documents).toEqual([]);
    expect(skipped(message)).toEqual([
      ['3', 'delivery_report'],
      ['4', 'delivery_report'],
    ]);
  });

  it('message-partial: a fragment is refused whole, or skipped as a part, with the reason partial', async () => {
    expect((await read('message-partial')).refusal?.reason).toBe('partial');
    const inside = await read('message-partial-inside-multipart');
    expect(documents(inside)).toEqual([['2', 'whole.pdf', 'application/pdf']]);
    expect(skipped(inside)).toEqual([['1', 'partial']]);
  });

  it('message-global-forwarded: message/global is opened like message/rfc822, UTF-8 headers and all', async () => {
    expect(documents(await read('message-global-forwarded'))).toEqual([
      ['2.1', 'Grüße aus München.pdf', 'application/pdf'],
    ]);
  });

  it('eml-attached-as-octet-stream: a saved message is opened by its name (.eml) or by its bytes', async () => {
    expect(documents(await read('eml-attached-as-octet-stream'))).toEqual([
      ['2.2', 'inside-the-eml.pdf', 'application/pdf'],
      ['3.2', 'inside-the-bare-message.pdf', 'application/pdf'],
    ]);
  });

  it('eml-attached-as-octet-stream: a message found by its bytes counts against maxNestingDepth', async () => {
    const message = await readFixture('eml-attached-as-octet-stream', tempDir(), {
      ...CORPUS_LIMITS,
      maxNestingDepth: 0,
    });
    await message.dispose();
    expect(message.documents).toEqual([]);
    expect(skipped(message)).toEqual([
      ['2', 'too_deep'],
      ['3', 'too_deep'],
    ]);
    expect(await readdir(tempDir())).toEqual([]);
  });

  it('transfer-encoding-odd-case-and-spaces: BASE64, "  Base64  " and Quoted-Printable all decode', async () => {
    const message = await read('transfer-encoding-odd-case-and-spaces');
    expect(digests(message)).toEqual([
      sha256(tinyPdf('upper case')),
      sha256(tinyPdf('spaces around')),
      sha256(tinyPdf('odd case quoted printable')),
    ]);
  });

  it('binary-and-8bit-pdfs: 8-bit bytes arrive unchanged (line ends are CRLF on the wire)', async () => {
    const onTheWire = (label: string) =>
      sha256(Buffer.from(eightBitPdf(label).toString('latin1').replace(/\n/g, '\r\n'), 'latin1'));
    expect(digests(await read('binary-and-8bit-pdfs'))).toEqual([
      onTheWire('sent as 8bit'),
      onTheWire('sent as binary'),
    ]);
  });

  it('base64-long-lines-and-crlf-inside: one 800-character line, and a break inside a group', async () => {
    expect(digests(await read('base64-long-lines-and-crlf-inside'))).toEqual([
      sha256(tinyPdf('long base64 lines')),
      sha256(tinyPdf('broken lines')),
    ]);
  });

  it('quoted-printable-pdf: a PDF in quoted-printable decodes to its bytes', async () => {
    expect(digests(await read('quoted-printable-pdf'))[1]).toBe(sha256(eightBitPdf('quoted printable')));
  });

  it('yenc-in-latin1-text: a yEnc file in a Latin-1 body is decoded whole; one cut short is malformed', async () => {
    // The file without =yend runs to the end of the text, as a uuencoded one without `end` does.
    const message = await read('yenc-in-latin1-text');
    expect(documents(message)).toEqual([['yenc1', 'yenc-in-latin1-text.pdf', 'application/pdf']]);
    expect(digests(message)).toEqual([sha256(eightBitPdf('yenc-in-latin1-text'))]);
    expect(skipped(message)).toEqual([['yenc2', 'malformed']]);
    expect(message.metadata.bodyPreview).toBe(
      'The invoice, yEnc-encoded by a Usenet-era tool: And one cut short by a gateway:',
    );
  });

  it('zip-in-zip-in-forwarded: the forwarded ZIP is expanded; the ZIP inside it is not', async () => {
    const message = await read('zip-in-zip-in-forwarded');
    expect(documents(message)).toEqual([['1.1/outer.pdf', 'outer.pdf', 'application/pdf']]);
    expect(skipped(message)).toEqual([['1.1/inner.zip', 'nested_zip']]);
  });
});
