/**
 * `inline; filename="…"; filename*=UTF-8''…` as Rails writes it (RFC 6266): an ASCII fallback for old
 * clients and the exact UTF-8 name for the others.
 */
export function contentDisposition(
  filename: string,
  disposition: 'inline' | 'attachment' = 'inline',
): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '?').replace(/["\\]/g, '\\$&');
  // encodeURIComponent leaves ' ( ) * unescaped, which RFC 5987 does not allow in an ext-value.
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
