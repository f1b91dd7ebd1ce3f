import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import { Metrics as PowertoolsMetrics } from '@aws-lambda-powertools/metrics';
import { SSMProvider } from '@aws-lambda-powertools/parameters/ssm';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { SSMClient } from '@aws-sdk/client-ssm';
import { ServiceClient } from '../../src/client/service-client.ts';
import { loadConfig, serviceBaseUrl } from '../../src/config/load-config.ts';
import { type Clock, systemClock } from '../../src/domain/clock.ts';
import { readMailHere } from '../../src/mail/mail-reader.ts';
import { METRICS_NAMESPACE, METRICS_SERVICE, type MetricStage } from '../../src/observability/metrics.ts';
import type { RetryRule } from '../../src/runtime/retry-rule.ts';
import { ImapMailSource } from '../adapters/imap-mail-source.ts';
import { S3BlobStore } from '../adapters/s3-blob-store.ts';
import { S3Ledger } from '../adapters/s3-ledger.ts';
import { SqsQueue } from '../adapters/sqs-queue.ts';
import { Admission } from '../admission/admission.ts';
import { mailboxKeyOf } from '../ledger/mailbox.ts';
import { S3Sink } from '../sinks/s3-sink.ts';
import { imapServerOf, mailLimitsOf, mailRulesOf } from '../sources/mail-intake.ts';
import { MailPoller } from '../sources/mail-poller.ts';
import { s3DropBucket } from '../sources/s3-drop-bucket.ts';
import { DEFAULT_DROP_PREFIXES } from '../sources/s3-drop-keys.ts';
import { type AwsConfig, requireAwsConfig } from './aws-config.ts';
import type { EventsHandlerDeps } from './events.handler.ts';
import { clientForSecret, type HandlerKit } from './handler-kit.ts';
import type { ImapPollHandlerDeps } from './imap-poll.handler.ts';
import type { IngestHandlerDeps } from './ingest.handler.ts';
import { stageLoggerOn } from './lambda-kit.ts';
import type { ReconcileHandlerDeps } from './reconcile.handler.ts';
import type { S3DropHandlerDeps } from './s3-drop.handler.ts';
import { createSecrets, SecretMissingError, type Secrets, ssmSecretReader } from './secrets.ts';
import type { WebhookHandlerDeps } from './webhook.handler.ts';

/** Ledger entries under `ledger/`, apart from the drop prefixes and the outcome files a user lists. */
export const LEDGER_PREFIX = 'ledger';
/**
 * What the heartbeat renews a record's visibility to. AWS asks for a queue visibility timeout of six
 * times the function's timeout (at most 900 s): renewing to 15 min keeps a record hidden for any run.
 */
export const DEFAULT_VISIBILITY_TIMEOUT_SECONDS = 15 * 60;

export interface AwsClients {
  readonly sqs: SQSClient;
  readonly s3: S3Client;
  /** Only for `createSecrets` over SSM; the local run passes fixed secrets and no SSM client. */
  readonly ssm?: SSMClient;
}

/** The functions' Powertools, one pair per function (the stage is the metrics' default dimension). */
export type PowertoolsFor = (
  stage: MetricStage | 's3-drop' | 'imap-poll',
) => Pick<HandlerKit, 'logger' | 'metrics'>;

export interface CompositionInput {
  readonly config: AwsConfig;
  readonly clients: AwsClients;
  readonly secrets: Secrets;
  readonly clock?: Clock;
  readonly powertools?: PowertoolsFor;
  /** What each SQS-fed function's heartbeat renews to; the local run uses its short queue timeout. */
  readonly visibilityTimeoutSeconds?: number;
  /** The retry schedule of failed records; `exponentialRetry()` when left out. */
  readonly retry?: RetryRule;
  /** A record is not started with less of the invocation left than this (see `handler-kit.ts`). */
  readonly minTimeLeftMs?: number;
  /**
   * Refuse webhooks without the Standard Webhooks timestamp: only the local service sends it, so on
   * only when no `SVC_API_BASE_URL` names the upstream.
   */
  readonly requireTimestamp?: boolean;
  /**
   * The bucket honours `If-None-Match: *` (S3 does; fauxqs does not): the ledger then writes a new entry
   * with one request instead of a read and a write. Off by default.
   */
  readonly trustConditionalWrites?: boolean;
}

