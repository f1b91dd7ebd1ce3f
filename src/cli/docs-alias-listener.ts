import { AppError } from '../domain/errors.ts';
import type { LocalService } from '../service/service.ts';

/** `stevedore up`'s SMTP port when STEVEDORE_SMTP_PORT is not set: the usual unprivileged submission port. */
export const UP_DEFAULT_SMTP_PORT = 2525;

/**
 * Starts the docs alias listener and returns the banner line. With `fallBackToFreePort`, a busy default
 * port gives way to a free one (`up` must not fail because another program holds 2525); a port the user
 * chose is never replaced.
 */
export async function startDocsAliasListener(
  local: LocalService,
  port: number,
  fallBackToFreePort: boolean,
): Promise<string> {
  let listening: Awaited<ReturnType<LocalService['listenSmtp']>>;
  try {
    listening = await local.listenSmtp(port);
  } catch (error) {
    if (!fallBackToFreePort || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE')
      throw wrap(error, port);
    listening = await local.listenSmtp(0);
  }
  return `${listening.alias}   (smtp://${listening.host}:${listening.port})`;
}

function wrap(error: unknown, port: number): unknown {
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') return error;
  return new AppError(
    'smtp_port_in_use',
    `port ${port} is already in use: choose another with --smtp-port (STEVEDORE_SMTP_PORT)`,
    { cause: error },
  );
}
