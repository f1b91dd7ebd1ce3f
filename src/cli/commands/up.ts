import { join, resolve } from 'node:path';
import { ensureDocumentSubscription } from '../../client/ensure-subscription.ts';
import { loadConfig } from '../../config/load-config.ts';
import type { Config, ConfigOverrides } from '../../config/settings.ts';
import { type Clock, systemClock } from '../../domain/clock.ts';
import { scaledClock } from '../../domain/scaled-clock.ts';
import { type McpHttpServer, startMcpHttpServer } from '../../mcp/http-server.ts';
import { createLogger, type Logger } from '../../observability/logger.ts';
import { createTerminalLogger, LOG_FILE } from '../../observability/terminal-logger.ts';
import { PrivateOrigins } from '../../service/webhooks/target-guard.ts';
import { acquireDataDirLock, type DataDirLock } from '../../store/data-dir-lock.ts';
import { startDocsAliasListener, UP_DEFAULT_SMTP_PORT } from '../docs-alias-listener.ts';
import { makeFolder } from '../folders.ts';
import { type MetricsOutput, openMetricsOutput } from '../metrics-file.ts';
import { line, type Output } from '../output.ts';
import { startProgress } from '../progress.ts';
import { remoteSession, startLocalSession } from '../service-session.ts';
import { type SubscriptionWatch, watchSubscription } from '../subscription-watch.ts';
import { createTerminal, type Terminal } from '../terminal.ts';
import { untilAborted } from '../until-aborted.ts';
import type { StartWorker } from '../worker.ts';
import { workerId } from '../worker-id.ts';
import { mcpClientHowTo, trackingClientFactory } from './mcp.ts';

/** The folders of `--out`, made at start so that `ls out/results out/failed` works from the first minute. */
export const OUT_FOLDERS = ['results', 'failed'] as const;

export interface UpDeps {
  readonly startWorker: StartWorker;
  readonly output: Output;
  /** The environment to read settings from; the process's own when absent. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Aborted on Ctrl-C: the command then stops taking work and finishes or hands back the rest. */
  readonly signal: AbortSignal;
  /** The package version, announced by the MCP server. */
  readonly version?: string;
}

interface UpLogs {
  readonly logger: Logger;
  /** The log file, when there is one. */
  readonly file: string | undefined;
  close(): void;
}

/** On a terminal, logs go to a file and warnings become short lines; elsewhere, JSON lines on stderr. */
const loggerFor = (config: Config, terminal: Terminal): UpLogs => {
  if (!terminal.interactive) {
    return {
      logger: createLogger({ level: config.logLevel, name: 'stevedore' }),
      file: undefined,
      close() {},
    };
  }
  return createTerminalLogger({
    level: config.logLevel,
    name: 'stevedore',
    file: resolve(config.dataDir, LOG_FILE),
    note: (text) => terminal.note(text),
  });
};

/**
 * `stevedore up`: the local service (unless SVC_API_BASE_URL names another), exactly one webhook
 * subscription to this worker's receiver, the receiver and the worker, until interrupted.
 */
/** `--metrics` alone is `true`: the data dir's default metrics file. */
export type UpFlags = Omit<ConfigOverrides, 'metrics'> & { metrics?: string | true };

export const up = async (flags: UpFlags, deps: UpDeps): Promise<number> => {
  const { metrics: metricsFlag, ...settingFlags } = flags;
  const config = loadConfig(deps.env, {
    ...settingFlags,
    ...(typeof metricsFlag === 'string' ? { metrics: metricsFlag } : {}),
  });
  // One `up` per data dir, even with a remote service: the worker's queues and its webhook live there.
  const lock = await acquireDataDirLock(config.dataDir, {
    command: 'stevedore up',
    ports: config.apiBaseUrl
      ? { receiver: config.receiverPort }
      : { service: config.port, receiver: config.receiverPort },
  });
  try {
    await makeFolder(config.inbox, '--inbox (STEVEDORE_INBOX)');
    for (const folder of OUT_FOLDERS) await makeFolder(join(config.out, folder), '--out (STEVEDORE_OUT)');
    const terminal = createTerminal(deps.output);
    const logs = loggerFor(config, terminal);
    const metrics = await openMetricsOutput(metricsFlag === true ? true : config.metrics, {
      dataDir: config.dataDir,
      stdout: deps.output.stdout,
      clock: systemClock,
    });
    try {
      await run(config, deps, { terminal, logs, lock, metrics });
    } finally {
      await metrics.close();
      logs.close();
    }
  } finally {
    await lock.release();
  }
  line(deps.output.stdout, 'stopped');
  return 0;
};

