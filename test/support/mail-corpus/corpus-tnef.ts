/**
 * Outlook's TNEF (winmail.dat) as Outlook writes it (MS-OXTNEF): message attributes, the rich-text body
 * as a MAPI property, and per file its 8.3 title, its bytes and its MAPI properties with the long name.
 */

const LEVEL_MESSAGE = 1;
const LEVEL_ATTACHMENT = 2;

/** One TNEF attribute: level, id, length, data, and the data's 16-bit sum. */
function attribute(level: number, id: number, data: Buffer): Buffer {
  const head = Buffer.alloc(9);
  head.writeUInt8(level, 0);
  head.writeUInt32LE(id, 1);
  head.writeUInt32LE(data.length, 5);
  const checksum = Buffer.alloc(2);
  checksum.writeUInt16LE(data.reduce((sum, byte) => (sum + byte) % 65536, 0));
  return Buffer.concat([head, data, checksum]);
}

const pad4 = (bytes: Buffer): Buffer => Buffer.concat([bytes, Buffer.alloc((4 - (bytes.length % 4)) % 4)]);
const u16 = (value: number): Buffer => Buffer.from([value & 0xff, value >> 8]);
const u32 = (value: number): Buffer => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
};

/** A MAPI property: `value` is a 32-bit number, or the bytes of a counted value (string, binary). */
export interface MapiProperty {
  readonly type: number;
  readonly id: number;
  readonly value: number | Buffer;
  /** For a named property (id 0x8000 and up): its name, written after a GUID. */
  readonly name?: string;
}

export const PT_LONG = 0x0003;
export const PT_BOOLEAN = 0x000b;
export const PT_SYSTIME = 0x0040;
export const PT_STRING8 = 0x001e;
export const PT_UNICODE = 0x001f;
export const PT_BINARY = 0x0102;

/** The bytes of an attMAPIProps or attAttachment attribute holding `properties`. */
export function mapiProperties(properties: readonly MapiProperty[]): Buffer {
  const parts: Buffer[] = [u32(properties.length)];
  for (const property of properties) {
    parts.push(u16(property.type), u16(property.id));
    if (property.name !== undefined) {
      const name = Buffer.from(`${property.name}\u0000`, 'utf16le');
      parts.push(Buffer.alloc(16, 0x42), u32(1), u32(name.length), pad4(name));
    }
    if (typeof property.value === 'number') {
      parts.push(
        property.type === PT_SYSTIME ? Buffer.concat([u32(property.value), u32(0)]) : u32(property.value),
      );
    } else {
      parts.push(u32(1), u32(property.value.length), pad4(property.value));
    }
  }
  return Buffer.concat(parts);
}

export interface TnefFileInput {
  /** attAttachTitle: the 8.3 name Outlook writes there. */
  readonly title: string;
  readonly data: Buffer;
  /** The file's MAPI properties (attAttachment), where its long name is; bytes are written as they are. */
  readonly properties?: readonly MapiProperty[] | Buffer;
}

/** A TNEF stream: version, message class, the body's MAPI properties, then each file. */
export function tnefStream(body: readonly MapiProperty[], files: readonly TnefFileInput[]): Buffer {
  const signature = Buffer.alloc(6);
  signature.writeUInt32LE(0x223e9f78, 0);
  signature.writeUInt16LE(0x0001, 4);
  return Buffer.concat([
    signature,
    attribute(LEVEL_MESSAGE, 0x00089006, Buffer.from([0, 0, 1, 0])),
    attribute(LEVEL_MESSAGE, 0x00078008, Buffer.from('IPM.Note\u0000', 'latin1')),
    attribute(LEVEL_MESSAGE, 0x00069003, mapiProperties(body)),
    ...files.flatMap((file) => [
      attribute(LEVEL_ATTACHMENT, 0x00069002, Buffer.alloc(14)),
      attribute(LEVEL_ATTACHMENT, 0x00018010, Buffer.from(`${file.title}\u0000`, 'latin1')),
      attribute(LEVEL_ATTACHMENT, 0x0006800f, file.data),
      ...(file.properties === undefined
        ? []
        : [
            attribute(
              LEVEL_ATTACHMENT,
              0x00069005,
              Buffer.isBuffer(file.properties) ? file.properties : mapiProperties(file.properties),
            ),
          ]),
    ]),
  ]);
}

/** Compressed RTF as Outlook stores a rich-text body (PidTagRtfCompressed), uncompressed form ("MELA"). */
export function rtfBody(text: string): Buffer {
  const rtf = Buffer.from(`{\\rtf1\\ansi\\deff0 {\\fonttbl{\\f0 Calibri;}}\\f0 ${text}\\par}`, 'latin1');
  const header = Buffer.alloc(16);
  header.writeUInt32LE(rtf.length + 12, 0);
  header.writeUInt32LE(rtf.length, 4);
  header.write('MELA', 8, 'latin1');
  return Buffer.concat([header, rtf]);
}
