/**
 * What an S/MIME `application/pkcs7-mime` body holds (RFC 8551): signed data in opaque form carries the
 * signed MIME entity inside it, which is read like a forwarded message; enveloped data is encrypted. The
 * CMS structure is BER (RFC 5652): Outlook writes indefinite lengths and the content as a constructed
 * OCTET STRING of chunks. Only the path to the content is walked; the signature is not checked, as the
 * signature of a multipart/signed message is not.
 */

// ContentInfo's content types (RFC 5652 section 3-6), as their DER-encoded object identifiers.
const OID_DATA = Buffer.from('06092a864886f70d010701', 'hex');
const OID_SIGNED_DATA = Buffer.from('06092a864886f70d010702', 'hex');

const SEQUENCE = 0x30;
const SET = 0x31;
const OCTET_STRING = 0x04;
const CONSTRUCTED_OCTET_STRING = 0x24;
const CONTEXT_0 = 0xa0;
const INDEFINITE = -1;
// A content split into more chunks, or nested deeper, than any writer does is refused, not walked.
const MAX_CHUNKS = 100_000;
const MAX_DEPTH = 16;

export type Pkcs7Content =
  /** The signed entity in the chunks it was written in: views of the input, not copies. */
  | { readonly kind: 'signed'; readonly content: readonly Buffer[] }
  /** Signed data with no content inside (a detached signature, certificates only). */
  | { readonly kind: 'no_content' }
  /** Enveloped (encrypted) data, or another content type this walk does not open. */
  | { readonly kind: 'opaque' }
  /** Not a CMS structure, or one cut short, nested or chunked past reason. */
  | { readonly kind: 'malformed'; readonly detail: string };

/** Whether `head` starts like a CMS signed-data ContentInfo (an S/MIME .p7m sent under any name). */
export function isPkcs7Signed(head: Buffer): boolean {
  if (head.length < 2 || head[0] !== SEQUENCE) return false;
  // Only the head is at hand: the length is skipped, not checked against the bytes.
  const first = head[1] ?? 0;
  const start = first <= 0x80 ? 2 : 2 + (first & 0x7f);
  return head.subarray(start, start + OID_SIGNED_DATA.length).equals(OID_SIGNED_DATA);
}

/** The signed MIME entity in a CMS structure, or what the structure is instead. */
export function pkcs7Content(der: Buffer): Pkcs7Content {
  try {
    return walk(der);
  } catch (error) {
    return { kind: 'malformed', detail: error instanceof Error ? error.message : String(error) };
  }
}

function walk(der: Buffer): Pkcs7Content {
  // ContentInfo ::= SEQUENCE { contentType OID, [0] EXPLICIT SignedData }
  const info = expect(der, 0, SEQUENCE);
  if (!der.subarray(info.start, info.start + OID_SIGNED_DATA.length).equals(OID_SIGNED_DATA)) {
    return { kind: 'opaque' };
  }
  const explicit = expect(der, info.start + OID_SIGNED_DATA.length, CONTEXT_0);
  // SignedData ::= SEQUENCE { version INTEGER, digestAlgorithms SET, encapContentInfo SEQUENCE, ... }
  const signedData = expect(der, explicit.start, SEQUENCE);
  const afterVersion = skip(der, signedData.start, 0);
  const digestAlgorithms = header(der, afterVersion);
  if (digestAlgorithms === undefined || der[afterVersion] !== SET) return { kind: 'opaque' };
  const encap = expect(der, skip(der, afterVersion, 0), SEQUENCE);
  // EncapsulatedContentInfo ::= SEQUENCE { eContentType OID, eContent [0] EXPLICIT OCTET STRING OPTIONAL }
  if (!der.subarray(encap.start, encap.start + OID_DATA.length).equals(OID_DATA)) return { kind: 'opaque' };
  const afterType = encap.start + OID_DATA.length;
  if (der[afterType] !== CONTEXT_0) return { kind: 'no_content' };
  const eContent = expect(der, afterType, CONTEXT_0);
  const chunks: Buffer[] = [];
  octets(der, eContent.start, chunks, 0);
  return { kind: 'signed', content: chunks };
}

/** The OCTET STRING at `at`, primitive or constructed of chunks, its bytes pushed on `chunks`. */
function octets(der: Buffer, at: number, chunks: Buffer[], depth: number): number {
  if (depth > MAX_DEPTH) throw new Error(`the content is nested more than ${MAX_DEPTH} deep`);
  if (chunks.length > MAX_CHUNKS) throw new Error(`the content is in more than ${MAX_CHUNKS} chunks`);
  const found = header(der, at);
  if (found === undefined) throw new Error('the structure is cut short');
  if (der[at] === OCTET_STRING && found.length !== INDEFINITE) {
    chunks.push(der.subarray(found.start, found.start + found.length));
    return found.start + found.length;
  }
  if (der[at] !== CONSTRUCTED_OCTET_STRING) throw new Error('the content is not an OCTET STRING');
  let next = found.start;
  const end = found.length === INDEFINITE ? der.length : found.start + found.length;
  while (next < end) {
    if (found.length === INDEFINITE && der[next] === 0 && der[next + 1] === 0) return next + 2;
    next = octets(der, next, chunks, depth + 1);
  }
  // Indefinite, the chunks must end with end-of-contents: without it the content was cut short.
  if (found.length === INDEFINITE) throw new Error('the structure is cut short');
  return next;
}

/** The element at `at`, which must have tag `tag`. */
function expect(der: Buffer, at: number, tag: number): { start: number; length: number } {
  const found = header(der, at);
  if (found === undefined || der[at] !== tag) throw new Error('not a CMS structure (RFC 5652)');
  return found;
}

/** The offset after the element at `at`: its length, or its children up to end-of-contents. */
function skip(der: Buffer, at: number, depth: number): number {
  if (depth > MAX_DEPTH) throw new Error(`the structure is nested more than ${MAX_DEPTH} deep`);
  const found = header(der, at);
  if (found === undefined) throw new Error('the structure is cut short');
  if (found.length !== INDEFINITE) return found.start + found.length;
  let next = found.start;
  while (next < der.length) {
    if (der[next] === 0 && der[next + 1] === 0) return next + 2;
    next = skip(der, next, depth + 1);
  }
  throw new Error('the structure is cut short');
}

/** Where the contents of the element at `at` start, and their length (INDEFINITE for BER's 0x80). */
function header(der: Buffer, at: number): { start: number; length: number } | undefined {
  // A tag of one byte: every tag this walk meets is one (high tag numbers, 0x1F, are not).
  if (at + 2 > der.length || ((der[at] ?? 0) & 0x1f) === 0x1f) return undefined;
  const first = der[at + 1] ?? 0;
  if (first < 0x80) return { start: at + 2, length: first };
  if (first === 0x80) return { start: at + 2, length: INDEFINITE };
  const bytes = first & 0x7f;
  if (bytes > 4 || at + 2 + bytes > der.length) return undefined;
  const length = der.readUIntBE(at + 2, bytes);
  return at + 2 + bytes + length <= der.length ? { start: at + 2 + bytes, length } : undefined;
}
