import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Logger } from '../../observability/logger.ts';
import { type ApiKeyLookup, requireApiKey } from './auth.ts';
import type { ServiceEnv } from './env.ts';
import { errorHandler } from './error-handler.ts';
import { PayloadTooLargeError } from './http-errors.ts';
import { methodNotAllowedOrNotFound } from './method-not-allowed.ts';
import { type RollingWindowLimiter, rateLimit } from './rate-limit.ts';
import { MAX_JSON_BODY_BYTES } from './read-json.ts';
import type { KeyRefusals } from './refused-keys.ts';

export interface AppDeps {
  readonly logger: Logger;
  readonly keys: ApiKeyLookup;
  /** Unknown keys per client address: past its limit an address is answered 429 for them. */
  readonly refusedKeys?: KeyRefusals;
  readonly limiter: RollingWindowLimiter;
  /** Requests per key per rolling minute in the default bucket. */
  readonly rateLimitPerMinute: number;
  /** `METHOD /v2/path` of routes that count in a bucket of their own, not in the default one. */
  readonly ownRateLimitBuckets?: ReadonlySet<string>;
  /** Routes relative to /v2; they run after authentication and the rate limit. */
  readonly api: ReadonlyArray<Hono<ServiceEnv>>;
  /** Routes relative to /v2 that answer without a key, like health (the OpenAPI document). */
  readonly publicApi?: ReadonlyArray<Hono<ServiceEnv>>;
  /** Routes at the root that need a key as well (the direct-upload endpoint, also reachable under /v2). */
  readonly keyedRoot: ReadonlyArray<{ readonly path: string; readonly routes: Hono<ServiceEnv> }>;
  /** Routes at the root authorised by a signed token in their URL, not by a key. */
  readonly signedRoot: ReadonlyArray<Hono<ServiceEnv>>;
  /** The web app's pages at the root, authorised by their own session cookie. */
  readonly pages?: Hono<ServiceEnv>;
}

const health = { status: 'ok' } as const;

/**
 * The HTTP surface: health (no key), then authentication and the rate limit on every keyed path, then
 * the routes; every error leaves through the one mapper as JSON:API.
 */
export function createApp(deps: AppDeps): Hono<ServiceEnv> {
  // Not strict: `/v2/shipments/` is `/v2/shipments`, as upstream (Rails drops a trailing slash before routing).
  const app = new Hono<ServiceEnv>({ strict: false });
  app.onError(errorHandler(deps.logger));
  app.notFound(methodNotAllowedOrNotFound(app));

  // Registered before the key check: a handler that answers ends the chain, so health needs no key.
  app.get('/health', (c) => c.json(health));
  app.get('/v2/health', (c) => c.json(health));
  for (const routes of deps.publicApi ?? []) app.route('/v2', routes);

  const keyed = [
    requireApiKey(deps.keys, deps.refusedKeys),
    rateLimit({
      limiter: deps.limiter,
      limit: deps.rateLimitPerMinute,
      skip: (method, path) => deps.ownRateLimitBuckets?.has(`${method} ${path}`) ?? false,
    }),
    // Uploads go to the signed PUT target, so a keyed request is small; cut off anything that is not.
    bodyLimit({
      maxSize: MAX_JSON_BODY_BYTES,
      onError: () => {
        throw new PayloadTooLargeError(MAX_JSON_BODY_BYTES);
      },
    }),
  ] as const;
  app.use('/v2/*', ...keyed);
  for (const { path } of deps.keyedRoot) app.use(path, ...keyed);

  for (const routes of deps.api) app.route('/v2', routes);
  for (const { routes } of deps.keyedRoot) app.route('/', routes);
  for (const routes of deps.signedRoot) app.route('/', routes);
  if (deps.pages !== undefined) app.route('/', deps.pages);
  return app;
}
