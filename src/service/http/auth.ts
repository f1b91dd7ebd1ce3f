import type { MiddlewareHandler } from 'hono';
import type { AuthenticatedKey } from '../accounts/account-store.ts';
import type { ServiceEnv } from './env.ts';
import { HttpProblem } from './problem.ts';

export interface ApiKeyLookup {
  findByKey(key: string): AuthenticatedKey | undefined;
}

// `Token <key>` is the upstream scheme; the upstream SDK passes `Bearer <key>` through unchanged, and Rails'
// token helper also accepts `Token token="<key>"`.
const AUTHORIZATION = /^(?:token|bearer)\s+(?:token="([^"]+)"|(\S+))\s*$/i;

/** The key of an Authorization header value, or undefined when the header is absent or malformed. */
export function apiKeyFromHeader(header: string | undefined): string | undefined {
  const match = header === undefined ? null : AUTHORIZATION.exec(header.trim());
  return match?.[1] ?? match?.[2];
}

/** Rejects requests without a known key (401) and names the account for the handlers. */
export const requireApiKey =
  (keys: ApiKeyLookup): MiddlewareHandler<ServiceEnv> =>
  async (c, next) => {
    const key = apiKeyFromHeader(c.req.header('authorization'));
    const found = key === undefined ? undefined : keys.findByKey(key);
    if (found === undefined) {
      throw new HttpProblem(401, 'Unauthorized', 'Invalid or missing API token.', {
        headers: { 'WWW-Authenticate': 'Token realm="Application"' },
      });
    }
    c.set('account', found.account);
    c.set('apiKeyHash', found.keyHash);
    await next();
  };
