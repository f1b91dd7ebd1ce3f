import { resolve } from 'node:path';
import { loadConfig } from '../../config/load-config.ts';
import type { ConfigOverrides } from '../../config/settings.ts';
import { createLogger } from '../../observability/logger.ts';
import { acquireDataDirLock } from '../../store/data-dir-lock.ts';
import { startDocsAliasListener } from '../docs-alias-listener.ts';
import { line, type Output } from '../output.ts';
import { startLocalSession } from '../service-session.ts';
import { untilAborted } from '../until-aborted.ts';

/** `stevedore service`: the local Container Tracking Service alone, until interrupted. */
export const service = async (
  flags: ConfigOverrides,
  deps: { output: Output; env?: Readonly<Record<string, string | undefined>>; signal: AbortSignal },
): Promise<number> => {
  const config = loadConfig(deps.env, flags);
  const logger = createLogger({ level: config.logLevel, name: 'service' });
  const lock = await acquireDataDirLock(config.dataDir, {
    command: 'stevedore service',
    ports: { service: config.port },
  });
  try {
    const session = await startLocalSession(config, logger, lock);
    line(deps.output.stdout, `service   ${session.baseUrl}`);
    if (session.keyFile) line(deps.output.stdout, `API key   ${resolve(session.keyFile)}`);
    if (config.smtpPort !== undefined && session.local !== undefined) {
      const mail = await startDocsAliasListener(session.local, config.smtpPort, false).catch(
        async (error: unknown) => {
          await session.close();
          throw error;
        },
      );
      line(deps.output.stdout, `mail      ${mail}`);
    }
    if (config.allowPrivateWebhooks)
      line(deps.output.stdout, 'webhooks to private and loopback addresses are allowed');
    await untilAborted(deps.signal);
    await session.close();
  } finally {
    await lock.release();
  }
  return 0;
};
