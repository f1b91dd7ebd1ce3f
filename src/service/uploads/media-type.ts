/**
 * What an upload may announce as its `content_type`: the document types the service extracts from, and
 * octet-stream for a client that does not know. Anything else (text/html above all, which a browser would
 * render from the service's origin) is refused; the bytes themselves are typed by content at extraction.
 */
export const ACCEPTED_UPLOAD_MEDIA_TYPES: readonly string[] = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/tiff',
  'application/octet-stream',
];

/** What downloads fall back to when a stored type is not one we would accept today (older data). */
export const FALLBACK_MEDIA_TYPE = 'application/octet-stream';

// RFC 9110 §8.3.1: type "/" subtype *( OWS ";" OWS parameter ), each a token; parameter values a token or a
// quoted string of visible ASCII. Nothing else (CR, LF, NUL, non-Latin-1) can reach a response header.
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const PARAMETER = `${TOKEN}=(?:${TOKEN}|"(?:[\\t\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\[\\t\\x20-\\x7e])*")`;
const MEDIA_TYPE = new RegExp(`^(${TOKEN})/(${TOKEN})(?:[ \\t]*;[ \\t]*${PARAMETER})*$`);

export type MediaTypeCheck =
  | { readonly ok: true; readonly essence: string }
  | { readonly ok: false; readonly reason: 'malformed' | 'unsupported'; readonly detail: string };

/**
 * The lower-case `type/subtype` of an announced media type when it is well formed and accepted. The
 * parameters are dropped: none of the accepted types has one the service uses.
 */
export function checkUploadMediaType(value: string): MediaTypeCheck {
  const match = MEDIA_TYPE.exec(value.trim());
  if (match === null) {
    return {
      ok: false,
      reason: 'malformed',
      detail: 'Content type must be a media type such as application/pdf',
    };
  }
  const essence = `${match[1]}/${match[2]}`.toLowerCase();
  if (!ACCEPTED_UPLOAD_MEDIA_TYPES.includes(essence)) {
    return {
      ok: false,
      reason: 'unsupported',
      detail: `Content type must be one of ${ACCEPTED_UPLOAD_MEDIA_TYPES.join(', ')}`,
    };
  }
  return { ok: true, essence };
}

/** The type a download is served with: the stored one when still accepted, octet-stream otherwise. */
export const servedMediaType = (stored: string): string => {
  const check = checkUploadMediaType(stored);
  return check.ok ? check.essence : FALLBACK_MEDIA_TYPE;
};
