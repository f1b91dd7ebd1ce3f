/**
 * Bytes of the formats the second round of the corpus attaches: images the policy takes or refuses, an
 * Outlook .msg, ZIP64, yEnc. Each is what type detection and the reader look at, not a full file.
 */
import { crc32, deflateRawSync } from 'node:zlib';

/** A grey TIFF (little-endian) of `pages` pages, each 8 x 8 pixels, uncompressed: a multi-page scan. */
export function multiPageTiff(pages: number): Buffer {
  const side = 8;
  const entries = 8;
  const ifdBytes = 2 + entries * 12 + 4;
  const pageBytes = ifdBytes + side * side;
  const out = Buffer.alloc(8 + pages * pageBytes);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(8, 4);
  for (let page = 0; page < pages; page += 1) {
    const at = 8 + page * pageBytes;
    const pixels = at + ifdBytes;
    const fields: Array<[tag: number, type: number, value: number]> = [
      [256, 3, side], // ImageWidth
      [257, 3, side], // ImageLength
      [258, 3, 8], // BitsPerSample
      [259, 3, 1], // Compression: none
      [262, 3, 1], // PhotometricInterpretation: black is zero
      [273, 4, pixels], // StripOffsets
      [278, 3, side], // RowsPerStrip
      [279, 4, side * side], // StripByteCounts
    ];
    out.writeUInt16LE(entries, at);
    fields.forEach(([tag, type, value], index) => {
      const entry = at + 2 + index * 12;
      out.writeUInt16LE(tag, entry);
      out.writeUInt16LE(type, entry + 2);
      out.writeUInt32LE(1, entry + 4);
      if (type === 3) out.writeUInt16LE(value, entry + 8);
      else out.writeUInt32LE(value, entry + 8);
    });
    const next = page + 1 < pages ? at + pageBytes : 0;
    out.writeUInt32LE(next, at + 2 + entries * 12);
    out.fill(page * 60 + 40, pixels, pixels + side * side);
  }
  return out;
}

/** The ISO-BMFF box an iPhone photo (HEIC) starts with, then filler. */
export function heicHeader(): Buffer {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftypheic', 4, 'latin1');
  box.write('mif1heic', 16, 'latin1');
  return Buffer.concat([box, Buffer.alloc(64)]);
}

/** A WebP RIFF header with a VP8 chunk, then filler. */
export function webpHeader(): Buffer {
  const head = Buffer.alloc(20);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(76, 4);
  head.write('WEBPVP8 ', 8, 'latin1');
  head.writeUInt32LE(64, 16);
  return Buffer.concat([head, Buffer.alloc(64)]);
}

/** A 1 x 1 GIF89a. */
export function gif(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
}

/** The start of an OLE compound file, which an Outlook .msg is (as are old .doc and .xls files). */
export function compoundFileHeader(): Buffer {
  return Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]);
}

/**
 * A ZIP archive written in ZIP64 form (sizes and offsets in the ZIP64 extra field, a ZIP64 end record and
 * locator), as archivers do past 4 GiB or 65,535 entries, and some always do.
 */
export function zip64(entries: ReadonlyArray<{ readonly name: string; readonly data: Buffer }>): Buffer {
  const MAX32 = 0xffffffff;
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    const localExtra = Buffer.alloc(20);
    localExtra.writeUInt16LE(0x0001, 0);
    localExtra.writeUInt16LE(16, 2);
    localExtra.writeBigUInt64LE(BigInt(entry.data.length), 4);
    localExtra.writeBigUInt64LE(BigInt(compressed.length), 12);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(45, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(MAX32, 18);
    local.writeUInt32LE(MAX32, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(localExtra.length, 28);
    const centralExtra = Buffer.alloc(28);
    centralExtra.writeUInt16LE(0x0001, 0);
    centralExtra.writeUInt16LE(24, 2);
    centralExtra.writeBigUInt64LE(BigInt(entry.data.length), 4);
    centralExtra.writeBigUInt64LE(BigInt(compressed.length), 12);
    centralExtra.writeBigUInt64LE(BigInt(offset), 20);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(45, 4);
    central.writeUInt16LE(45, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(MAX32, 20);
    central.writeUInt32LE(MAX32, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(centralExtra.length, 30);
    central.writeUInt32LE(MAX32, 42);
    parts.push(local, name, localExtra, compressed);
    centrals.push(central, name, centralExtra);
    offset += local.length + name.length + localExtra.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(entries.length), 24);
  record.writeBigUInt64LE(BigInt(entries.length), 32);
  record.writeBigUInt64LE(BigInt(directory.length), 40);
  record.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(offset + directory.length), 8);
  locator.writeUInt32LE(1, 16);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(MAX32, 12);
  end.writeUInt32LE(MAX32, 16);
  return Buffer.concat([...parts, directory, record, locator, end]);
}

/**
 * `bytes` yEnc-encoded as a Usenet poster writes it, one character a byte (Latin-1): each byte plus 42,
 * NUL, LF, CR and `=` escaped, lines of 128, between `=ybegin` and `=yend` with the CRC-32.
 */
export function yEncode(bytes: Buffer, name: string): string {
  let body = '';
  let line = 0;
  for (const byte of bytes) {
    const shifted = (byte + 42) & 0xff;
    const escaped = shifted === 0x00 || shifted === 0x0a || shifted === 0x0d || shifted === 0x3d;
    const text = escaped ? `=${String.fromCharCode((shifted + 64) & 0xff)}` : String.fromCharCode(shifted);
    body += text;
    line += text.length;
    if (line >= 128) {
      body += '\n';
      line = 0;
    }
  }
  const crc = crc32(bytes).toString(16).padStart(8, '0');
  const size = bytes.length;
  return `=ybegin line=128 size=${size} name=${name}\n${body}${line > 0 ? '\n' : ''}=yend size=${size} crc32=${crc}\n`;
}
