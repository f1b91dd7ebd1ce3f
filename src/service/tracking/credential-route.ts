import { Hono } from 'hono';
import { stableUuid } from '../../domain/stable-id.ts';
import type { AccountFeatures } from '../accounts/account-features.ts';
import type { ServiceEnv } from '../http/env.ts';

const available = { status: 'available' } as const;
const notEnabled = { status: 'not_enabled' } as const;

/**
 * `GET /me` (the upstream's "current credential"): the API key behind the request, its account, and which
 * gated features it can use, named and valued as the upstream's SDK fixtures have them. The sandbox has no
 * rail data and no trade intelligence; routing data follows the account's `routing` feature.
 */
export function credentialRoute(deps: { features: AccountFeatures }): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();
  routes.get('/me', (c) => {
    const account = c.get('account');
    return c.json({
      data: {
        // Derived from the key's hash: stable per key, and it reveals nothing of the key.
        id: stableUuid('credential', c.get('apiKeyHash')),
        type: 'credential',
        attributes: {
          kind: 'api_key',
          channel: 'api',
          name: null,
          features: {
            data_out_api: available,
            custom_fields: available,
            routing_data: deps.features.has(account.id, 'routing') ? available : notEnabled,
            rail_data: notEnabled,
            stop_tracking: available,
            trade_intel: notEnabled,
          },
        },
        relationships: {
          account: { data: { id: account.id, type: 'account' } },
          user: { data: null },
        },
      },
      included: [
        {
          id: account.id,
          type: 'account',
          attributes: {
            company_name: account.name,
            company_type: null,
            scac: null,
            abbr_name: null,
            city: null,
            state_abbr: null,
            country: null,
            plan: 'customer',
            tracking_slots: null,
          },
        },
      ],
    });
  });
  return routes;
}
