import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { Clock } from '../../domain/clock.ts';

export type TokenCheck<T> =
  | { readonly ok: true; readonly claims: T }
  | { readonly ok: false; readonly reason: 'invalid' | 'expired' };

const SEPARATOR = '--';

/**
 * A token is exactly what `sign` writes: unpadded base64url, the separator, 64 lower-case hex digits.
 * `Buffer.from(x, 'hex')` alone would accept upper case and ignore trailing garbage after the MAC.
 */
const TOKEN_SHAPE = /^([A-Za-z0-9_-]+)--([0-9a-f]{64})$/;

/**
 * Tamper-proof tokens in the shape of Rails' signed ids: base64url JSON, `--`, hex HMAC-SHA256. The
 * purpose is signed with the claims, so a token minted for one use (a blob's signed id) is refused for
 * another (a download link). Claims are readable by anyone holding the token: never put secrets in them.
 */
export class TokenSigner {
  constructor(
    private readonly secret: Uint8Array,
    private readonly clock: Clock,
  ) {}

  sign(purpose: string, claims: Record<string, unknown>, options: { expiresInMs?: number } = {}): string {
    const exp = options.expiresInMs === undefined ? undefined : this.clock.now() + options.expiresInMs;
    const payload = Buffer.from(JSON.stringify({ pur: purpose, exp, ...claims }), 'utf8').toString(
      'base64url',
    );
    return `${payload}${SEPARATOR}${this.mac(payload)}`;
  }

  /** Checks signature, purpose and expiry, then the claims against `schema`. */
  verify<S extends z.ZodType>(purpose: string, token: string, schema: S): TokenCheck<z.output<S>> {
    const shape = TOKEN_SHAPE.exec(token);
    if (shape === null) return { ok: false, reason: 'invalid' };
    const [, payload = '', mac = ''] = shape;
    // Both are 32 bytes, so the comparison is constant-time and cannot throw.
    if (!timingSafeEqual(Buffer.from(mac, 'hex'), Buffer.from(this.mac(payload), 'hex'))) {
      return { ok: false, reason: 'invalid' };
    }

    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    if (typeof decoded !== 'object' || decoded === null) return { ok: false, reason: 'invalid' };
    const pur: unknown = Reflect.get(decoded, 'pur');
    const exp: unknown = Reflect.get(decoded, 'exp');
    if (pur !== purpose) return { ok: false, reason: 'invalid' };
    if (typeof exp === 'number' && this.clock.now() >= exp) return { ok: false, reason: 'expired' };
    const claims = schema.safeParse(decoded);
    return claims.success ? { ok: true, claims: claims.data } : { ok: false, reason: 'invalid' };
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('hex');
  }
}
