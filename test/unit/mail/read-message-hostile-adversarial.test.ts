import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMailMessage } from '../../../src/mail/read-message.ts';
import { tinyPdf } from '../../support/mail-corpus/corpus-bytes.ts';
import {
  HOSTILE_CORPUS_ADVERSARIAL,
  NESTED_MULTIPART_DEPTH,
} from '../../support/mail-corpus/hostile-corpus-adversarial.ts';
import {
  CORPUS_DIR,
  CORPUS_LIMITS,
  documentsOf as documents,
  fixtureReader,
  sha256Of as sha256,
  skippedOf as skipped,
} from '../../support/mail-corpus/read-fixture.ts';

const { read, tempDir } = fixtureReader();

describe('the hostile corpus, round 3: messages written to break a reader', () => {
  it('every round-3 adversarial message is read without a throw or a refusal, and leaves no temp file', async () => {
    for (const { name } of HOSTILE_CORPUS_ADVERSARIAL) {
      expect((await read(name)).refusal, name).toBeNull();
    }
    expect(await readdir(tempDir())).toEqual([]);
  });

  it('five-hundred-nested-multiparts: the PDF at the bottom of five hundred multiparts is found', async () => {
    const message = await read('five-hundred-nested-multiparts');
    expect(message.documents.map((doc) => [doc.partPath, doc.fileName])).toEqual([
      [Array(NESTED_MULTIPART_DEPTH).fill('1').join('.'), 'five-hundred-down.pdf'],
    ]);
  });

  it('part-headers-never-end: a part whose blank line never comes ends at the next delimiter', async () => {
    const message = await read('part-headers-never-end');
    expect(documents(message)).toEqual([['1', 'after-endless-headers.pdf', 'application/pdf']]);
    expect(skipped(message)).toEqual([['2', 'empty']]);
  });

  it('headers-without-final-line-end: a message that stops inside its headers keeps its metadata', async () => {
    const message = await read('headers-without-final-line-end');
    expect(message.documents).toEqual([]);
    expect(message.metadata.subject).toBe('headers-without-final-line-end');
    expect(message.metadata.messageId).toBe('<headers-without-final-line-end@corpus.example>');
  });

  it('percent-encoded-traversal-names: a separator percent-encoded, once or twice, is a separator', async () => {
    expect(documents(await read('percent-encoded-traversal-names'))).toEqual([
      ['1', 'passwd.pdf', 'application/pdf'],
      // `%2e%2e%2f.pdf` leaves `.pdf`, which names no file.
      ['2', 'attachment-2.pdf', 'application/pdf'],
      ['3', 'boot.pdf', 'application/pdf'],
      // An overlong UTF-8 slash is no slash to any decoder: its bytes show as `_`.
      ['4', '__..__overlong.pdf', 'application/pdf'],
      ['5', 'shadow.pdf', 'application/pdf'],
    ]);
  });

  it('pdf-that-is-a-zip: an archive declared and named as a PDF is opened as the archive it is', async () => {
    const message = await read('pdf-that-is-a-zip');
    expect(documents(message)).toEqual([['1/real-invoice.pdf', 'real-invoice.pdf', 'application/pdf']]);
  });

  it('zip-entry-lies-about-its-size: the entry stops at its declared size, as malformed; the honest one is kept', async () => {
    const message = await read('zip-entry-lies-about-its-size');
    expect(documents(message)).toEqual([['1/honest.pdf', 'honest.pdf', 'application/pdf']]);
    expect(skipped(message)).toEqual([['1/claims-1kb.pdf', 'malformed']]);
    expect(message.skipped[0]?.detail).toContain('expected 1024');
  });

  it('zip-entry-names-empty-and-dots: entries named nothing or dots get generated names; a folder is no file', async () => {
    expect(documents(await read('zip-entry-names-empty-and-dots'))).toEqual([
      ['1/', 'attachment-1.pdf', 'application/pdf'],
      ['1/..', 'attachment-2.pdf', 'application/pdf'],
      ['1/.', 'attachment-3.pdf', 'application/pdf'],
      ['1/a/../../b.pdf', 'b.pdf', 'application/pdf'],
    ]);
  });

  it('zip-duplicate-entry-names: two entries of one name are two documents under distinct part paths', async () => {
    const message = await read('zip-duplicate-entry-names');
    expect(message.documents.map((doc) => [doc.partPath, doc.fileName, doc.sha256])).toEqual([
      ['1/invoice.pdf', 'invoice.pdf', sha256(tinyPdf('the first entry named invoice.pdf'))],
      ['1/invoice.pdf#2', 'invoice.pdf', sha256(tinyPdf('the second entry named invoice.pdf'))],
    ]);
    expect(skipped(message)).toEqual([['1/invoice.pdf#3', 'duplicate']]);
  });

  it('zip-entry-count-lies: an archive claiming 65,535 entries is malformed; the PDF beside it is kept', async () => {
    const message = await read('zip-entry-count-lies');
    expect(documents(message)).toEqual([['2', 'beside-the-lying-zip.pdf', 'application/pdf']]);
    expect(skipped(message)).toEqual([['1', 'malformed']]);
  });

  it('base64-padding-inside-the-stream: base64 encoded block by block decodes to exactly the bytes sent', async () => {
    const message = await read('base64-padding-inside-the-stream');
    expect(message.documents.map((doc) => doc.sha256)).toEqual([
      sha256(tinyPdf('base64 padded block by block')),
    ]);
  });

  it('base64-with-list-footer-appended: a footer after the base64 leaves a PDF that starts as sent', async () => {
    const message = await read('base64-with-list-footer-appended');
    expect(documents(message)).toEqual([['1', 'listed.pdf', 'application/pdf']]);
    const sent = tinyPdf('a pdf with a list footer after it');
    expect(message.documents[0]?.bytes?.subarray(0, sent.length)).toEqual(sent);
  });

  it('two-content-type-fields: the first counts, unless it says text and another does not: then the bytes decide', async () => {
    const message = await read('two-content-type-fields');
    expect(documents(message)).toEqual([
      ['1', 'first-says-pdf.pdf', 'application/pdf'],
      ['2', 'attachment-2.pdf', 'application/pdf'],
    ]);
    expect(message.skipped).toEqual([]);
    expect(message.metadata.bodyPreview).toBe('Two text types: still the body.');
  });

  it('content-type-empty-or-garbled: empty or garbled Content-Type fields leave parts decided by their bytes', async () => {
    expect(documents(await read('content-type-empty-or-garbled'))).toEqual([
      ['1', 'garbled.pdf', 'application/pdf'],
      ['2', 'attachment-2.pdf', 'application/pdf'],
      ['3', 'attachment-3.pdf', 'application/pdf'],
    ]);
  });

  it('a temp directory that cannot be written rejects the read; it never crashes the process', async () => {
    const raw = await readFile(join(CORPUS_DIR, 'pdf-that-is-a-zip.eml'));
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // The archive is opened from a temp file: writing it fails, as on a full disk.
      await expect(
        readMailMessage(raw, { tempDir: join(tempDir(), 'gone'), limits: CORPUS_LIMITS }),
      ).rejects.toMatchObject({ code: 'ENOENT' });
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });
});
