import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ServiceClient } from '../client/service-client.ts';
import { serviceBaseUrl } from '../config/load-config.ts';
import type { Config } from '../config/settings.ts';
import { AppError } from '../domain/errors.ts';
import type { Logger } from '../observability/logger.ts';
import { createService, type LocalService, type ServiceOptions } from '../service/service.ts';
import { acquireDataDirLock, type DataDirLock } from '../store/data-dir-lock.ts';

/** A client bound to a service, and the local service when this process runs it. */
export interface ServiceSession {
  readonly client: ServiceClient;
  readonly baseUrl: string;
  readonly local: LocalService | undefined;
  readonly keyFile: string | undefined;
  close(): Promise<void>;
}

const clientFor = (config: Config, baseUrl: string, token: string, logger: Logger) =>
  new ServiceClient({ baseUrl, token, requestsPerMinute: config.clientRequestsPerMinute, logger });

/**
 * Starts the local service in this process and returns a client of it. The caller holds the data dir's
 * lock, so the jobs a killed run left in flight are taken back at once.
 */
export const startLocalSession = async (
  config: Config,
  logger: Logger,
  lock: DataDirLock,
  options: Pick<ServiceOptions, 'privateWebhookOrigins'> = {},
): Promise<ServiceSession> => {
  // A lock on another folder proves nothing about this one's queues.
  if (lock.dataDir !== resolve(config.dataDir)) {
    throw new AppError(
      'wrong_lock',
      `the lock held is on ${lock.dataDir}, not on ${resolve(config.dataDir)}`,
    );
  }
  const local = await createService({ config, logger, reclaimInFlight: true, ...options });
  let url: string;
  try {
    ({ url } = await local.listen());
  } catch (error) {
    await local.close();
    throw error;
  }
  const baseUrl = `${url}/v2`;
  return {
    client: clientFor(config, baseUrl, local.apiKey, logger),
    baseUrl,
    local,
    keyFile: local.keyFile,
    close: () => local.close(),
  };
};

/** A client of SVC_API_BASE_URL, which needs SVC_API_TOKEN. */
export const remoteSession = (config: Config, logger: Logger): ServiceSession => {
  if (!config.apiToken) {
    throw new AppError(
      'missing_token',
      'SVC_API_BASE_URL is set, so SVC_API_TOKEN must be set to its API key',
    );
  }
  const baseUrl = serviceBaseUrl(config);
  return {
    client: clientFor(config, baseUrl, config.apiToken, logger),
    baseUrl,
    local: undefined,
    keyFile: undefined,
    close: async () => undefined,
  };
};

/** A local service answers `/health` in milliseconds; a second means nothing is listening or it is stuck. */
const HEALTH_TIMEOUT_MS = 1_000;

/** Whether a local service answers on the configured port. */
export const localServiceRunning = (config: Config): Promise<boolean> =>
  fetch(`${new URL(serviceBaseUrl(config)).origin}/health`, {
    signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
  })
    .then((response) => response.ok)
    .catch(() => false);

/**
 * For one-off commands: the configured remote service; else a local service already running on
 * the configured port (its key read from the data dir); else a local service started here.
 */
export const connectSession = async (
  config: Config,
  logger: Logger,
  command: string,
): Promise<ServiceSession> => {
  if (config.apiBaseUrl) return remoteSession(config, logger);
  const baseUrl = serviceBaseUrl(config);
  if (!(await localServiceRunning(config))) return startOwnSession(config, logger, command);
  const keyFile = join(config.dataDir, 'api-key');
  const token =
    config.apiToken ??
    (await readFile(keyFile, 'utf8').then(
      (text) => text.trim(),
      () => {
        throw new AppError(
          'missing_token',
          `a service is running at ${baseUrl} but ${keyFile} is missing: set SVC_API_TOKEN or --data-dir`,
        );
      },
    ));
  return {
    client: clientFor(config, baseUrl, token, logger),
    baseUrl,
    local: undefined,
    keyFile,
    close: async () => undefined,
  };
};

/** A local service on a free port for one command, holding the data dir's lock for as long as it runs. */
const startOwnSession = async (config: Config, logger: Logger, command: string): Promise<ServiceSession> => {
  const lock = await acquireDataDirLock(config.dataDir, { command });
  try {
    const session = await startLocalSession({ ...config, port: 0 }, logger, lock);
    await lock.setPorts({ service: Number(new URL(session.baseUrl).port) }).catch(async (error: unknown) => {
      await session.close();
      throw error;
    });
    return {
      ...session,
      close: async () => {
        await session.close();
        await lock.release();
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
};
