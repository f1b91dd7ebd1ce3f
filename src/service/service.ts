import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Config } from '../config/settings.ts';
import { CARRIER_CATALOG } from '../domain/carriers/carrier-catalog.ts';
import { type Clock, systemClock } from '../domain/clock.ts';
import { AppError } from '../domain/errors.ts';
import { scaledClock } from '../domain/scaled-clock.ts';
import type { ExtractDocument } from '../extraction/extract-document.ts';
import { createExtractionPool, type ExtractionPool } from '../extraction/extraction-pool.ts';
import { type Logger, silentLogger } from '../observability/logger.ts';
import { ensurePrivateDirectory, migrate, openDatabase } from '../store/database.ts';
import { SqliteQueue } from '../store/sqlite-queue.ts';
import {
  ACCOUNT_FEATURE_MIGRATION_NAMESPACE,
  ACCOUNT_FEATURE_MIGRATIONS,
  AccountFeatures,
  FEATURES,
  type Feature,
} from './accounts/account-features.ts';
import { AccountStore, createAccountWithKey } from './accounts/account-store.ts';
import { bootstrapAccount } from './accounts/bootstrap-account.ts';
import { appLinkRoutes } from './app/app-link-routes.ts';
import { AppQueries } from './app/app-queries.ts';
import { appRoutes } from './app/app-routes.ts';
import { AppSessions } from './app/app-session.ts';
import {
  APP_SESSION_MIGRATION_NAMESPACE,
  APP_SESSION_MIGRATIONS,
  AppSessionStore,
} from './app/app-session-store.ts';
import { signInThrottle } from './app/sign-in-throttle.ts';
import { CARRIER_OWN_RATE_LIMITS, carrierRoutes } from './carriers/carrier-routes.ts';
import { SERVICE_MIGRATION_NAMESPACE, SERVICE_MIGRATIONS } from './db/service-schema.ts';
import { documentRoutes } from './documents/document-routes.ts';
import { documentSchemaRoutes } from './documents/document-schema-routes.ts';
import { serializeDocument } from './documents/document-serializer.ts';
import { DocumentStore } from './documents/document-store.ts';
import { emailSubmissionRoutes } from './documents/email-submission-routes.ts';
import { EmailSubmissionStore } from './documents/email-submission-store.ts';
import { EXTRACTION_QUEUE_NAME, ExtractionJobs } from './documents/extraction-jobs.ts';
import { ExtractionOutcomeStore } from './documents/extraction-outcome-store.ts';
import { processExtractionJob } from './documents/process-extraction-job.ts';
import {
  EXTRACTION_DEAD_LETTER_QUEUE,
  EXTRACTION_MAX_RECEIVE_COUNT,
  extractionProcessing,
  JOB_VISIBILITY_TIMEOUT_SECONDS,
} from './documents/processing-loop.ts';
import { createApp } from './http/app.ts';
import type { ServiceEnv } from './http/env.ts';
import { openApiRoute } from './http/openapi.ts';
import { RollingWindowLimiter } from './http/rate-limit.ts';
import { RefusedKeys } from './http/refused-keys.ts';
import type { HttpTimeouts } from './http/server-timeouts.ts';
import { closeHttpServer, createHttpServer, DEFAULT_HTTP_TIMEOUTS, listenHttp } from './http-server.ts';
import type { SmtpDeadlines } from './smtp/connection-limits.ts';
import { docsAliasFor } from './smtp/docs-alias.ts';
import type { DocsAliasServer } from './smtp/docs-alias-server.ts';
import { listenDocsAlias } from './smtp/listen-docs-alias.ts';
import { createTrackingModule, type TrackingModule } from './tracking/tracking-module.ts';
import { blobRoutes } from './uploads/blob-routes.ts';
import type { BlobSweep } from './uploads/blob-sweep.ts';
import { BlobTokens } from './uploads/blob-tokens.ts';
import { openContentStore } from './uploads/content-store.ts';
import { DIRECT_UPLOADS_PATH } from './uploads/direct-upload-routes.ts';
import { loadServiceSecret } from './uploads/service-secret.ts';
import { TokenSigner } from './uploads/signed-token.ts';
import type { PrivateOrigins } from './webhooks/target-guard.ts';
import { createWebhookModule, DELIVERY_QUEUE_NAME } from './webhooks/webhook-module.ts';

export const SERVICE_DATABASE_FILE = 'service.db';

export interface ServiceOptions {
  readonly config: Config;
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** The classifier and extractor; by default the real one, in a pool of worker threads. */
  readonly extract?: ExtractDocument;
  /** false runs the API without the extraction loop: jobs wait in the queue for a later start. */
  readonly startProcessing?: boolean;
  /** How long close() lets running extractions finish before handing them back; DEFAULT_DRAIN_MS. */
  readonly drainMs?: number;
  /** Private webhook origins allowed although `config.allowPrivateWebhooks` is off (`stevedore up`'s receiver). */
  readonly privateWebhookOrigins?: PrivateOrigins;
  /** Header and request timeouts of the HTTP server; DEFAULT_HTTP_TIMEOUTS (tests shorten them). */
  readonly httpTimeouts?: HttpTimeouts;
  /**
   * true only when this process holds the data dir's lock: no other process can be running a job, so the
   * jobs a killed run left in flight come back at once instead of after their visibility timeout.
   */
  readonly reclaimInFlight?: boolean;
  /** How often the sandbox carrier looks for due milestones, in service time; 1 s by default. */
  readonly trackingPlayIntervalMs?: number;
}

