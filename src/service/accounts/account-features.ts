import type { DatabaseSync } from 'node:sqlite';
import type { MiddlewareHandler } from 'hono';
import { AppError, ValidationError } from '../../domain/errors.ts';
import { readText } from '../../store/sql-row.ts';
import { storeCall } from '../../store/store-errors.ts';
import type { ServiceEnv } from '../http/env.ts';

/** Paid capabilities an account may have: `refresh` (PATCH /containers/{id}/refresh), `routing` (the map). */
export const FEATURES = ['refresh', 'routing'] as const;
export type Feature = (typeof FEATURES)[number];

export const ACCOUNT_FEATURE_MIGRATION_NAMESPACE = 'account-features';
export const ACCOUNT_FEATURE_MIGRATIONS: readonly string[] = [
  `CREATE TABLE account_features (
     account_id TEXT NOT NULL REFERENCES accounts (id),
     feature TEXT NOT NULL,
     PRIMARY KEY (account_id, feature)
   ) STRICT`,
];

/** Reads a comma list of features ("refresh,routing"); an unknown name is an error naming the known ones. */
export function parseFeatures(list: string): Feature[] {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  const unknown = names.filter((name) => !(FEATURES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new ValidationError(
      `unknown feature ${unknown.join(', ')}: known features are ${FEATURES.join(', ')}`,
    );
  }
  // Narrowed by the check above.
  return [...new Set(names)] as Feature[];
}

/** Which paid features each account has. */
export class AccountFeatures {
  constructor(private readonly db: DatabaseSync) {}

  grant(accountId: string, features: readonly Feature[]): void {
    const insert = this.db.prepare(
      'INSERT OR IGNORE INTO account_features (account_id, feature) VALUES (?, ?)',
    );
    storeCall('grant features', () => {
      for (const feature of features) insert.run(accountId, feature);
    });
  }

  of(accountId: string): Feature[] {
    const rows = storeCall('read features', () =>
      this.db
        .prepare('SELECT feature FROM account_features WHERE account_id = ? ORDER BY feature')
        .all(accountId),
    );
    return rows
      .map((row) => readText(row, 'feature'))
      .filter((name): name is Feature => (FEATURES as readonly string[]).includes(name));
  }

  has(accountId: string, feature: Feature): boolean {
    return this.of(accountId).includes(feature);
  }
}

/** A paid endpoint without the feature: the upstream's two wordings, one per feature. */
export class FeatureNotEnabledError extends AppError {
  constructor(feature: Feature) {
    super(
      feature === 'refresh' ? 'api_access_not_enabled' : 'routing_not_enabled',
      feature === 'refresh'
        ? 'This API endpoint is not enabled for your account. Please contact support@terminal49.com'
        : 'Routing data feature is not enabled for this account',
      { details: { feature } },
    );
  }
}

/** 403 unless the caller's account has `feature`. */
export const requireFeature =
  (features: AccountFeatures, feature: Feature): MiddlewareHandler<ServiceEnv> =>
  async (c, next) => {
    if (!features.has(c.get('account').id, feature)) throw new FeatureNotEnabledError(feature);
    await next();
  };
