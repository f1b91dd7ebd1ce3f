import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { tinyPdf } from '../../support/mail-corpus/corpus-bytes.ts';
import { base64Lines } from '../../support/mail-corpus/corpus-message.ts';
import { HOSTILE_CORPUS_SEALED } from '../../support/mail-corpus/hostile-corpus-sealed.ts';
import {
  documentsOf as documents,
  fixtureReader,
  sha256Of as sha256,
  skippedOf as skipped,
} from '../../support/mail-corpus/read-fixture.ts';

const { read, tempDir } = fixtureReader();

describe('the hostile corpus, round 5: PGP, five thousand parts, a cut base64 body, parameters twice', () => {
  it('every round-5 message is read without a throw, and leaves no temp file', async () => {
    const refusals = [];
    for (const { name } of HOSTILE_CORPUS_SEALED) refusals.push([name, (await read(name)).refusal?.reason]);
    expect(refusals).toEqual([
      ['pgp-mime-signed', undefined],
      ['pgp-mime-encrypted', 'encrypted'],
      ['pgp-inline-encrypted-beside-a-pdf', undefined],
      ['five-thousand-parts', 'too_many_parts'],
      ['boundary-line-inside-base64', undefined],
      ['content-type-params-twice-and-disagreeing', undefined],
    ]);
    expect(await readdir(tempDir())).toEqual([]);
  });

  it('pgp-mime-signed: the PDF inside the signed entity is taken, the detached signature is not', async () => {
    const message = await read('pgp-mime-signed');
    expect(documents(message)).toEqual([['1.2', 'arrival-notice.pdf', 'application/pdf']]);
    expect(skipped(message)).toEqual([['2', 'signature']]);
    expect(message.documents[0]?.sha256).toBe(sha256(tinyPdf('pgp signed arrival notice')));
    expect(message.metadata.bodyPreview).toBe('Signed arrival notice attached.');
  });

  it('pgp-mime-encrypted: refused whole as encrypted (no key here), with the reason', async () => {
    const message = await read('pgp-mime-encrypted');
    expect(message.refusal).toEqual({
      reason: 'encrypted',
      detail: 'the message is PGP encrypted: stevedore holds no key to open it',
    });
    expect(message.documents).toEqual([]);
    expect(message.metadata.subject).toBe('pgp-mime-encrypted');
  });

  it('pgp-inline-encrypted-beside-a-pdf: the PDF sent in clear is taken; the .gpg file is skipped as encrypted', async () => {
    const message = await read('pgp-inline-encrypted-beside-a-pdf');
    expect(documents(message)).toEqual([['3', 'packing-list.pdf', 'application/pdf']]);
    expect(skipped(message)).toEqual([['2', 'encrypted']]);
  });

  it('five-thousand-parts: refused whole as too_many_parts, whatever follows the crowd', async () => {
    const message = await read('five-thousand-parts');
    expect(message.refusal?.reason).toBe('too_many_parts');
    expect(message.documents).toEqual([]);
  });

  it('boundary-line-inside-base64: the delimiter ends the part there (RFC 2046): its first half is what is taken, the headerless rest is not a part', async () => {
    const message = await read('boundary-line-inside-base64');
    expect(documents(message)).toEqual([
      ['1', 'cut-in-two.pdf', 'application/pdf'],
      ['2', 'whole.pdf', 'application/pdf'],
    ]);
    const lines = base64Lines(tinyPdf('a PDF cut by a delimiter line')).split('\n');
    const firstHalf = Buffer.from(lines.slice(0, Math.floor(lines.length / 2)).join(''), 'base64');
    expect(message.documents.map((doc) => doc.sha256)).toEqual([
      sha256(firstHalf),
      sha256(tinyPdf('the PDF after the cut one')),
    ]);
  });

  it('content-type-params-twice-and-disagreeing: the last of two names counts, made safe; an RFC 2231 name wins over a plain one', async () => {
    const message = await read('content-type-params-twice-and-disagreeing');
    expect(documents(message)).toEqual([
      ['2', 'evil.cmd.pdf', 'application/pdf'],
      ['3', 'relevé.pdf', 'application/pdf'],
    ]);
    expect(message.metadata.bodyPreview).toBe('Two charsets; two names on each file below.');
  });
});