export interface LocalService {
  /** The Hono app, for in-process requests with `app.request()`. */
  readonly app: Hono<ServiceEnv>;
  /** The key of the first account: SVC_API_TOKEN when set, else the one in `keyFile`. */
  readonly apiKey: string;
  /** `<dataDir>/api-key`, mode 0600. */
  readonly keyFile: string;
  /** Starts HTTP on config.host:config.port (0 picks a free port); resolves with the base origin. */
  listen(): Promise<{ url: string }>;
  /**
   * Starts the docs alias SMTP listener on config.smtpHost:`port` (0 picks a free port; by default
   * config.smtpPort). Resolves with the port and the first account's alias. `deadlines` shortens the
   * listener's time limits (tests).
   */
  listenSmtp(
    port?: number,
    deadlines?: SmtpDeadlines,
  ): Promise<{ port: number; host: string; alias: string }>;
  /** Another account with a fresh key (tenants, isolation tests), with the paid features given. */
  createAccount(name: string, features?: readonly Feature[]): Promise<{ accountId: string; apiKey: string }>;
  /** The tracking module (journeys for the route map, the sandbox carrier for tests). */
  readonly tracking: TrackingModule;
  /** The content store's sweep (it also runs by itself every BLOB_SWEEP_INTERVAL_MS). */
  readonly blobSweep: BlobSweep;
  /** Stops HTTP, then extraction (running jobs finish or go back to the queue), then webhooks. Idempotent. */
  close(): Promise<void>;
}

/** The local Container Tracking Service: one SQLite file and a blob folder in the data dir. */
export async function createService(options: ServiceOptions): Promise<LocalService> {
  const { config, clock = systemClock, logger = silentLogger } = options;
  ensurePrivateDirectory(config.dataDir);
  const db = openDatabase(join(config.dataDir, SERVICE_DATABASE_FILE));
  try {
    return await assemble(db, options, clock, logger.child({ component: 'service' }));
  } catch (error) {
    db.close();
    throw error;
  }
}

