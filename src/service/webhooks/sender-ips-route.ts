import { Hono } from 'hono';
import type { ServiceEnv } from '../http/env.ts';

/**
 * The addresses deliveries come from. The local service delivers from the machine it runs on, and only
 * `--allow-private-webhooks` lets it reach anything but public addresses, so its senders are loopback.
 */
export const LOCAL_SENDER_IPS: readonly string[] = ['127.0.0.1', '::1'];

/** When the list above last changed; fixed, so that answers are reproducible. */
export const SENDER_IPS_UPDATED_AT = '2026-11-01T00:00:00Z';

/** `GET /webhooks/ips`: the upstream's list of sender addresses for firewalls, in its plain-JSON shape. */
export function senderIpsRoute(): Hono<ServiceEnv> {
  const body = { webhook_notification_ips: LOCAL_SENDER_IPS, last_updated: SENDER_IPS_UPDATED_AT };
  return new Hono<ServiceEnv>().get('/ips', (c) => c.json(body));
}
