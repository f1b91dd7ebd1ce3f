import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The address a request (an API key tried, a web sign-in) is counted against: the socket's peer. Never
 * X-Forwarded-For, which any client can set to a new value on every request; in-process requests (no
 * socket) share one count.
 */
export const clientAddress = (c: Context): string => {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
};
