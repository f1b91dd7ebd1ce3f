/**
 * A display name for an attachment that cannot walk out of a directory, hide its real extension behind a
 * bidi override, or break a log line; a missing or emptied name gets one generated from the detected type.
 */
import { isUtf8 } from 'node:buffer';

// C0 and C1 controls, DEL; bidi embeddings, overrides and isolates (U+202A-202E, U+2066-2069) and the
// invisible marks (U+200E, U+200F) that turn `invoice\u202Efdp.exe` into what looks like `invoiceexe.pdf`;
// the line and paragraph separators (U+2028, U+2029) that break a line as LF does; the zero-width space
// and byte order mark (U+200B, U+FEFF) that make two names that look alike differ.
const UNSAFE_CHARACTERS = /[\p{Cc}\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/gu;

// Long enough for any real name; file systems refuse names past 255 bytes, so the UTF-8 length is capped
// too (a name of CJK characters or emoji is 3-4 bytes a character).
const MAX_NAME_CHARACTERS = 150;
const MAX_NAME_BYTES = 200;

// A name already ending in one of these keeps it; otherwise the detected type's extension is appended.
const EXTENSION_ALIASES: ReadonlyMap<string, readonly string[]> = new Map([
  ['jpg', ['jpg', 'jpeg']],
  ['tif', ['tif', 'tiff']],
]);

// Device names Windows reserves whatever the extension (`CON.pdf`, `aux.tar.pdf` are the console and the
// auxiliary port): a sink writing such a name on Windows fails, or writes to the device.
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])(\.|$)/i;

// `/` and `\`, and the same percent-encoded, once or more (`%2f`, `%255C`): a sink, a URL or a web server
// that decodes the name would find a separator in it.
const PATH_SEPARATORS = /[/\\]|%(?:25)*(?:2f|5c)/i;

// A Content-Description that is a file name (`scan0001.pdf`): one line ending in an extension, which
// scanners that name the file nowhere else send; a description in words (`Invoice for March`) is not one.
const DESCRIBED_FILE_NAME = /^[^\r\n]{1,250}\.[a-z][a-z0-9]{1,4}$/i;

/** The file name a part's Content-Description gives, for a part that names none; null when none. */
export function fileNameInDescription(description: unknown): string | null {
  if (typeof description !== 'string') return null;
  const trimmed = description.trim();
  return DESCRIBED_FILE_NAME.test(trimmed) ? trimmed : null;
}

// UTF-8 bytes read as Latin-1 (`MÃ¤rz` for `März`): a lead byte C2-F4 then a continuation byte.
const MOJIBAKE = /[\u00c2-\u00f4][\u0080-\u00bf]/;

/** `declared` made safe; `ext` is the extension of the detected type, `ordinal` numbers generated names. */
export function safeFileName(declared: string | null | undefined, ext: string, ordinal: number): string {
  const cleaned = clean(declared ?? '').replace(/^\.+/, '');
  const accepted = EXTENSION_ALIASES.get(ext) ?? [ext];
  const lower = cleaned.toLowerCase();
  // `.pdf` alone names no file: it is a generated name, not `pdf.pdf`.
  if (cleaned === '' || accepted.includes(lower)) return `attachment-${ordinal}.${ext}`;
  const kept = accepted.find((alias) => lower.endsWith(`.${alias}`));
  const stem = kept === undefined ? cleaned : cleaned.slice(0, -(kept.length + 1));
  const suffix = `.${kept === undefined ? ext : cleaned.slice(-kept.length)}`;
  return `${headOf(stem, MAX_NAME_CHARACTERS - suffix.length, MAX_NAME_BYTES - suffix.length)}${suffix}`;
}

/** `declared` made safe for a skipped-part report, without an extension added; null stays null. */
export function safeReportedName(declared: string | null | undefined): string | null {
  if (declared === null || declared === undefined) return null;
  const cleaned = clean(declared);
  return cleaned === '' ? null : headOf(cleaned, MAX_NAME_CHARACTERS, MAX_NAME_BYTES);
}

/**
 * The last path segment, with mis-decoded UTF-8 repaired, unsafe characters removed and the replacement
 * character of an undecodable byte shown as `_`.
 */
function clean(declared: string): string {
  const lastSegment = declared.split(PATH_SEPARATORS).pop() ?? '';
  const cleaned = recodeSegments(lastSegment)
    .replace(UNSAFE_CHARACTERS, '')
    .replace(/\uFFFD/g, '_')
    // Windows drops trailing dots and spaces: `invoice.pdf. .` would be saved as `invoice.pdf` anyway.
    .replace(/[. ]+$/, '')
    .trim();
  return WINDOWS_RESERVED.test(cleaned) ? `_${cleaned}` : cleaned;
}

// A later RFC 2231 continuation that names a charset of its own (`filename*1*=utf-8''M%C3%A4rz`), which
// only the first may: the parser decodes it in the first's charset and keeps `utf-8''` as text.
const SEGMENT_CHARSET = /([A-Za-z][A-Za-z0-9_-]{1,30})'[A-Za-z-]{0,35}'/;

/**
 * Each run of a name that follows a stray charset marker decoded again in that charset (its bytes were
 * read as Latin-1); the rest repaired as mis-decoded UTF-8 on its own.
 */
function recodeSegments(name: string): string {
  const marker = SEGMENT_CHARSET.exec(name);
  if (marker === null || marker.index === 0) return repairMojibake(name);
  const [whole, charset = ''] = marker;
  const rest = name.slice(marker.index + whole.length);
  if ([...rest].some((character) => (character.codePointAt(0) ?? 0) > 0xff)) return repairMojibake(name);
  try {
    const decoded = new TextDecoder(charset.toLowerCase(), { fatal: true }).decode(
      Buffer.from(rest, 'latin1'),
    );
    return `${repairMojibake(name.slice(0, marker.index))}${decoded}`;
  } catch {
    // Not a charset (`rock'n'roll.pdf`), or bytes it does not explain: the name as it is.
    return repairMojibake(name);
  }
}

/** A name whose UTF-8 bytes were decoded as Latin-1 (a wrong charset label), decoded again as UTF-8. */
function repairMojibake(name: string): string {
  if (!MOJIBAKE.test(name) || [...name].some((character) => (character.codePointAt(0) ?? 0) > 0xff)) {
    return name;
  }
  const bytes = Buffer.from(name, 'latin1');
  return isUtf8(bytes) ? bytes.toString('utf8') : name;
}

/** The start of `text`, whole code points only, within both caps. */
function headOf(text: string, maxCharacters: number, maxBytes: number): string {
  let head = '';
  let bytes = 0;
  let characters = 0;
  for (const character of text) {
    const size = Buffer.byteLength(character);
    if (characters + 1 > maxCharacters || bytes + size > maxBytes) break;
    head += character;
    bytes += size;
    characters += 1;
  }
  return head.trimEnd();
}
