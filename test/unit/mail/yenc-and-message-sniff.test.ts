import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { looksLikeMessage } from '../../../src/mail/looks-like-message.ts';
import { filesInText } from '../../../src/mail/text-files.ts';
import { findYEncoded } from '../../../src/mail/yenc.ts';
import { yEncode } from '../../support/mail-corpus/corpus-formats.ts';

const everyByte = Buffer.from(Array.from({ length: 512 }, (_, n) => n % 256));

describe('findYEncoded', () => {
  it('decodes every byte value, escapes included, and keeps the text around the file', () => {
    const found = findYEncoded(`before\n${yEncode(everyByte, 'all bytes.bin')}after`, 1024);
    expect(found.files).toEqual([{ name: 'all bytes.bin', bytes: everyByte }]);
    expect(found.rest).toBe('before\nafter');
  });

  it('reports a file whose size or CRC-32 does not match, one with no =yend, and one past the cap', () => {
    const text = yEncode(everyByte, 'a.bin');
    const badCrc = text.replace(/crc32=[0-9a-f]+/, `crc32=${(crc32(everyByte) ^ 1).toString(16)}`);
    const badSize = text.replace(/=yend size=\d+/, '=yend size=7');
    const problems = [badCrc, badSize, text.replace(/=yend.*\n/, ''), text].map(
      (variant, index) => findYEncoded(variant, index === 3 ? 100 : 1024).files[0]?.problem?.reason,
    );
    expect(problems).toEqual(['malformed', 'malformed', 'malformed', 'too_large']);
  });

  it('numbers yEnc files after uuencoded ones, each from 1', () => {
    const uu = 'begin 644 a.txt\n#86)C\n`\nend\n';
    const found = filesInText(`${uu}${yEncode(Buffer.from('x'), 'b.bin')}`, 1024);
    expect(found.files.map((file) => [file.id, file.name])).toEqual([
      ['uu1', 'a.txt'],
      ['yenc1', 'b.bin'],
    ]);
  });
});

describe('looksLikeMessage', () => {
  const head = (text: string) => Buffer.from(text.replace(/\n/g, '\r\n'), 'latin1');

  it('takes a header block with two fields a message has', () => {
    expect(looksLikeMessage(head('Received: by mx\nFrom: a@b.example\nSubject: x\n\nbody'))).toBe(true);
    expect(looksLikeMessage(head('From: a@b.example\n folded\nDate: Mon, 2 Mar 2026\n'))).toBe(true);
  });

  it('refuses text that only looks like fields, binary, and a first line that is not a field', () => {
    expect(looksLikeMessage(head('Name: Ops\nPhone: 123\n\n'))).toBe(false);
    expect(looksLikeMessage(head('hello\nFrom: a@b.example\nSubject: x\n'))).toBe(false);
    expect(looksLikeMessage(Buffer.from('From: a@b\r\nSubject: \u0000\r\n', 'latin1'))).toBe(false);
    expect(looksLikeMessage(head(' From: a@b.example\nSubject: x\n'))).toBe(false);
  });

  it('takes a message saved with the mbox `From ` line Thunderbird keeps before it, and only that line', () => {
    const saved = 'From - Mon Mar 02 09:30:00 2026\nX-Mozilla-Status: 0001\nFrom: a@b.example\nSubject: x\n';
    expect(looksLikeMessage(head(saved))).toBe(true);
    expect(looksLikeMessage(head(`From - one\n${saved}`))).toBe(false);
    expect(looksLikeMessage(head('From a list of things\nto do\n'))).toBe(false);
  });
});
