/**
 * The long file name of a file in Outlook's TNEF wrapper. TNEF's own title attribute (attAttachTitle) holds
 * the 8.3 short name (`INVOIC~1.PDF`); the name the sender saw is a MAPI property,
 * PidTagAttachLongFilename, in the file's attAttachment attribute (MS-OXTNEF 2.1.3.5): a count, then each
 * property as type, id (a named one adds a GUID and a name), and value.
 */

const PID_ATTACH_LONG_FILENAME = 0x3707;
const PT_STRING8 = 0x001e;
const PT_UNICODE = 0x001f;
const MULTI_VALUED = 0x1000;
// Ids from here on are named properties, whose id is followed by a GUID and a name (MS-OXTNEF 2.1.3.5).
const FIRST_NAMED_ID = 0x8000;
const MNID_STRING = 1;

// The value sizes of the fixed-size types (MS-OXCDATA 2.11.1); each is padded to 4 bytes in TNEF.
const FIXED_SIZES: ReadonlyMap<number, number> = new Map([
  [0x0002, 2], // PtypInteger16
  [0x0003, 4], // PtypInteger32
  [0x0004, 4], // PtypFloating32
  [0x0005, 8], // PtypFloating64
  [0x0006, 8], // PtypCurrency
  [0x0007, 8], // PtypFloatingTime
  [0x000a, 4], // PtypErrorCode
  [0x000b, 2], // PtypBoolean
  [0x0014, 8], // PtypInteger64
  [0x0040, 8], // PtypTime
  [0x0048, 16], // PtypGuid
]);
// Types whose values are a length and bytes: strings, binary, an embedded object.
const COUNTED_TYPES: ReadonlySet<number> = new Set([PT_STRING8, PT_UNICODE, 0x0102, 0x000d]);

// A real attachment has a few dozen properties; a count past this is a corrupt or hostile stream.
const MAX_PROPERTIES = 1000;

const padded = (length: number): number => Math.ceil(length / 4) * 4;

/**
 * The long file name in an attAttachment attribute's data, or null when it has none or the data stops
 * making sense before it (a type the walk cannot size, a length past the end): the short name is kept then.
 */
export function longFileName(data: Buffer): string | null {
  if (data.length < 4) return null;
  const count = data.readUInt32LE(0);
  if (count > MAX_PROPERTIES) return null;
  let at = 4;
  for (let index = 0; index < count; index += 1) {
    if (at + 4 > data.length) return null;
    const type = data.readUInt16LE(at);
    const id = data.readUInt16LE(at + 2);
    at += 4;
    if (id >= FIRST_NAMED_ID) {
      // A GUID (16), the kind of name (4), then a number (4) or a UTF-16 name with its length, padded.
      if (at + 24 > data.length) return null;
      const kind = data.readUInt32LE(at + 16);
      at += 20;
      at += kind === MNID_STRING ? 4 + padded(data.readUInt32LE(at)) : 4;
    }
    const value = valueAt(data, at, type);
    if (value === null) return null;
    if (id === PID_ATTACH_LONG_FILENAME && (type === PT_STRING8 || type === PT_UNICODE)) {
      const bytes = data.subarray(value.start, value.start + value.length);
      const name = (type === PT_UNICODE ? bytes.toString('utf16le') : bytes.toString('latin1'))
        .replace(/\0+$/, '')
        .trim();
      return name === '' ? null : name;
    }
    at = value.end;
  }
  return null;
}

/** Where the value at `at` ends, and the first value's bytes when it is counted; null when unknown. */
function valueAt(
  data: Buffer,
  at: number,
  type: number,
): { start: number; length: number; end: number } | null {
  const base = type & ~MULTI_VALUED;
  const multi = (type & MULTI_VALUED) !== 0;
  const fixed = FIXED_SIZES.get(base);
  if (fixed !== undefined && !multi) {
    return at + padded(fixed) <= data.length ? { start: at, length: fixed, end: at + padded(fixed) } : null;
  }
  if (at + 4 > data.length) return null;
  const values = data.readUInt32LE(at);
  let end = at + 4;
  if (fixed !== undefined) {
    end += values * padded(fixed);
    return end <= data.length ? { start: at + 4, length: 0, end } : null;
  }
  if (!COUNTED_TYPES.has(base) || values > MAX_PROPERTIES) return null;
  let first: { start: number; length: number } | undefined;
  for (let value = 0; value < values; value += 1) {
    if (end + 4 > data.length) return null;
    const length = data.readUInt32LE(end);
    first ??= { start: end + 4, length };
    end += 4 + padded(length);
    if (end > data.length) return null;
  }
  return { start: first?.start ?? end, length: first?.length ?? 0, end };
}
