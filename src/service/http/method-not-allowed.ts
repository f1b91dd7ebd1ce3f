import type { Context, Hono, NotFoundHandler } from 'hono';
import type { RouterRoute } from 'hono/types';
import { notFoundHandler } from './error-handler.ts';

const escapeRegExp = (text: string): string => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** A Hono path (`/v2/documents/:id`, `:name?`, `*`) as an anchored regular expression. */
export function pathPattern(path: string): RegExp {
  let source = '';
  for (const segment of path.split('/').slice(1)) {
    if (segment === '*') source += '(?:/.*)?';
    else if (segment.startsWith(':') && segment.endsWith('?')) source += '(?:/[^/]+)?';
    else if (segment.startsWith(':')) source += '/[^/]+';
    else source += `/${escapeRegExp(segment)}`;
  }
  return new RegExp(`^${source || '/'}/?$`);
}

/**
 * The not-found handler of the app: a path that exists under other methods is a 405 with `Allow`, anything
 * else the JSON 404. Reads the app's route table on each miss, so it always matches the routes registered.
 */
export const methodNotAllowedOrNotFound =
  (app: Pick<Hono, 'routes'>): NotFoundHandler =>
  (c: Context) => {
    const allowed = allowedMethods(app.routes, c.req.path);
    if (allowed.length === 0) return notFoundHandler(c);
    c.header('Allow', allowed.join(', '));
    return c.json(
      {
        errors: [
          {
            status: '405',
            code: 'method_not_allowed',
            title: 'Method Not Allowed',
            detail: `${c.req.method} is not supported on ${c.req.path}; use ${allowed.join(', ')}`,
          },
        ],
      },
      405,
    );
  };

function allowedMethods(routes: readonly RouterRoute[], path: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) {
    // Middleware registers as ALL; it says nothing about which methods a path serves.
    if (route.method === 'ALL' || !pathPattern(route.path).test(path)) continue;
    methods.add(route.method);
    if (route.method === 'GET') methods.add('HEAD');
  }
  return [...methods].sort();
}
