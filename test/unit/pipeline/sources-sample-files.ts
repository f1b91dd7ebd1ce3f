import { crc32, deflateSync } from 'node:zlib';

/** Small files of each type the folder source tells apart by magic bytes. */

/** A minimal PDF; `marker` makes each one's content, and so its hash, unique. */
export const samplePdf = (marker: string | number): Buffer =>
  Buffer.from(
    `%PDF-1.4\n% ${marker}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

const pngChunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.byteLength);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A valid 1×1 greyscale PNG. */
export const samplePng = (): Buffer => {
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

export const sampleJpeg = (): Buffer =>
  Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9,
  ]);

export const sampleTiff = (): Buffer =>
  Buffer.concat([Buffer.from('II*\0\x08\0\0\0', 'latin1'), Buffer.alloc(64)]);

export const sampleGif = (): Buffer => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