/** Everything `up` runs while it holds the data dir. */
const run = async (
  config: Config,
  deps: UpDeps,
  {
    terminal,
    logs,
    lock,
    metrics,
  }: { terminal: Terminal; logs: UpLogs; lock: DataDirLock; metrics: MetricsOutput },
): Promise<void> => {
  const { logger } = logs;
  // The local service must reach this worker's receiver on loopback: that one origin, and no other
  // private target, is allowed (unless STEVEDORE_ALLOW_PRIVATE_WEBHOOKS opens them all).
  const receiverOrigin = new PrivateOrigins();
  const session = config.apiBaseUrl
    ? remoteSession(config, logger)
    : await startLocalSession(config, logger, lock, { privateWebhookOrigins: receiverOrigin });
  // Empty until the subscription is known: deliveries before that get a retryable 503 (see the receiver).
  let secret = '';
  const worker = await deps
    .startWorker({
      config,
      client: session.client,
      webhookSecret: () => secret,
      logger,
      reclaimInFlight: true,
      metrics: metrics.forStage,
    })
    .catch(async (error: unknown) => {
      await session.close();
      throw error;
    });
  let watch: SubscriptionWatch | undefined;
  let agent: McpHttpServer | string | undefined;
  try {
    // The local service's sandbox carrier runs STEVEDORE_TIME_SCALE times faster from now: days to a
    // last free day count in its time (started a moment later, a negligible offset at day scale).
    const agentClock = session.local === undefined ? systemClock : scaledClock(systemClock, config.timeScale);
    agent = await startAgentServer(config, session.baseUrl, logger, deps.version ?? 'unknown', agentClock);
    const id = await workerId(config.dataDir);
    // Behind a tunnel or reverse proxy the service must post to the public URL, not the local listener.
    const hookUrl = config.receiverPublicUrl ?? worker.receiverUrl;
    receiverOrigin.add(hookUrl);
    const subscription = await ensureDocumentSubscription(session.client, hookUrl, id);
    secret = subscription.attributes.secret;
    watch = watchSubscription({
      client: session.client,
      subscription,
      url: hookUrl,
      workerId: id,
      onSecret: (next) => {
        secret = next;
      },
      logger: logger.child({ component: 'subscription' }),
    });
    const mail =
      session.local === undefined
        ? undefined
        : await startDocsAliasListener(
            session.local,
            config.smtpPort ?? UP_DEFAULT_SMTP_PORT,
            config.smtpPort === undefined,
          );
    const { stdout } = deps.output;
    line(stdout, `stevedore is up`);
    line(stdout, `  service   ${session.baseUrl}`);
    // The web app is the local service's, at its root; a remote service's app is not ours to announce.
    if (session.local !== undefined)
      line(stdout, `  app       ${new URL(session.baseUrl).origin}/shipments   (sign in with the API key)`);
    if (session.keyFile) line(stdout, `  API key   ${resolve(session.keyFile)}`);
    line(stdout, `  inbox     ${resolve(config.inbox)}   (drop PDFs here)`);
    if (config.imapHost !== undefined) {
      line(stdout, `  mailbox   ${config.imapUser ?? ''}@${config.imapHost} ${config.imapMailbox}   (IDLE)`);
    }
    line(stdout, `  results   ${resolve(config.out, 'results')}`);
    line(stdout, `  failures  ${resolve(config.out, 'failed')}`);
    line(stdout, `  webhooks  ${hookUrl}`);
    if (hookUrl !== worker.receiverUrl) line(stdout, `            (received at ${worker.receiverUrl})`);
    if (mail !== undefined) line(stdout, `  mail      ${mail}`);
    if (logs.file) line(stdout, `  logs      ${logs.file}`);
    if (typeof agent === 'string') line(stdout, `  MCP       not started: ${agent}`);
    else {
      line(stdout, `  MCP       ${agent.url}`);
      for (const text of mcpClientHowTo(agent.url, session.keyFile)) line(stdout, `  ${text}`);
    }
    line(stdout, 'Press Ctrl-C to stop.');
    const progress = startProgress(terminal, () => worker.progress());
    await untilAborted(deps.signal);
    await progress.stop();
    line(stdout, 'stopping: finishing in-flight work…');
  } finally {
    if (typeof agent === 'object') await agent.close();
    await watch?.stop();
    await worker.stop();
    await session.close();
  }
};

/**
 * The MCP server in front of this run's service. A port already taken only costs the agent server, not
 * the run: the reason is returned for the banner instead.
 */
const startAgentServer = (
  config: Config,
  baseUrl: string,
  logger: Logger,
  version: string,
  clock: Clock,
): Promise<McpHttpServer | string> =>
  startMcpHttpServer({
    clock,
    host: config.host,
    port: config.mcpPort,
    allowedHosts: config.mcpAllowedHosts,
    allowedOrigins: config.mcpAllowedOrigins,
    clientFor: trackingClientFactory(config, baseUrl),
    defaultToken: config.apiToken,
    version,
    logger: logger.child({ component: 'mcp' }),
  }).catch((error: unknown) => {
    if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
      return `port ${config.mcpPort} is in use (set STEVEDORE_MCP_PORT)`;
    }
    throw error;
  });
