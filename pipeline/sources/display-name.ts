/** Longest display name: the service's limit on a document name and a filename, and most filesystems'. */
export const MAX_DISPLAY_NAME_BYTES = 255;

// Control characters (Cc), and bidirectional controls, which make `invoice<U+202E>fdp.exe` read as `invoiceexe.pdf`.
const UNSAFE_CHARS = /[\p{Cc}\p{Bidi_Control}/\\]/gu;
/** Device names Windows reserves whatever the extension; a file called `CON.pdf` cannot be saved there. */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)/i;

/**
 * The name a file is shown under (the document name, the intake message's `fileName`). It is only ever a
 * label, never a path, but it reaches other systems and people: no path separators, no control or bidi
 * characters, no device names, at most 255 UTF-8 bytes with the extension kept.
 */
export function displayName(name: string): string {
  let safe = name.normalize('NFC').replace(UNSAFE_CHARS, '_').trim();
  if (safe === '' || /^\.+$/.test(safe)) safe = 'file';
  if (RESERVED.test(safe)) safe = `_${safe}`;
  return truncateName(safe, MAX_DISPLAY_NAME_BYTES);
}

/** Cuts `name` to `maxBytes` UTF-8 bytes, shortening the stem and keeping a short extension. */
export function truncateName(name: string, maxBytes: number): string {
  if (Buffer.byteLength(name, 'utf8') <= maxBytes) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  const stem = extension === '' ? name : name.slice(0, dot);
  return cutToBytes(stem, maxBytes - Buffer.byteLength(extension, 'utf8')) + extension;
}

/** The longest prefix of `text` within `maxBytes`, never splitting a character. */
function cutToBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char, 'utf8');
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += char.length;
  }
  return text.slice(0, end);
}
