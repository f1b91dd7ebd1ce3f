import { readdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailMessage } from '../../../src/mail/read-message.ts';
import { tinyPdf } from '../../support/mail-corpus/corpus-bytes.ts';
import { CORPUS_LIMITS, makeTempDir, readFixture } from '../../support/mail-corpus/read-fixture.ts';

let tempDir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir: tempDir, cleanup } = await makeTempDir());
});
afterAll(() => cleanup());

const HEAD = 'From: a@example.com\r\nTo: docs+acme@stevedore.local\r\nSubject: limits\r\n';

/** A multipart message with `count` PDF attachments followed by `padding` bytes of filler text. */
function* message(options: { count?: number; pdfBytes?: Buffer; padding?: number; headerBytes?: number }) {
  const { count = 1, pdfBytes, padding = 0, headerBytes = 0 } = options;
  yield HEAD;
  if (headerBytes > 0) yield `X-Filler: ${'a'.repeat(headerBytes)}\r\n`;
  yield 'MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="x"\r\n\r\n';
  for (let index = 0; index < count; index += 1) {
    const pdf = pdfBytes ?? tinyPdf(`document ${index}`);
    yield `--x\r\nContent-Type: application/pdf; name="d${index}.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\n`;
    yield `${pdf.toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n`;
  }
  // Padding in 64 KiB lines so no single chunk is the whole message.
  for (let left = padding; left > 0; left -= 65_536)
    yield `--x\r\nContent-Type: text/plain\r\n\r\n${'p'.repeat(65_536)}\r\n`;
  yield '--x--\r\n';
}

