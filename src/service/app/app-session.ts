import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { TokenSigner } from '../uploads/signed-token.ts';
import type { AppSessionStore } from './app-session-store.ts';

export const SESSION_COOKIE = 'stevedore_session';
/** A browser session lasts a working day; then the key is asked for again. */
export const SESSION_TTL_MS = 12 * 3_600_000;
/** A signed link is for following now, not for keeping. */
export const APP_LINK_TTL_MS = 15 * 60_000;

const SESSION_PURPOSE = 'app-session';
const LINK_PURPOSE = 'app-link';
const sessionClaims = z.object({ acc: z.string().min(1), sid: z.string().min(1) });
const linkClaims = z.object({ acc: z.string().min(1), path: z.string().min(1) });

/** A request came over HTTPS, directly or through a proxy that says so. */
const isHttps = (c: Context): boolean =>
  new URL(c.req.url).protocol === 'https:' ||
  c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';

/**
 * Sessions and signed links of the web app, signed with the service secret (the key of blob tokens, under
 * other purposes, so neither can pass for the other). A session cookie holds the account id and the id of
 * a session row on the server, never the key: a cookie counts only while its row lives, so sign-out ends it.
 */
export class AppSessions {
  constructor(
    private readonly signer: TokenSigner,
    private readonly store: AppSessionStore,
  ) {}

  /**
   * HTTP-only, SameSite=Lax (a deep link followed from mail or chat opens the signed-in page; every POST is
   * checked for its origin as well), Secure over HTTPS, expiring with the token inside.
   */
  start(c: Context, accountId: string): void {
    // A new session every time: one the browser brought along ends here (no session fixation).
    const previous = this.claimsOf(c);
    if (previous !== undefined) this.store.end(previous.sid);
    const sid = this.store.create(accountId, SESSION_TTL_MS);
    setCookie(
      c,
      SESSION_COOKIE,
      this.signer.sign(SESSION_PURPOSE, { acc: accountId, sid }, { expiresInMs: SESSION_TTL_MS }),
      {
        httpOnly: true,
        sameSite: 'Lax',
        secure: isHttps(c),
        path: '/',
        maxAge: SESSION_TTL_MS / 1_000,
      },
    );
  }

  /** Ends the session of the request's cookie on the server, and tells the browser to drop the cookie. */
  end(c: Context): void {
    const claims = this.claimsOf(c);
    if (claims !== undefined) this.store.end(claims.sid);
    deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isHttps(c), httpOnly: true, sameSite: 'Lax' });
  }

  /** The account of a valid, unexpired session cookie whose session has not ended. */
  accountOf(c: Context): string | undefined {
    const claims = this.claimsOf(c);
    if (claims === undefined) return undefined;
    return this.store.accountOf(claims.sid) === claims.acc ? claims.acc : undefined;
  }

  private claimsOf(c: Context): { acc: string; sid: string } | undefined {
    const token = getCookie(c, SESSION_COOKIE);
    if (token === undefined) return undefined;
    const checked = this.signer.verify(SESSION_PURPOSE, token, sessionClaims);
    return checked.ok ? checked.claims : undefined;
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
