/**
 * A part whose base64 its headers do not declare: a scanner or script that writes the body in base64 and
 * forgets `Content-Transfer-Encoding: base64` (or says 7bit), or a gateway that encodes a part twice. Its
 * bytes are then base64 text starting with the encoding of a document's magic bytes.
 */

// `%PDF-`, PNG, JPEG, TIFF (little- and big-endian) and ZIP, base64-encoded from their first byte.
const ENCODED_MAGIC: readonly string[] = ['JVBERi0', 'iVBORw0KGgo', '/9j/', 'SUkqA', 'TU0AK', 'UEsDB'];
const BASE64_TEXT = /^[A-Za-z0-9+/=\r\n \t]*$/;

/** Whether `head` (the first bytes of a part of no known format) is base64 of a document. */
export function isUndeclaredBase64(head: Buffer): boolean {
  const text = head.toString('latin1').trimStart();
  return ENCODED_MAGIC.some((magic) => text.startsWith(magic)) && BASE64_TEXT.test(text);
}

/** Decodes base64 leniently, as the MIME parser does: whitespace and stray characters are skipped. */
export const decodeBase64 = (bytes: Buffer): Buffer => Buffer.from(bytes.toString('latin1'), 'base64');
