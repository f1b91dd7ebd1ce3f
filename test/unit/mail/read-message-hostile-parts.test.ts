import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadMessage } from '../../../src/mail/types.ts';
import { tinyPdf } from '../../support/mail-corpus/corpus-bytes.ts';
import { makeTempDir, readFixture } from '../../support/mail-corpus/read-fixture.ts';

let tempDir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir: tempDir, cleanup } = await makeTempDir());
});
afterAll(() => cleanup());

const documents = (read: ReadMessage) =>
  read.documents.map((doc) => [doc.partPath, doc.fileName, doc.contentType]);
const skipped = (read: ReadMessage) => read.skipped.map((part) => [part.partPath, part.reason]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function read(name: string): Promise<ReadMessage> {
  const message = await readFixture(name, tempDir);
  await message.dispose();
  return message;
}

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
});
