import { resolve } from 'node:path';
import { ensureDocumentSubscription } from '../../client/ensure-subscription.ts';
import { loadConfig } from '../../config/load-config.ts';
import type { Config, ConfigOverrides } from '../../config/settings.ts';
import { createLogger, type Logger } from '../../observability/logger.ts';
import { acquireDataDirLock, type DataDirLock } from '../../store/data-dir-lock.ts';
import { line, type Output } from '../output.ts';
import { startProgress } from '../progress.ts';
import { remoteSession, startLocalSession } from '../service-session.ts';
import { untilAborted } from '../until-aborted.ts';
import type { StartWorker } from '../worker.ts';
import { workerId } from '../worker-id.ts';

export interface UpDeps {
  readonly startWorker: StartWorker;
  readonly output: Output;
  /** The environment to read settings from; the process's own when absent. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Aborted on Ctrl-C: the command then stops taking work and finishes or hands back the rest. */
  readonly signal: AbortSignal;
}

/**
 * `stevedore up`: the local service (unless SVC_API_BASE_URL names another), exactly one webhook
 * subscription to this worker's receiver, the receiver and the worker, until interrupted.
 */
export const up = async (flags: ConfigOverrides, deps: UpDeps): Promise<number> => {
  const config = loadConfig(deps.env, flags);
  const logger = createLogger({ level: config.logLevel, name: 'stevedore' });
  // One `up` per data dir, even with a remote service: the worker's queues and its webhook live there.
  const lock = await acquireDataDirLock(config.dataDir, {
    command: 'stevedore up',
    ports: config.apiBaseUrl
      ? { receiver: config.receiverPort }
      : { service: config.port, receiver: config.receiverPort },
  });
  try {
    await run(config, logger, lock, deps);
  } finally {
    await lock.release();
  }
  line(deps.output.stdout, 'stopped');
  return 0;
};

/** Everything `up` runs while it holds the data dir. */
const run = async (config: Config, logger: Logger, lock: DataDirLock, deps: UpDeps): Promise<void> => {
  // The local service must reach this worker's receiver on loopback, so `up` allows private targets.
  const session = config.apiBaseUrl
    ? remoteSession(config, logger)
    : await startLocalSession({ ...config, allowPrivateWebhooks: true }, logger, lock);
  let secret = '';
  const worker = await deps
    .startWorker({
      config,
      client: session.client,
      webhookSecret: () => secret,
      logger,
      reclaimInFlight: true,
    })
    .catch(async (error: unknown) => {
      await session.close();
      throw error;
    });
  try {
    const subscription = await ensureDocumentSubscription(
      session.client,
      worker.receiverUrl,
      await workerId(config.dataDir),
    );
    secret = subscription.attributes.secret;
    const { stdout } = deps.output;
    line(stdout, `stevedore is up`);
    line(stdout, `  service   ${session.baseUrl}`);
    if (session.keyFile) line(stdout, `  API key   ${resolve(session.keyFile)}`);
    line(stdout, `  inbox     ${resolve(config.inbox)}   (drop PDFs here)`);
    line(stdout, `  results   ${resolve(config.out, 'results')}`);
    line(stdout, `  failures  ${resolve(config.out, 'failed')}`);
    line(stdout, `  webhooks  ${worker.receiverUrl}`);
    line(stdout, 'Press Ctrl-C to stop.');
    const progress = startProgress(deps.output, () => worker.progress());
    await untilAborted(deps.signal);
    await progress.stop();
    line(stdout, 'stopping: finishing in-flight work…');
  } finally {
    await worker.stop();
    await session.close();
  }
};
