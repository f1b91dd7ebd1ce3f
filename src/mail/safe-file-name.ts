/**
 * A display name for an attachment that cannot walk out of a directory, hide its real extension behind a
 * bidi override, or break a log line; a missing or emptied name gets one generated from the detected type.
 */

// C0 and C1 controls, DEL; bidi embeddings, overrides and isolates (U+202A-202E, U+2066-2069) and the
// invisible marks (U+200E, U+200F) that turn `invoice\u202Efdp.exe` into what looks like `invoiceexe.pdf`.
const UNSAFE_CHARACTERS = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

// Long enough for any real name; file systems refuse names past 255 bytes.
const MAX_NAME_CHARACTERS = 150;

// A name already ending in one of these keeps it; otherwise the detected type's extension is appended.
const EXTENSION_ALIASES: ReadonlyMap<string, readonly string[]> = new Map([
  ['jpg', ['jpg', 'jpeg']],
  ['tif', ['tif', 'tiff']],
]);

/** `declared` made safe; `ext` is the extension of the detected type, `ordinal` numbers generated names. */
export function safeFileName(declared: string | null | undefined, ext: string, ordinal: number): string {
  const lastSegment = (declared ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .replace(UNSAFE_CHARACTERS, '')
    .trim()
    .replace(/^\.+/, '')
    .slice(-MAX_NAME_CHARACTERS);
  if (cleaned === '') return `attachment-${ordinal}.${ext}`;
  const accepted = EXTENSION_ALIASES.get(ext) ?? [ext];
  const lower = cleaned.toLowerCase();
  return accepted.some((alias) => lower.endsWith(`.${alias}`)) ? cleaned : `${cleaned}.${ext}`;
}

/** `declared` made safe for a skipped-part report, without an extension added; null stays null. */
export function safeReportedName(declared: string | null | undefined): string | null {
  if (declared === null || declared === undefined) return null;
  const cleaned = (declared.split(/[/\\]/).pop() ?? '').replace(UNSAFE_CHARACTERS, '').trim();
  return cleaned === '' ? null : cleaned.slice(-MAX_NAME_CHARACTERS);
}
