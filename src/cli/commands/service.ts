import { resolve } from 'node:path';
import { loadConfig } from '../../config/load-config.ts';
import type { ConfigOverrides } from '../../config/settings.ts';
import { createLogger } from '../../observability/logger.ts';
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
  const session = await startLocalSession(config, logger);
  line(deps.output.stdout, `service   ${session.baseUrl}`);
  if (session.keyFile) line(deps.output.stdout, `API key   ${resolve(session.keyFile)}`);
  if (config.allowPrivateWebhooks)
    line(deps.output.stdout, 'webhooks to private and loopback addresses are allowed');
  await untilAborted(deps.signal);
  await session.close();
  return 0;
};
