import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { declaredPixels } from '../../../src/mail/image-pixels.ts';
import { tnefFiles } from '../../../src/mail/tnef.ts';
import { findUuencoded, uudecodeStream } from '../../../src/mail/uudecode.ts';
import { uuencode } from '../../support/mail-corpus/hostile-corpus.ts';

const bytes = Buffer.from(Array.from({ length: 200 }, (_, n) => (n * 37) % 256));

describe('uudecode', () => {
  it('finds files in a text body, in order, and leaves the text around them', () => {
    const text = `Hello\nbegin 644 a.bin\n${uuencode(bytes)}between\nbegin 600 b.bin\n${uuencode(bytes.subarray(0, 7))}bye`;
    const found = findUuencoded(text, 1024);
    expect(found.files).toEqual([
      { name: 'a.bin', bytes },
      { name: 'b.bin', bytes: bytes.subarray(0, 7) },
    ]);
    expect(found.rest).toBe('Hello\nbetween\nbye');
  });

  it('marks a file past the cap instead of decoding it, and ends a file without `end` at the text end', () => {
    const found = findUuencoded(
      `begin 644 big.bin\n${uuencode(bytes)}begin 644 cut.bin\n${uuencode(bytes).replace(/`\nend\n$/, '')}`,
      100,
    );
    expect(found.files.map((file) => [file.name, file.bytes?.length ?? null])).toEqual([
      ['big.bin', null],
      ['cut.bin', null],
    ]);
    expect(
      findUuencoded(`begin 644 cut.bin\n${uuencode(bytes).replace(/`\nend\n$/, '')}`, 1024).files[0]?.bytes,
    ).toEqual(bytes);
  });

  it('decodes a part as it streams, with or without its begin line, in chunks of any size', async () => {
    const decode = async (text: string) => {
      const chunks = text.match(/[\s\S]{1,7}/g) ?? [];
      const out: Buffer[] = [];
      for await (const chunk of Readable.from(chunks.map((c) => Buffer.from(c))).pipe(uudecodeStream())) {
        out.push(chunk);
      }
      return Buffer.concat(out);
    };
    expect(await decode(`begin 644 x.bin\r\n${uuencode(bytes).replace(/\n/g, '\r\n')}`)).toEqual(bytes);
    expect(await decode(uuencode(bytes))).toEqual(bytes);
  });
});

describe('tnefFiles', () => {
  it('reads nothing from bytes that are not TNEF, and stops at a stream cut short', () => {
    expect(tnefFiles(Buffer.from('not tnef at all'))).toEqual([]);
    const signature = Buffer.from([0x78, 0x9f, 0x3e, 0x22, 0, 0]);
    const attribute = Buffer.alloc(9);
    attribute.writeUInt8(2, 0);
    attribute.writeUInt32LE(0x0006800f, 1);
    attribute.writeUInt32LE(1_000_000, 5);
    expect(tnefFiles(Buffer.concat([signature, attribute, Buffer.alloc(10)]))).toEqual([]);
  });
});

describe('declaredPixels', () => {
  it('reads PNG and JPEG dimensions from their headers, and nothing from a header cut short', () => {
    const png = Buffer.alloc(24);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
    png.write('IHDR', 12, 'latin1');
    png.writeUInt32BE(40_000, 16);
    png.writeUInt32BE(30_000, 20);
    expect(declaredPixels('image/png', png)).toBe(1_200_000_000);
    expect(declaredPixels('image/png', png.subarray(0, 20))).toBeUndefined();
    // SOI, an APP0 segment of 16 bytes, then SOF0 with height 3000 and width 4000.
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.alloc(14),
      Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x0b, 0xb8, 0x0f, 0xa0, 0x03]),
    ]);
    expect(declaredPixels('image/jpeg', jpeg)).toBe(12_000_000);
    expect(declaredPixels('image/tiff', jpeg)).toBeUndefined();
  });
});
