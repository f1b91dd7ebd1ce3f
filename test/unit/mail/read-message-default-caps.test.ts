import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_LIMITS } from '../../../src/mail/mail-limits.ts';
import { readMailMessage } from '../../../src/mail/read-message.ts';
import { makeTempDir } from '../../support/mail-corpus/read-fixture.ts';

let tempDir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir: tempDir, cleanup } = await makeTempDir());
});
afterAll(() => cleanup());

const CAP = DEFAULT_MAIL_LIMITS.maxAttachmentBytes;
// 57 bytes make one 76-character base64 line; a block of a thousand lines is encoded at a time.
const BLOCK_BYTES = 57 * 1000;

/**
 * A message carrying one PDF of `size` bytes, written as it is read, block by block: it never exists whole,
 * so neither the test nor the reader can hold it. The digest of the PDF is known once the stream ends.
 */
function largeMessage(size: number): { source: Readable; digest: () => string } {
  const hash = createHash('sha256');
  function* lines(): Generator<string> {
    yield 'From: scanner@forwarder.example\r\nTo: docs+acme@stevedore.local\r\nSubject: large\r\n';
    yield 'MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="big"\r\n\r\n--big\r\n';
    yield 'Content-Type: application/pdf; name="large-scan.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\n';
    const header = Buffer.from('%PDF-1.4\n% a large scan\n', 'latin1');
    for (let at = 0; at < size; at += BLOCK_BYTES) {
      const block = Buffer.alloc(Math.min(BLOCK_BYTES, size - at), (at / BLOCK_BYTES) % 251);
      if (at === 0) header.copy(block);
      hash.update(block);
      yield `${block.toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n`;
    }
    yield '--big--\r\n';
  }
  return { source: Readable.from(lines(), { objectMode: false }), digest: () => hash.digest('hex') };
}

describe('readMailMessage at the default caps, with real sizes', () => {
  it(`an attachment of exactly ${CAP} bytes in a message of about 34 MB is kept, in a temp file`, async () => {
    const { source, digest } = largeMessage(CAP);
    const message = await readMailMessage(source, { tempDir, limits: DEFAULT_MAIL_LIMITS });
    try {
      expect(message.refusal).toBeNull();
      const [document] = message.documents;
      expect([document?.bytes, document?.sizeBytes, document?.sha256]).toEqual([null, CAP, digest()]);
      expect((await stat(document?.path ?? '')).size).toBe(CAP);
    } finally {
      await message.dispose();
    }
    expect(await readdir(tempDir)).toEqual([]);
  }, 60_000);

  it('one byte more is skipped as too_large, its temp file removed as the cap is passed', async () => {
    const { source } = largeMessage(CAP + 1);
    const message = await readMailMessage(source, { tempDir, limits: DEFAULT_MAIL_LIMITS });
    await message.dispose();
    expect(message.refusal).toBeNull();
    expect(message.documents).toEqual([]);
    expect(message.skipped.map((part) => [part.fileName, part.reason])).toEqual([
      ['large-scan.pdf', 'too_large'],
    ]);
    expect(await readdir(tempDir)).toEqual([]);
  }, 60_000);
});
