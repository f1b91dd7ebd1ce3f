import { ensureDocumentSubscription } from '../client/ensure-subscription.ts';
import { ServiceApiError } from '../client/errors.ts';
import type { ServiceClient } from '../client/service-client.ts';
import type { WebhookResource } from '../contract/webhook.ts';
import type { Logger } from '../observability/logger.ts';

/**
 * How often `up` reads its subscription back. One GET a minute is 1% of the upstream's 100 requests a
 * minute per key, and a minute is short next to the service's own retry schedule, so a delivery that was
 * sent elsewhere in that minute is the worst case.
 */
export const SUBSCRIPTION_CHECK_INTERVAL_MS = 60_000;

/** What one check found. */
export type SubscriptionCheck =
  | { readonly state: 'ok' }
  /** Someone (another `stevedore up` on a copy of this data dir, or a person) points it elsewhere. */
  | { readonly state: 'moved'; readonly url: string }
  /** It was deleted or switched off, and has been re-created or switched back on. */
  | { readonly state: 'restored'; readonly reason: 'deleted' | 'inactive' }
  | { readonly state: 'unknown'; readonly error: unknown };

export interface SubscriptionWatchOptions {
  readonly client: ServiceClient;
  /** The subscription `up` made or adopted at start. */
  readonly subscription: WebhookResource;
  /** This worker's receiver. */
  readonly url: string;
  readonly workerId: string;
  /** Called with the secret whenever it changes (rotated, or a re-created subscription). */
  readonly onSecret: (secret: string) => void;
  /** Changes are logged as warnings: on a terminal they show as short lines above the progress. */
  readonly logger: Logger;
  readonly intervalMs?: number;
}

export interface SubscriptionWatch {
  /** One check now; the timer calls this too. */
  check(): Promise<SubscriptionCheck>;
  stop(): Promise<void>;
}

/**
 * Reads the subscription back periodically and says so when it changed under this worker. A deleted or
 * switched-off subscription is restored, since nothing else needs it that way. A subscription pointed at
 * another URL is left alone: taking it back would start a tug of war with whoever moved it, each side
 * moving it every minute; the person is told what to do instead. Each change is reported once.
 */
export const watchSubscription = (options: SubscriptionWatchOptions): SubscriptionWatch => {
  const { client, url, workerId, logger } = options;
  const warn = (text: string): void => logger.warn({ subscription: current.id }, text);
  let current = options.subscription;
  let reportedMove: string | undefined;
  let failing = false;

  const adopt = (webhook: WebhookResource): void => {
    if (webhook.attributes.secret !== current.attributes.secret) options.onSecret(webhook.attributes.secret);
    current = webhook;
  };

  const restore = async (reason: 'deleted' | 'inactive'): Promise<SubscriptionCheck> => {
    adopt(await ensureDocumentSubscription(client, url, workerId));
    warn(
      reason === 'deleted'
        ? `the webhook subscription was deleted on the service; re-created it (${current.id}) for ${url}`
        : `the webhook subscription was switched off on the service; switched it back on for ${url}`,
    );
    return { state: 'restored', reason };
  };

  const inspect = async (): Promise<SubscriptionCheck> => {
    let webhook: WebhookResource;
    try {
      webhook = await client.getWebhook(current.id);
    } catch (error) {
      if (error instanceof ServiceApiError && error.status === 404) return restore('deleted');
      throw error;
    }
    adopt(webhook);
    if (webhook.attributes.url !== url) {
      if (reportedMove !== webhook.attributes.url) {
        reportedMove = webhook.attributes.url;
        warn(
          `the webhook subscription now posts to ${webhook.attributes.url}, not to this worker (${url}): ` +
            'another `stevedore up` on a copy of this data dir, or someone using the API, moved it, so outcomes go there. ' +
            'Stop the other one, then restart this one (Ctrl-C, `stevedore up`) to take it back.',
        );
      }
      return { state: 'moved', url: webhook.attributes.url };
    }
    if (reportedMove !== undefined) {
      reportedMove = undefined;
      warn(`the webhook subscription posts to this worker again (${url})`);
    }
    if (!webhook.attributes.active) return restore('inactive');
    return { state: 'ok' };
  };

  const check = async (): Promise<SubscriptionCheck> => {
    try {
      const result = await inspect();
      if (failing) logger.info('the webhook subscription can be checked again');
      failing = false;
      return result;
    } catch (error) {
      // Once per outage: the service being away for a while is already visible in other ways.
      if (!failing) logger.warn({ err: error }, 'could not check the webhook subscription');
      failing = true;
      return { state: 'unknown', error };
    }
  };

  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    // Never two checks at once: a slow service must not pile them up.
    running = running.then(check);
  }, options.intervalMs ?? SUBSCRIPTION_CHECK_INTERVAL_MS);
  timer.unref();

  return {
    check: () => {
      const next = running.then(check);
      running = next;
      return next;
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
};
