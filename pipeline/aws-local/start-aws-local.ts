import type { ScheduledEvent } from 'aws-lambda';
import { startLocalSession } from '../../src/cli/service-session.ts';
import { watchSubscription } from '../../src/cli/subscription-watch.ts';
import { workerId } from '../../src/cli/worker-id.ts';
import { ensureDocumentSubscription } from '../../src/client/ensure-subscription.ts';
import { loadConfig } from '../../src/config/load-config.ts';
import type { ConfigOverrides } from '../../src/config/settings.ts';
import type { Logger } from '../../src/observability/logger.ts';
import type { RetryRule } from '../../src/runtime/retry-rule.ts';
import { PrivateOrigins } from '../../src/service/webhooks/target-guard.ts';
import { acquireDataDirLock } from '../../src/store/data-dir-lock.ts';
import { type AwsClients, createAwsComposition, type PowertoolsFor } from '../handlers/aws-composition.ts';
import { requireAwsConfig } from '../handlers/aws-config.ts';
import { createEventsHandler } from '../handlers/events.handler.ts';
import { createIngestHandler } from '../handlers/ingest.handler.ts';
import { createReconcileHandler } from '../handlers/reconcile.handler.ts';
import { createS3DropHandler } from '../handlers/s3-drop.handler.ts';
import { createWebhookHandler } from '../handlers/webhook.handler.ts';
import { DEFAULT_DROP_PREFIXES } from '../sources/s3-drop-keys.ts';
import { startBucketNotifications } from './bucket-notifications.ts';
import { type EventSourceMapping, startEventSourceMapping } from './event-source-mapping.ts';
import { startFunctionUrl } from './function-url.ts';
import { lambdaContext } from './lambda-context.ts';
import {
  DEFAULT_VISIBILITY_TIMEOUT_SECONDS,
  LOOPBACK,
  type LocalStack,
  stackSettings,
  startLocalStack,
} from './local-stack.ts';

/** As the template's schedule, `rate(1 minute)`: a lost webhook is looked for once a minute. */
export const DEFAULT_RECONCILE_INTERVAL_MS = 60_000;
/** Names in the SSM shape `requireAwsConfig` asks for; the local run never reads them (no SSM here). */
const LOCAL_PARAMETERS = {
  apiTokenParameter: '/stevedore-local/api-token',
  webhookSecretParameter: '/stevedore-local/webhook-secret',
};

export interface AwsLocalOptions {
  /** The local service's port. */
  readonly port: number;
  /** The emulator's port (`AWS_ENDPOINT_URL=http://127.0.0.1:<port>`). */
  readonly awsPort: number;
  /** The webhook function's URL port; 0 picks a free one. */
  readonly functionPort: number;
  readonly dataDir: string;
  readonly logger: Logger;
  /** Settings from the environment; the flags above win over them. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly overrides?: ConfigOverrides;
  readonly powertools?: PowertoolsFor;
  /**
   * The functions' own SDK clients, bound to the emulator (`localClients`); the stack's by default. The
   * benchmarks pass clients with a counting middleware, so that the emulation's polls are not counted.
   */
  readonly functionClients?: (endpoint: string) => AwsClients;
  /**
   * Count the ledger's writes as deployed: one conditional PUT each instead of a read and a write. The
   * emulator ignores `If-None-Match`, so this is for measuring requests, never for redelivery tests.
   */
  readonly trustConditionalWrites?: boolean;
  /** Shorter in tests: a failed record comes back sooner, and the DLQ fills faster. */
  readonly visibilityTimeoutSeconds?: number;
  readonly maxReceiveCount?: number;
  readonly retry?: RetryRule;
  readonly batchingWindowSeconds?: number;
  readonly notifyIntervalMs?: number;
  readonly reconcileIntervalMs?: number;
}

export interface AwsLocal {
  readonly stack: LocalStack;
  readonly serviceUrl: string;
  readonly apiKey: string;
  readonly keyFile: string;
  readonly functionUrl: string;
  /** The drop mapping's poller, stopped and started again by the crash tests. */
  readonly mappings: Readonly<Record<'drop' | 'intake' | 'events', EventSourceMapping>>;
  stop(): Promise<void>;
}

/**
 * The deployed system on one machine: fauxqs for SQS and S3, the local service, and every function run
 * by what stands for Lambda here (an event source mapping per queue, the webhook function's URL, the
 * reconcile schedule), with bucket notifications produced by listing the inbox prefix.
 */
