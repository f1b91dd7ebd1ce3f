import { z } from 'zod';
import type { Clock } from '../../src/domain/clock.ts';
import { AppError } from '../../src/domain/errors.ts';

export interface ClientCredentials {
  readonly tokenUrl: string;
  readonly clientId: string;
  /** Read on every token request, so a rotated secret (SSM) is used by the next one. */
  readonly clientSecret: () => Promise<string>;
  readonly scope?: string;
}

/** A token is renewed this long before it expires, so no connection starts with one about to lapse. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;
/** Without `expires_in` a token is trusted this long (both Microsoft and Google issue one-hour tokens). */
const DEFAULT_LIFETIME_S = 3600;
const TOKEN_TIMEOUT_MS = 15_000;

const tokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
});

/**
 * A failed token request is `imap_token_failed`, never `imap_connect_failed`: the server was not reached,
 * and the fix (client id, secret, scope, token URL) is another one. The detail names the endpoint's status.
 *
 * OAuth2 access tokens for XOAUTH2 from the client-credentials flow (RFC 6749 §4.4), cached until shortly
 * before they expire. Concurrent callers share one request.
 */
export class ClientCredentialsTokens {
  private cached: { token: string; refreshAt: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly credentials: ClientCredentials,
    private readonly clock: Clock,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  async token(): Promise<string> {
    if (this.cached !== undefined && this.clock.now() < this.cached.refreshAt) return this.cached.token;
    this.pending ??= this.request().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async request(): Promise<string> {
    const { tokenUrl, clientId, clientSecret, scope } = this.credentials;
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: await clientSecret(),
    });
    if (scope !== undefined) form.set('scope', scope);
    let response: Response;
    try {
      response = await this.fetchFn(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form,
        signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
      });
    } catch (error) {
      throw new AppError('imap_token_failed', `the token endpoint ${tokenUrl} did not answer`, {
        retryable: true,
        cause: error,
        details: { tokenUrl, status: null },
      });
    }
    const text = await response.text();
    if (!response.ok) {
      // Only the status and the OAuth error code: the body may echo the request's secret.
      const code = /"error"\s*:\s*"([^"]{1,80})"/.exec(text)?.[1] ?? 'unknown';
      throw new AppError('imap_token_failed', `the token endpoint answered ${response.status} (${code})`, {
        retryable: response.status >= 500 || response.status === 429,
        details: { tokenUrl, status: response.status, error: code },
      });
    }
    const parsed = tokenResponse.safeParse(safeJson(text));
    if (!parsed.success) {
      throw new AppError(
        'imap_token_failed',
        `the token endpoint answered ${response.status} without an access_token`,
        { details: { tokenUrl, status: response.status } },
      );
    }
    const lifetimeMs = (parsed.data.expires_in ?? DEFAULT_LIFETIME_S) * 1000;
    const now = this.clock.now();
    // A short-lived token is refreshed at half its life rather than never cached.
    const refreshAt = now + Math.max(lifetimeMs - REFRESH_MARGIN_MS, lifetimeMs / 2);
    this.cached = { token: parsed.data.access_token, refreshAt };
    return parsed.data.access_token;
  }
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
