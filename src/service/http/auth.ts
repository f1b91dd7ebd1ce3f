import type { MiddlewareHandler } from 'hono';
import type { AuthenticatedKey } from '../accounts/account-store.ts';
import { clientAddress } from './client-address.ts';
import type { ServiceEnv } from './env.ts';
import { RateLimitedError } from './http-errors.ts';
import { HttpProblem } from './problem.ts';
import type { KeyRefusals } from './refused-keys.ts';

export interface ApiKeyLookup {
  findByKey(key: string): AuthenticatedKey | undefined;
}

/** Far above the keys this service issues (47 characters) or a sane SVC_API_TOKEN; longer is refused unhashed. */
export const MAX_API_KEY_LENGTH = 512;

// A key is visible ASCII without quotes, backslashes or commas, as any SVC_API_TOKEN a header can carry is.
const KEY = '[\\x21\\x23-\\x2b\\x2d-\\x5b\\x5d-\\x7e]+';
// `Token <key>` is the upstream scheme; the upstream SDK passes `Bearer <key>` through unchanged, and Rails'
// token helper also reads `Token token="<key>"` and `Token token=<key>` (the SDK's earlier client sent the
// latter). Anything after the key makes the header malformed.
const AUTHORIZATION = new RegExp(`^(?:token|bearer) +(?:token="(${KEY})"|token=(${KEY})|(${KEY}))$`, 'i');

/** The key of an Authorization header value, or undefined when the header is absent or malformed. */
export function apiKeyFromHeader(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (value === undefined || value.length > MAX_API_KEY_LENGTH + 'bearer token=""'.length) return undefined;
  const match = AUTHORIZATION.exec(value);
  const key = match?.[1] ?? match?.[2] ?? match?.[3];
  return key !== undefined && key.length <= MAX_API_KEY_LENGTH ? key : undefined;
}

export const REFUSED_KEYS_DETAIL =
  'Too many unknown API keys from your address. Please wait before trying another key.';

/**
 * Rejects requests without a known key (401) and names the account for the handlers. An address that
 * has presented too many unknown keys gets 429 for its next unknown ones (`refusals`), never for a known
 * key: a real account's client behind the same address (every client on loopback) is not locked out.
 * Past a hundred such 429s the address's refusals are held, one at a time at a growing pace
 * (`RefusedKeys.hold`): a guesser that ignores 429 no longer learns its answers at full speed.
 */
export const requireApiKey =
  (keys: ApiKeyLookup, refusals?: KeyRefusals): MiddlewareHandler<ServiceEnv> =>
  async (c, next) => {
    const key = apiKeyFromHeader(c.req.header('authorization'));
    const found = key === undefined ? undefined : keys.findByKey(key);
    // Only a key that reads as one is a guess; a missing or malformed header tries nothing.
    if (found === undefined && key !== undefined && refusals !== undefined) {
      const address = clientAddress(c);
      if (refusals.retryAfterSeconds(address) !== undefined) {
        const close = await refusals.hold(address);
        const wait = refusals.retryAfterSeconds(address) ?? 1;
        throw new RateLimitedError(REFUSED_KEYS_DETAIL, wait, close ? { Connection: 'close' } : {});
      }
      refusals.failed(address);
    }
    if (found === undefined) {
      throw new HttpProblem(401, 'Unauthorized', 'Invalid or missing API token.', {
        headers: { 'WWW-Authenticate': 'Token realm="Application"' },
      });
    }
    c.set('account', found.account);
    c.set('apiKeyHash', found.keyHash);
    await next();
  };