export async function startAwsLocal(options: AwsLocalOptions): Promise<AwsLocal> {
  const { logger } = options;
  const local = { host: LOOPBACK, port: options.port, dataDir: options.dataDir };
  const base = loadConfig(options.env ?? {}, { ...options.overrides, ...local });
  const lock = await acquireDataDirLock(base.dataDir, {
    command: 'stevedore aws-local',
    ports: { service: options.port, aws: options.awsPort },
  });
  const cleanups: Array<() => Promise<void>> = [() => lock.release()];
  const stop = async (): Promise<void> => {
    for (const cleanup of cleanups.reverse().splice(0)) {
      await cleanup().catch((error: unknown) => logger.warn({ err: error }, 'stopping a part failed'));
    }
  };
  try {
    const stack = await startLocalStack({
      port: options.awsPort,
      ...(options.maxReceiveCount === undefined ? {} : { maxReceiveCount: options.maxReceiveCount }),
      ...(options.visibilityTimeoutSeconds === undefined
        ? {}
        : { visibilityTimeoutSeconds: options.visibilityTimeoutSeconds }),
    });
    cleanups.push(() => stack.stop());
    // The service must post to the webhook function's URL on loopback: that one origin is let through.
    const functionOrigin = new PrivateOrigins();
    const session = await startLocalSession(base, logger, lock, { privateWebhookOrigins: functionOrigin });
    cleanups.push(() => session.close());
    const { queues } = stack;
    const apiKey = session.local?.apiKey;
    if (apiKey === undefined) throw new Error('the local service did not start');
    const config = requireAwsConfig(
      loadConfig(options.env ?? {}, {
        ...options.overrides,
        ...local,
        ...LOCAL_PARAMETERS,
        apiBaseUrl: session.baseUrl,
        ...stackSettings(stack),
      }),
    );
    let secret = '';
    const composition = createAwsComposition({
      config,
      clients: options.functionClients?.(stack.endpoint) ?? { sqs: stack.sqs, s3: stack.s3 },
      // The emulator has no SSM: the key is the local service's, the secret the subscription's.
      secrets: { apiToken: async () => apiKey, webhookSecret: async () => secret },
      // The local service signs with a timestamp, so the webhook function asks for it.
      requireTimestamp: true,
      visibilityTimeoutSeconds: options.visibilityTimeoutSeconds ?? DEFAULT_VISIBILITY_TIMEOUT_SECONDS,
      ...(options.retry === undefined ? {} : { retry: options.retry }),
      ...(options.powertools === undefined ? {} : { powertools: options.powertools }),
      ...(options.trustConditionalWrites === undefined
        ? {}
        : { trustConditionalWrites: options.trustConditionalWrites }),
    });

    const webhook = createWebhookHandler(composition.webhook());
    const functionUrl = await startFunctionUrl({
      port: options.functionPort,
      functionName: 'stevedore-webhook',
      handler: webhook,
      logger,
    });
    cleanups.push(() => functionUrl.stop());
    functionOrigin.add(functionUrl.url);
    const id = await workerId(config.dataDir);
    const subscription = await ensureDocumentSubscription(session.client, functionUrl.url, id);
    secret = subscription.attributes.secret;
    const watch = watchSubscription({
      client: session.client,
      subscription,
      url: functionUrl.url,
      workerId: id,
      onSecret: (next) => {
        secret = next;
      },
      logger: logger.child({ component: 'subscription' }),
    });
    cleanups.push(() => watch.stop());

    const mapping = (
      queue: 'drop' | 'intake' | 'events',
      handler: Parameters<typeof startEventSourceMapping>[0]['handler'],
    ) =>
      startEventSourceMapping({
        sqs: stack.sqs,
        queueUrl: queues[queue].url,
        queueArn: queues[queue].arn,
        functionName: `stevedore-${queue === 'drop' ? 's3-drop' : queue === 'intake' ? 'ingest' : 'events'}`,
        handler,
        logger: logger.child({ component: `${queue}-mapping` }),
        ...(options.batchingWindowSeconds === undefined
          ? {}
          : { batchingWindowSeconds: options.batchingWindowSeconds }),
      });
    // Stopped in reverse: drop first, so nothing new enters while ingest and events finish theirs.
    const events = mapping('events', createEventsHandler(composition.events()));
    cleanups.push(() => events.stop());
    const intake = mapping('intake', createIngestHandler(composition.ingest()));
    cleanups.push(() => intake.stop());
    const drop = mapping('drop', createS3DropHandler(composition.s3Drop()));
    cleanups.push(() => drop.stop());

    const reconcile = createReconcileHandler(composition.reconcile());
    let reconciling: Promise<unknown> = Promise.resolve();
    const schedule = setInterval(() => {
      reconciling = reconcile(scheduledEvent(), lambdaContext('stevedore-reconcile')).catch(
        (error: unknown) => logger.warn({ err: error }, 'reconcile run failed'),
      );
    }, options.reconcileIntervalMs ?? DEFAULT_RECONCILE_INTERVAL_MS);
    cleanups.push(async () => {
      clearInterval(schedule);
      await reconciling;
    });

    const notifications = startBucketNotifications({
      s3: stack.s3,
      sqs: stack.sqs,
      bucket: stack.bucket,
      prefix: DEFAULT_DROP_PREFIXES.inbox,
      queueUrl: queues.drop.url,
      logger: logger.child({ component: 'bucket-notifications' }),
      ...(options.notifyIntervalMs === undefined ? {} : { intervalMs: options.notifyIntervalMs }),
    });
    cleanups.push(() => notifications.stop());

    return {
      stack,
      serviceUrl: session.baseUrl,
      apiKey,
      keyFile: session.keyFile ?? '',
      functionUrl: functionUrl.url,
      mappings: { drop, intake, events },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The EventBridge event of the reconcile schedule. */
const scheduledEvent = (): ScheduledEvent => ({
  version: '0',
  id: crypto.randomUUID(),
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: '000000000000',
  time: new Date().toISOString(),
  region: 'us-east-1',
  resources: ['arn:aws:events:us-east-1:000000000000:rule/stevedore-reconcile'],
  detail: {},
});
