import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../../domain/clock.ts';
import type { ServiceEnv } from './env.ts';
import { RateLimitedError } from './http-errors.ts';

/** The upstream counts requests per key over a rolling minute. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

export type RateDecision =
  | { readonly allowed: true; readonly remaining: number; readonly resetAtMs: number }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

/**
 * Exact rolling-window limiter: it keeps the times of the requests it allowed in the last window, at most
 * `limit` per key, so memory stays bounded by keys × limit. Refused requests are not counted, so a client
 * that keeps knocking is let in as soon as the window has room.
 */
export class RollingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly windowMs: number = RATE_LIMIT_WINDOW_MS,
  ) {}

  now(): number {
    return this.clock.now();
  }

  consume(key: string, limit: number): RateDecision {
    const now = this.clock.now();
    const times = this.prune(key, now);
    if (times.length >= limit) {
      const oldest = times[times.length - limit] ?? now;
      // At least 1: "Retry-After: 0" invites a client to retry at once and be refused again.
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)),
      };
    }
    times.push(now);
    this.hits.set(key, times);
    // A slot frees when the oldest request counted leaves the window.
    return { allowed: true, remaining: limit - times.length, resetAtMs: (times[0] ?? now) + this.windowMs };
  }

  private prune(key: string, now: number): number[] {
    const times = this.hits.get(key) ?? [];
    const start = now - this.windowMs;
    let expired = 0;
    while (expired < times.length && (times[expired] ?? now) <= start) expired += 1;
    if (expired > 0) times.splice(0, expired);
    if (times.length === 0) this.hits.delete(key);
    return times;
  }
}

/**
 * The headers the upstream's older rate-limiting guide documents on every answer (its current one names
 * only Retry-After on a 429): the bucket's limit, what is left of it, and the Unix second a slot frees.
 */
export const rateLimitHeaders = (limit: number, remaining: number, resetAtSeconds: number) => ({
  'X-RateLimit-Limit': String(limit),
  'X-RateLimit-Remaining': String(remaining),
  'X-RateLimit-Reset': String(resetAtSeconds),
});

export const DEFAULT_RATE_LIMIT_DETAIL =
  'Your account has exceeded its API rate limit. Please wait before making more requests.';

/**
 * Counts the request against the caller's key in `bucket` (429 with Retry-After once over `limit`). Runs
 * after authentication; a route with its own upstream limit gets its own bucket.
 */
export const rateLimit =
  ({
    limiter,
    limit,
    bucket = 'default',
    detail = DEFAULT_RATE_LIMIT_DETAIL,
    skip = () => false,
  }: {
    limiter: RollingWindowLimiter;
    limit: number;
    bucket?: string;
    detail?: string;
    /** Requests this bucket does not count (those a route counts in a bucket of its own). */
    skip?: (method: string, path: string) => boolean;
  }): MiddlewareHandler<ServiceEnv> =>
  async (c, next) => {
    if (skip(c.req.method, c.req.path)) {
      await next();
      return;
    }
    const decision = limiter.consume(`${bucket}:${c.get('apiKeyHash')}`, limit);
    if (!decision.allowed) {
      const resetAt = Math.ceil(limiter.now() / 1000) + decision.retryAfterSeconds;
      throw new RateLimitedError(detail, decision.retryAfterSeconds, rateLimitHeaders(limit, 0, resetAt));
    }
    for (const [name, value] of Object.entries(
      rateLimitHeaders(limit, decision.remaining, Math.ceil(decision.resetAtMs / 1000)),
    )) {
      c.header(name, value);
    }
    await next();
  };
