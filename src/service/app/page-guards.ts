import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';

/**
 * Headers on every page: no framing (clickjacking), no MIME sniffing, no referrer to other sites (a page's
 * URL holds container numbers), nothing cached, and a CSP that allows the page's one inline style sheet
 * (by its hash) and nothing else: no script, font, image, frame or request of any origin.
 */
export function pageHeaders(styleSheet: string): MiddlewareHandler {
  const styleHash = createHash('sha256').update(styleSheet, 'utf8').digest('base64');
  const policy = [
    "default-src 'none'",
    `style-src 'sha256-${styleHash}'`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  return async (c, next) => {
    await next();
    c.header('Content-Security-Policy', policy);
    c.header('X-Frame-Options', 'DENY');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'same-origin');
    c.header('Cache-Control', 'no-store');
  };
}

/**
 * A state-changing request must come from this origin's own pages: its Origin header (sent by browsers on
 * every POST) or, without one, its Referer must name this origin. A form on another site is refused even
 * if the browser would send the session cookie.
 */
export function isSameOrigin(c: Context): boolean {
  const own = new URL(c.req.url).origin;
  const origin = c.req.header('origin');
  if (origin !== undefined) return origin === own;
  const referer = c.req.header('referer');
  if (referer === undefined) return false;
  try {
    return new URL(referer).origin === own;
  } catch {
    return false;
  }
}