describe('readMailMessage limits', () => {
  it('keeps small documents in memory, large ones and those past the message budget in temp files', async () => {
    const limits = {
      ...CORPUS_LIMITS,
      maxMessageBytes: 64 * 1024 * 1024,
      maxAttachmentBytes: 8 * 1024 * 1024,
    };
    const large = Buffer.concat([tinyPdf('large'), Buffer.alloc(2 * 1024 * 1024, 0x20)]);
    const big = await readMailMessage(Readable.from(message({ pdfBytes: large })), { tempDir, limits });
    expect(big.documents.map((document) => [document.bytes === null, document.path !== null])).toEqual([
      [true, true],
    ]);
    await big.dispose();
    const small = await readMailMessage(Readable.from(message({ count: 2 })), { tempDir, limits });
    expect(small.documents.map((document) => document.bytes?.subarray(0, 5).toString('latin1'))).toEqual([
      '%PDF-',
      '%PDF-',
    ]);
    expect(small.documents.map((document) => document.path)).toEqual([null, null]);
    expect(await readdir(tempDir)).toEqual([]);
    // Nine parts of 1000 KB: the message's 8 MiB budget holds eight of them; the ninth goes to a file.
    const near = Buffer.concat([tinyPdf('near'), Buffer.alloc(1000 * 1000, 0x20)]);
    const many = [...Array(9).keys()].map((index) => Buffer.concat([near, Buffer.from(String(index))]));
    const parts = message({ count: 0 });
    const chunks = [...parts];
    const body = many.map(
      (pdf, index) =>
        `--x\r\nContent-Type: application/pdf; name="m${index}.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\n${pdf.toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n`,
    );
    const full = await readMailMessage(
      Readable.from([...chunks.slice(0, -1), ...body, chunks.at(-1) ?? '']),
      {
        tempDir,
        limits,
      },
    );
    expect(full.documents).toHaveLength(9);
    expect(full.documents.filter((document) => document.path !== null)).toHaveLength(1);
    await full.dispose();
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('huge-message: a message over maxMessageBytes is refused as too_large, read as a stream', async () => {
    const limits = { ...CORPUS_LIMITS, maxMessageBytes: 512 * 1024 };
    const read = await readMailMessage(Readable.from(message({ padding: 2 * 1024 * 1024 })), {
      tempDir,
      limits,
    });
    expect(read.refusal?.reason).toBe('too_large');
    expect(read.documents).toEqual([]);
    expect(read.metadata.subject).toBe('limits');
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('a message whole in memory reads as its stream does; over maxMessageBytes it is refused the same way', async () => {
    const small = Buffer.from([...message({ count: 2 })].join(''));
    const streamed = await readMailMessage(Readable.from([small]), { tempDir, limits: CORPUS_LIMITS });
    const whole = await readMailMessage(small, { tempDir, limits: CORPUS_LIMITS });
    expect(whole.sha256).toBe(streamed.sha256);
    expect(whole.metadata).toEqual(streamed.metadata);
    expect(whole.documents.map((document) => document.fileName)).toEqual(['d0.pdf', 'd1.pdf']);
    expect(whole.documents.map((document) => document.sha256)).toEqual(
      streamed.documents.map((document) => document.sha256),
    );
    await Promise.all([whole.dispose(), streamed.dispose()]);

    const limits = { ...CORPUS_LIMITS, maxMessageBytes: 512 * 1024 };
    const huge = Buffer.from([...message({ padding: 2 * 1024 * 1024 })].join(''));
    const read = await readMailMessage(huge, { tempDir, limits });
    expect(read.refusal?.reason).toBe('too_large');
    expect(read.refusal?.detail).toContain(String(huge.length));
    // The part before the cap is still parsed, for the metadata the refusal carries.
    expect(read.metadata.subject).toBe('limits');
    expect(read.sha256).toBe((await readMailMessage(Readable.from([huge]), { tempDir, limits })).sha256);
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('a message announced larger than maxMessageBytes is refused without being read', async () => {
    const source = Readable.from(message({}));
    const read = await readMailMessage(source, {
      tempDir,
      limits: CORPUS_LIMITS,
      sizeBytes: 10 * 1024 * 1024,
    });
    expect(read.refusal?.reason).toBe('too_large');
    expect(source.readableDidRead).toBe(false);
  });

  it('huge headers are refused as header_too_large', async () => {
    const read = await readMailMessage(Readable.from(message({ headerBytes: 300 * 1024 })), {
      tempDir,
      limits: CORPUS_LIMITS,
    });
    expect(read.refusal?.reason).toBe('header_too_large');
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('a part with a huge header block after a PDF ends the read, without hanging or leaking', async () => {
    async function* parts() {
      yield* message({ count: 1 });
      yield `--x\r\nX-Filler: ${'b'.repeat(300 * 1024)}\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--x--\r\n`;
    }
    const read = await readMailMessage(Readable.from(parts()), { tempDir, limits: CORPUS_LIMITS });
    expect(read.refusal?.reason ?? 'read').toMatch(/^(malformed|read)$/);
    await read.dispose();
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('an attachment over maxAttachmentBytes is skipped as too_large; the others are kept', async () => {
    const big = Buffer.concat([tinyPdf('big'), Buffer.alloc(20_000, 0x20)]);
    const limits = { ...CORPUS_LIMITS, maxAttachmentBytes: 10_000 };
    const read = await readMailMessage(Readable.from(message({ count: 1, pdfBytes: big })), {
      tempDir,
      limits,
    });
    expect(read.skipped.map((part) => part.reason)).toEqual(['too_large']);
    await read.dispose();
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('documents past maxDocuments are skipped with a reason', async () => {
    const limits = { ...CORPUS_LIMITS, maxDocuments: 2 };
    const read = await readMailMessage(Readable.from(message({ count: 4 })), { tempDir, limits });
    expect(read.documents).toHaveLength(2);
    expect(read.skipped.map((part) => part.reason)).toEqual(['too_many_documents', 'too_many_documents']);
    await read.dispose();
  });

  it('a source that fails mid-message rejects, and leaves no temp file behind', async () => {
    async function* dropped() {
      yield* message({ count: 2 });
      throw new Error('connection reset');
    }
    await expect(
      readMailMessage(Readable.from(dropped()), { tempDir, limits: CORPUS_LIMITS }),
    ).rejects.toThrow('connection reset');
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('an attachment over the zip entry cap inside an archive is skipped', async () => {
    const limits = { ...CORPUS_LIMITS, zip: { ...CORPUS_LIMITS.zip, maxEntryBytes: 100 } };
    const read = await readFixture('encrypted-zip', tempDir, limits);
    expect(read.skipped.map((part) => part.reason)).toEqual(['encrypted', 'too_large']);
    await read.dispose();
  });
});
