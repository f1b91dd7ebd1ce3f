import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readMailMessage } from '../../../src/mail/read-message.ts';
import { tinyPdf } from '../../support/mail-corpus/corpus-bytes.ts';
import {
  CORPUS_DIR,
  CORPUS_LIMITS,
  documentsOf as documents,
  fixtureReader,
  sha256Of as sha256,
  skippedOf as skipped,
} from '../../support/mail-corpus/read-fixture.ts';

const { read, tempDir } = fixtureReader();

describe('the hostile corpus, round 2: part structure', () => {
  it('multipart-digest-of-messages: a digest part without a Content-Type is a message, and is searched', async () => {
    expect(documents(await read('multipart-digest-of-messages'))).toEqual([
      ['1.1', 'digest-one.pdf', 'application/pdf'],
      ['2.1', 'digest-two.pdf', 'application/pdf'],
    ]);
  });

  it('empty-boundary-parameter: boundary="" is no boundary: refused as no_boundary', async () => {
    expect((await read('empty-boundary-parameter')).refusal?.reason).toBe('no_boundary');
  });

  it('nested-multipart-without-boundary: the inner part is lost, the rest of the message is read', async () => {
    const message = await read('nested-multipart-without-boundary');
    expect(message.refusal).toBeNull();
    expect(documents(message)).toEqual([['2', 'outside.pdf', 'application/pdf']]);
  });

  it('two-boundary-parameters: the last boundary parameter is the boundary', async () => {
    expect(documents(await read('two-boundary-parameters'))).toEqual([['1', 'b-two.pdf', 'application/pdf']]);
  });

  it('inner-boundary-prefixed-by-outer: an inner boundary that starts with the outer one ends nothing early', async () => {
    expect(documents(await read('inner-boundary-prefixed-by-outer'))).toEqual([
      ['2', 'after-prefix.pdf', 'application/pdf'],
    ]);
  });

  it('base64-without-transfer-encoding: base64 of a document is decoded when undeclared or declared 7bit', async () => {
    const message = await read('base64-without-transfer-encoding');
    expect(message.documents.map((doc) => [doc.fileName, doc.sha256])).toEqual([
      ['no-encoding-header.pdf', sha256(tinyPdf('no transfer encoding header'))],
      ['said-7bit.pdf', sha256(tinyPdf('said 7bit, is base64'))],
    ]);
    // Base64 of anything but a document's first bytes stays what it is.
    expect(skipped(message)).toEqual([['3', 'unsupported_type']]);
  });

  it('whole-message-is-message-rfc822 and base64-encoded-forwarded-message: the wrapped message is opened', async () => {
    expect(documents(await read('whole-message-is-message-rfc822'))).toEqual([
      ['1.1', 'wrapped.pdf', 'application/pdf'],
    ]);
    expect(documents(await read('base64-encoded-forwarded-message'))).toEqual([
      ['1.1', 'encoded-forward.pdf', 'application/pdf'],
    ]);
  });

  it('multipart-declared-base64: an encoding on a multipart is ignored, as RFC 2045 allows none there', async () => {
    expect(documents(await read('multipart-declared-base64'))).toEqual([
      ['1', 'under-a-base64-multipart.pdf', 'application/pdf'],
    ]);
  });

  it('cr-cr-lf-line-endings: the line ends are repaired, the PDF found', async () => {
    const message = await read('cr-cr-lf-line-endings');
    expect(message.metadata.subject).toBe('cr-cr-lf-line-endings');
    expect(message.metadata.bodyPreview).toBe('Every line of this message ends oddly.');
    expect(message.documents.map((doc) => [doc.fileName, doc.sha256])).toEqual([
      ['cr-cr-lf-line-endings.pdf', sha256(tinyPdf('cr-cr-lf-line-endings'))],
    ]);
  });

  it('cr-cr-lf-line-endings: repaired alike when the stream splits a line end', async () => {
    const raw = await readFile(join(CORPUS_DIR, 'cr-cr-lf-line-endings.eml'));
    // Chunks of 7 bytes: CR CR LF is cut everywhere it can be, the first line end too.
    const chunks = Array.from({ length: Math.ceil(raw.length / 7) }, (_, n) =>
      raw.subarray(n * 7, n * 7 + 7),
    );
    const message = await readMailMessage(Readable.from(chunks), {
      tempDir: tempDir(),
      limits: CORPUS_LIMITS,
    });
    await message.dispose();
    expect(documents(message)).toEqual([['2', 'cr-cr-lf-line-endings.pdf', 'application/pdf']]);
  });

  it('boundary-lines-with-transport-padding: blanks after a delimiter (RFC 2046 5.1.1) do not hide it', async () => {
    expect(documents(await read('boundary-lines-with-transport-padding'))).toEqual([
      ['1', 'padded-one.pdf', 'application/pdf'],
      ['2', 'padded-two.pdf', 'application/pdf'],
    ]);
  });

  it('empty-and-blank-names: an empty or blank name is generated from the type', async () => {
    expect(documents(await read('empty-and-blank-names'))).toEqual([
      ['1', 'attachment-1.pdf', 'application/pdf'],
      ['2', 'attachment-2.pdf', 'application/pdf'],
    ]);
  });
});
