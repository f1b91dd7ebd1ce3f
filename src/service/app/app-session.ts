import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { TokenSigner } from '../uploads/signed-token.ts';

export const SESSION_COOKIE = 'stevedore_session';
/** A browser session lasts a working day; then the key is asked for again. */
export const SESSION_TTL_MS = 12 * 3_600_000;
/** A signed link is for following now, not for keeping. */
export const APP_LINK_TTL_MS = 15 * 60_000;

const SESSION_PURPOSE = 'app-session';
const LINK_PURPOSE = 'app-link';
const sessionClaims = z.object({ acc: z.string().min(1) });
const linkClaims = z.object({ acc: z.string().min(1), path: z.string().min(1) });

/** A request came over HTTPS, directly or through a proxy that says so. */
const isHttps = (c: Context): boolean =>
  new URL(c.req.url).protocol === 'https:' ||
  c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';

/**
 * Sessions and signed links of the web app, signed with the service secret (the key of blob tokens, under
 * other purposes, so neither can pass for the other). A session holds the account id only, never the key.
 */
export class AppSessions {
  constructor(private readonly signer: TokenSigner) {}

  /**
   * HTTP-only, SameSite=Lax (a deep link followed from mail or chat opens the signed-in page; every POST is
   * checked for its origin as well), Secure over HTTPS, expiring with the token inside.
   */
  start(c: Context, accountId: string): void {
    setCookie(
      c,
      SESSION_COOKIE,
      this.signer.sign(SESSION_PURPOSE, { acc: accountId }, { expiresInMs: SESSION_TTL_MS }),
      {
        httpOnly: true,
        sameSite: 'Lax',
        secure: isHttps(c),
        path: '/',
        maxAge: SESSION_TTL_MS / 1_000,
      },
    );
  }

  end(c: Context): void {
    deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isHttps(c), httpOnly: true, sameSite: 'Lax' });
  }

  /** The account of a valid, unexpired session cookie. */
  accountOf(c: Context): string | undefined {
    const token = getCookie(c, SESSION_COOKIE);
    if (token === undefined) return undefined;
    const checked = this.signer.verify(SESSION_PURPOSE, token, sessionClaims);
    return checked.ok ? checked.claims.acc : undefined;
  }

  /** A token that signs the browser in to `path` of `accountId`, for APP_LINK_TTL_MS. */
  linkToken(accountId: string, path: string): string {
    return this.signer.sign(LINK_PURPOSE, { acc: accountId, path }, { expiresInMs: APP_LINK_TTL_MS });
  }

  readLink(token: string): { accountId: string; path: string } | undefined {
    const checked = this.signer.verify(LINK_PURPOSE, token, linkClaims);
    return checked.ok ? { accountId: checked.claims.acc, path: checked.claims.path } : undefined;
  }
}
