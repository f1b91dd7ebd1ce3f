/** Where a signed-in browser goes when no `next` is given or it is refused. */
export const HOME_PATH = '/shipments';

const PROBE_ORIGIN = 'http://stevedore.invalid';

/**
 * A `next` is only ever a path on this origin: it starts with one `/` (not `//` or `/\`, which browsers
 * read as another host), holds no control characters, and resolves to the same origin. Anything else goes
 * home, so a sign-in link can never send the browser to another site (no open redirect).
 */
export function safeNext(next: string | undefined | null): string {
  if (next === undefined || next === null || next.length > 2_000) return HOME_PATH;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return HOME_PATH;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return HOME_PATH;
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return HOME_PATH;
  }
  if (url.origin !== PROBE_ORIGIN) return HOME_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}
