import { Hono } from 'hono';
import { appLinkRequest } from '../../contract/app-link.ts';
import type { Clock } from '../../domain/clock.ts';
import { ValidationError } from '../../domain/errors.ts';
import type { ServiceEnv } from '../http/env.ts';
import { readJson } from '../http/read-json.ts';
import { APP_LINK_TTL_MS, type AppSessions } from './app-session.ts';
import { safeNext } from './safe-next.ts';

/**
 * `POST /v2/app_links {path}` → `{url, expires_at}`: a short-lived link that signs a browser in to the
 * caller's account and opens `path` (a page of this site), for a chat message or a script. The key stays
 * in the Authorization header; the link carries a signed account id and path, never the key.
 */
export function appLinkRoutes(deps: { sessions: AppSessions; clock: Clock }): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();
  routes.post('/app_links', async (c) => {
    const { path } = await readJson(c, appLinkRequest);
    if (safeNext(path) !== path) {
      throw new ValidationError(
        'path must be a path on this site, starting with a single /',
        {},
        {
          pointer: '/path',
          code: 'invalid',
        },
      );
    }
    const token = deps.sessions.linkToken(c.get('account').id, path);
    const origin = new URL(c.req.url).origin;
    return c.json(
      {
        url: `${origin}/app/link?token=${token}`,
        expires_at: new Date(deps.clock.now() + APP_LINK_TTL_MS).toISOString(),
      },
      201,
    );
  });
  return routes;
}
