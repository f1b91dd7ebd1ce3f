/**
 * Images as mail clients send them, by what the reader looks at: a phone's EXIF JPEG, a signature
 * banner's wide PNG or JPEG. Pixels are noise or flat grey, weighing what the real ones do.
 */
import { crc32, deflateSync } from 'node:zlib';

/**
 * A photo as a phone sends it: a JPEG whose first segment is EXIF (APP1) with an orientation, not JFIF,
 * then enough noise to weigh what a photographed page does at its smallest.
 */
export function phonePhoto(seed: number): Buffer {
  // A TIFF header in the EXIF segment with one entry: Orientation (0x0112) = 6, rotated 90 degrees.
  const tiff = Buffer.from([
    0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00, 0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00,
    0x00, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
  ]);
  const exif = Buffer.concat([Buffer.from('Exif\u0000\u0000', 'latin1'), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(exif.length + 2);
  const noise = Buffer.alloc(12 * 1024);
  let state = seed;
  for (let at = 0; at < noise.length; at += 1) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    // No 0xFF: a marker inside the "scan" would end it; the reader looks at the first bytes only anyway.
    noise[at] = (state >>> 24) % 0xff;
  }
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe1]),
    length,
    exif,
    noise,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/**
 * A grey PNG of `width` x `height` whose first `noisyRows` rows are noise, so it weighs what a signature
 * banner does (about 3 bytes a noisy pixel) whatever its size on screen.
 */
export function bannerPng(width: number, height: number, noisyRows: number): Buffer {
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height, 180);
  let state = width * 31 + height;
  for (let y = 0; y < height; y += 1) {
    raw[y * row] = 0;
    for (let x = 1; y < noisyRows && x < row; x += 1) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      raw[y * row + x] = state >>> 24;
    }
  }
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG whose frame header (SOF0) declares `width` x `height`, then `bytes` of filler: a banner's weight. */
export function jpegOfSize(width: number, height: number, bytes: number): Buffer {
  const sof = Buffer.from([
    0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
  ]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  const jfif = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jfif,
    sof,
    Buffer.alloc(bytes, 0x55),
    Buffer.from([0xff, 0xd9]),
  ]);
}