export const defaultPowertools: PowertoolsFor = (stage) => ({
  logger: new PowertoolsLogger({ serviceName: METRICS_SERVICE }),
  metrics: new PowertoolsMetrics({
    namespace: METRICS_NAMESPACE,
    serviceName: METRICS_SERVICE,
    defaultDimensions: { stage },
  }),
});

/** The secrets of a deployed function: SecureString parameters read at run time through Powertools' cache. */
export const ssmSecrets = (config: AwsConfig, ssm: SSMClient): Secrets =>
  createSecrets({ read: ssmSecretReader(new SSMProvider({ awsSdkV3Client: ssm })), config });

/**
 * Builds every function's dependencies from one validated config: the adapters over the bucket and the
 * queue URLs, the service client from the API key read at run time (rebuilt when it rotates), and one
 * Powertools pair per function. Building is cheap and makes no call: the first request is the first
 * record's.
 */
export const createAwsComposition = (input: CompositionInput) => {
  const { config, clients, secrets } = input;
  const { sqs, s3 } = clients;
  const clock = input.clock ?? systemClock;
  const powertools = input.powertools ?? defaultPowertools;
  const tuning = {
    visibilityTimeoutSeconds: input.visibilityTimeoutSeconds ?? DEFAULT_VISIBILITY_TIMEOUT_SECONDS,
    ...(input.minTimeLeftMs === undefined ? {} : { minTimeLeftMs: input.minTimeLeftMs }),
    ...(input.retry === undefined ? {} : { retry: input.retry }),
  };
  const queue = (queueUrl: string) => new SqsQueue({ client: sqs, queueUrl });
  const bucket = config.bucket;
  // Blob keys are `staged/<origin-id>` already: the claim checks sit at the bucket's `staged/`, the prefix
  // the template's lifecycle rule expires and the functions' roles name.
  const blobs = () => new S3BlobStore({ client: s3, bucket });
  const ledger = () =>
    new S3Ledger({
      client: s3,
      bucket,
      prefix: LEDGER_PREFIX,
      readBeforeWrite: input.trustConditionalWrites !== true,
    });
  const sink = () => new S3Sink({ client: s3, bucket, failures: queue(config.failuresQueueUrl) });
  // The client's retries and rate-limit waits are logged through the function's own Powertools logger.
  const serviceClient = (kit: HandlerKit) =>
    clientForSecret(
      () => secrets.apiToken(),
      (token) =>
        new ServiceClient({
          baseUrl: serviceBaseUrl(config),
          token,
          requestsPerMinute: config.clientRequestsPerMinute,
          clock,
          logger: stageLoggerOn(kit.logger, config.logLevel),
        }),
    );
  const kit = (stage: MetricStage | 's3-drop' | 'imap-poll'): HandlerKit => ({
    ...powertools(stage),
    clock,
    logLevel: config.logLevel,
  });
  const stageConfig = {
    maxReextracts: config.maxReextracts,
    reextractBackoffSeconds: config.reextractBackoffSeconds,
    trackContainers: config.trackContainers,
  };

  return {
    s3Drop: (): S3DropHandlerDeps => ({
      ...kit('s3-drop'),
      ...tuning,
      dropQueue: queue(config.dropQueueUrl),
      drop: {
        bucket: s3DropBucket(s3, bucket),
        admission: new Admission({
          blobs: blobs(),
          queue: queue(config.intakeQueueUrl),
          policy: { maxBytes: config.maxUploadBytes },
        }),
        prefixes: DEFAULT_DROP_PREFIXES,
      },
    }),
    imapPoll: (): ImapPollHandlerDeps => {
      const base = kit('imap-poll');
      const mailbox = config.imapMailbox;
      const secretOf = (read: (() => Promise<string>) | undefined, setting: string) => () =>
        read?.() ?? Promise.reject(new SecretMissingError(setting, '(not set)'));
      const server = imapServerOf(config, clock, {
        password: secretOf(secrets.imapPassword, 'IMAP_PASSWORD_PARAMETER'),
        oauthClientSecret: secretOf(secrets.imapOauthClientSecret, 'IMAP_OAUTH_CLIENT_SECRET_PARAMETER'),
      });
      return {
        ...base,
        open: () => {
          const source = new ImapMailSource({ server, logger: stageLoggerOn(base.logger, config.logLevel) });
          const poller = new MailPoller({
            source,
            mailbox,
            box: mailboxKeyOf(server, mailbox),
            ledger: ledger(),
            admission: {
              blobs: blobs(),
              queue: queue(config.intakeQueueUrl),
              policy: { maxBytes: config.maxUploadBytes },
            },
            // Bundled, the function has no worker module to start threads on: it reads on its own.
            reader: readMailHere,
            rules: mailRulesOf(config, mailbox),
            limits: mailLimitsOf(config),
            // The function's only writable disk; documents are copied from it into the bucket.
            tempDir: join(tmpdir(), 'stevedore-mail'),
            clock,
            logger: stageLoggerOn(base.logger, config.logLevel),
          });
          return { poller, close: () => source.close() };
        },
      };
    },
    ingest: (): IngestHandlerDeps => {
      const base = kit('ingest');
      return {
        ...base,
        ...tuning,
        client: serviceClient(base),
        ledger: ledger(),
        blobs: blobs(),
        intakeQueue: queue(config.intakeQueueUrl),
        eventsQueue: queue(config.eventsQueueUrl),
      };
    },
    webhook: (): WebhookHandlerDeps => ({
      ...kit('webhook'),
      webhookSecret: () => secrets.webhookSecret(),
      eventsQueue: queue(config.eventsQueueUrl),
      requireTimestamp: input.requireTimestamp ?? config.apiBaseUrl === undefined,
    }),
    events: (): EventsHandlerDeps => {
      const base = kit('events');
      return {
        ...base,
        ...tuning,
        client: serviceClient(base),
        ledger: ledger(),
        sink: sink(),
        eventsQueue: queue(config.eventsQueueUrl),
        config: stageConfig,
      };
    },
    reconcile: (): ReconcileHandlerDeps => {
      const base = kit('reconcile');
      return {
        ...base,
        client: serviceClient(base),
        ledger: ledger(),
        sink: sink(),
        eventsQueue: queue(config.eventsQueueUrl),
        config: { ...stageConfig, reconcileAfterSeconds: config.reconcileAfterSeconds },
      };
    },
  };
};

export type AwsComposition = ReturnType<typeof createAwsComposition>;

/**
 * The composition of a deployed function: settings from its environment, SDK clients with their
 * defaults (region, credentials and `AWS_ENDPOINT_URL` from the SDK's own environment handling), and
 * the secrets from SSM.
 */
export const deployedComposition = (): AwsComposition => {
  const config = requireAwsConfig(loadConfig());
  const ssm = new SSMClient({});
  return createAwsComposition({
    config,
    clients: { sqs: new SQSClient({}), s3: new S3Client({}), ssm },
    secrets: ssmSecrets(config, ssm),
    trustConditionalWrites: true,
  });
};

/**
 * A handler built on its first invocation, not at import: importing the module (tests, the bundle's
 * cold-start measure) needs no environment, and a bad setting fails the invocation with every problem
 * listed. A failed build is tried again on the next invocation.
 */
export const lazyHandler = <E, C, R>(
  build: () => (event: E, context?: C) => Promise<R>,
): ((event: E, context?: C) => Promise<R>) => {
  let built: ((event: E, context?: C) => Promise<R>) | undefined;
  // Async, so that a failed build rejects the invocation's promise instead of throwing at the call.
  return async (event, context) => {
    built ??= build();
    return built(event, context);
  };
};