async function assemble(
  db: DatabaseSync,
  options: ServiceOptions,
  clock: Clock,
  logger: Logger,
): Promise<LocalService> {
  const { config } = options;
  migrate(db, SERVICE_MIGRATION_NAMESPACE, SERVICE_MIGRATIONS);
  migrate(db, ACCOUNT_FEATURE_MIGRATION_NAMESPACE, ACCOUNT_FEATURE_MIGRATIONS);
  migrate(db, APP_SESSION_MIGRATION_NAMESPACE, APP_SESSION_MIGRATIONS);

  const accounts = new AccountStore(db, clock);
  const features = new AccountFeatures(db);
  const { apiKey, keyFile, account } = await bootstrapAccount({
    accounts,
    dataDir: config.dataDir,
    configuredKey: config.apiToken,
  });
  // The service's own account can use everything, paid features included.
  features.grant(account.id, FEATURES);
  const signer = new TokenSigner(await loadServiceSecret(config.dataDir), clock);
  const tokens = new BlobTokens(signer);
  const sessions = new AppSessions(signer, new AppSessionStore(db, clock));
  const content = await openContentStore(db, { config, clock, logger, tokens });
  const { files, uploads, directUploads: direct, sweep } = content;
  const documents = new DocumentStore(db, clock);
  const emailSubmissions = new EmailSubmissionStore(db, clock);
  const outcomes = new ExtractionOutcomeStore(db, clock);
  const queue = new SqliteQueue(db, {
    name: EXTRACTION_QUEUE_NAME,
    visibilityTimeoutSeconds: JOB_VISIBILITY_TIMEOUT_SECONDS,
    deadLetter: EXTRACTION_DEAD_LETTER_QUEUE,
    maxReceiveCount: EXTRACTION_MAX_RECEIVE_COUNT,
    clock,
  });
  if (options.reclaimInFlight === true) {
    const deliveries = new SqliteQueue(db, { name: DELIVERY_QUEUE_NAME, clock });
    const reclaimed = (await queue.reclaimInFlight()) + (await deliveries.reclaimInFlight());
    if (reclaimed > 0) logger.warn({ count: reclaimed }, 'took back jobs a killed run left in flight');
  }
  const jobs = new ExtractionJobs(db, queue, documents, logger);
  const resent = await jobs.sendMissing();
  if (resent > 0) logger.warn({ count: resent }, 'sent extraction jobs a previous run left unsent');

  let tracking: TrackingModule | undefined;
  const webhooks = createWebhookModule({
    db,
    clock,
    logger,
    allowPrivateTargets: config.allowPrivateWebhooks,
    ...(options.privateWebhookOrigins === undefined ? {} : { privateOrigins: options.privateWebhookOrigins }),
    // Documents here; tracking requests and container events in the tracking module, created below
    // because it publishes through this module's notifier.
    findReference: (accountId, type, id) => {
      if (type !== 'document') return tracking?.findReference(accountId, type, id);
      const document = documents.get(accountId, id);
      return document === undefined ? undefined : serializeDocument(document);
    },
  });
  if (options.reclaimInFlight === true) {
    // The delivery jobs came back above; the claims their attempts held would keep them out for a lease.
    const released = webhooks.releaseLeases();
    if (released > 0)
      logger.warn({ count: released }, 'gave back webhook deliveries a killed run left claimed');
  }
  // Threads start only when a job arrives, so a service that only answers the API costs none.
  const extraction: ExtractionPool =
    options.extract === undefined
      ? createExtractionPool(undefined, config.ocrEngine)
      : { extract: options.extract, close: async () => undefined };
  const processing = extractionProcessing({
    queue,
    clock,
    logger,
    handle: (job, context) =>
      processExtractionJob(
        {
          documents,
          outcomes,
          emailSubmissions,
          files,
          extract: extraction.extract,
          notifier: webhooks.notifier,
          logger,
        },
        job,
        context,
      ),
  });

  const limiter = new RollingWindowLimiter(clock);
  tracking = createTrackingModule({
    db,
    // The sandbox carrier's time: the service's, sped up by --time-scale for demos.
    clock: scaledClock(clock, config.timeScale),
    logger,
    notifier: webhooks.notifier,
    features,
    limiter,
    ...(options.trackingPlayIntervalMs === undefined
      ? {}
      : { playIntervalMs: options.trackingPlayIntervalMs }),
  });
  const pages = appRoutes({
    accounts,
    sessions,
    queries: new AppQueries({ db, store: tracking.store, journeys: tracking.journeys }),
    tracking,
    documents,
    signIns: signInThrottle(clock),
  });
  const app = createApp({
    logger,
    keys: accounts,
    refusedKeys: new RefusedKeys(clock),
    limiter,
    rateLimitPerMinute: config.rateLimitPerMinute,
    ownRateLimitBuckets: CARRIER_OWN_RATE_LIMITS,
    api: [
      direct,
      documentRoutes({ documents, emailSubmissions, uploads, tokens, jobs, files }),
      emailSubmissionRoutes({ documents, emailSubmissions }),
      documentSchemaRoutes(),
      webhooks.router,
      tracking.router,
      appLinkRoutes({ sessions, clock }),
      carrierRoutes({ catalog: CARRIER_CATALOG, limiter }),
    ],
    // An integrator reads the API's description before having a key.
    publicApi: [openApiRoute()],
    keyedRoot: [{ path: DIRECT_UPLOADS_PATH, routes: direct }],
    signedRoot: [blobRoutes({ uploads, tokens, files })],
    pages,
  });

  webhooks.start();
  tracking.start();
  if (options.startProcessing !== false) processing.start();
  jobs.startSweeping();
  sweep.start();

  let server: ServerType | undefined;
  let smtp: DocsAliasServer | undefined;
  let closing: Promise<void> | undefined;

  const close = async (): Promise<void> => {
    if (smtp !== undefined) await smtp.close();
    if (server !== undefined) await closeHttpServer(server);
    jobs.stopSweeping();
    await sweep.stop();
    tracking.stop();
    await processing.stop(options.drainMs === undefined ? {} : { drainMs: options.drainMs });
    await extraction.close();
    await webhooks.stop();
    db.close();
  };

  return {
    app,
    apiKey,
    keyFile,
    listen: async () => {
      if (server !== undefined) throw new AppError('already_listening', 'listen() was already called');
      const started = createHttpServer(
        (request, env) => app.fetch(request, env),
        options.httpTimeouts ?? DEFAULT_HTTP_TIMEOUTS,
      );
      server = started;
      const url = await listenHttp(started, config.port, config.host).catch((error: unknown) => {
        server = undefined;
        throw error;
      });
      logger.info({ url }, 'service listening');
      return { url };
    },
    listenSmtp: async (port = config.smtpPort, deadlines = undefined) => {
      if (smtp !== undefined) throw new AppError('already_listening', 'listenSmtp() was already called');
      if (port === undefined)
        throw new AppError('smtp_port_missing', 'set STEVEDORE_SMTP_PORT or --smtp-port');
      const started = await listenDocsAlias(
        {
          config,
          stores: { documents, uploads, tokens, jobs, emailSubmissions, files, logger },
          findAccount: (token) => accounts.get(token),
          ...(deadlines === undefined ? {} : { deadlines }),
        },
        port,
      );
      smtp = started.server;
      const alias = docsAliasFor(account.id, config.smtpDomain);
      logger.info({ port: started.port, alias }, 'docs alias listening');
      return { port: started.port, host: config.smtpHost, alias };
    },
    createAccount: async (name, granted = []) => {
      const { account: created, apiKey: key } = createAccountWithKey(accounts, name);
      features.grant(created.id, granted);
      return { accountId: created.id, apiKey: key };
    },
    tracking,
    blobSweep: sweep,
    close: () => {
      closing ??= close();
      return closing;
    },
  };
}
