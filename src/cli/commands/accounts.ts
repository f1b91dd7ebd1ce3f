import { join } from 'node:path';
import { loadConfig } from '../../config/load-config.ts';
import { systemClock } from '../../domain/clock.ts';
import {
  ACCOUNT_FEATURE_MIGRATION_NAMESPACE,
  ACCOUNT_FEATURE_MIGRATIONS,
  AccountFeatures,
  parseFeatures,
} from '../../service/accounts/account-features.ts';
import { AccountStore, createAccountWithKey } from '../../service/accounts/account-store.ts';
import { SERVICE_MIGRATION_NAMESPACE, SERVICE_MIGRATIONS } from '../../service/db/service-schema.ts';
import { SERVICE_DATABASE_FILE } from '../../service/service.ts';
import { ensurePrivateDirectory, migrate, openDatabase } from '../../store/database.ts';
import { line, type Output } from '../output.ts';

export interface AccountsFlags {
  readonly dataDir?: string;
  readonly name?: string;
  readonly features?: string;
}

export interface AccountsDeps {
  readonly output: Output;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Opens the service's database in the data dir, creating its tables when no service ran there yet. SQLite
 * in WAL mode lets this run while `stevedore service` or `up` holds the data dir: the new account
 * authenticates at once, the service reads keys from the database on every request.
 */
const withAccounts = <T>(
  flags: AccountsFlags,
  deps: AccountsDeps,
  work: (accounts: AccountStore, features: AccountFeatures) => T,
): T => {
  const config = loadConfig(deps.env, flags.dataDir === undefined ? {} : { dataDir: flags.dataDir });
  ensurePrivateDirectory(config.dataDir);
  const db = openDatabase(join(config.dataDir, SERVICE_DATABASE_FILE));
  try {
    migrate(db, SERVICE_MIGRATION_NAMESPACE, SERVICE_MIGRATIONS);
    migrate(db, ACCOUNT_FEATURE_MIGRATION_NAMESPACE, ACCOUNT_FEATURE_MIGRATIONS);
    return work(new AccountStore(db, systemClock), new AccountFeatures(db));
  } finally {
    db.close();
  }
};

/** `stevedore accounts create --name N [--features refresh,routing]`: prints the new account's key, once. */
export const accountsCreate = async (flags: AccountsFlags, deps: AccountsDeps): Promise<number> => {
  const name = flags.name?.trim() ?? '';
  if (name === '') {
    line(deps.output.stderr, 'stevedore: --name is required');
    return 2;
  }
  const granted = parseFeatures(flags.features ?? '');
  const created = withAccounts(flags, deps, (accounts, features) => {
    const result = createAccountWithKey(accounts, name);
    features.grant(result.account.id, granted);
    return result;
  });
  line(deps.output.stdout, created.apiKey);
  line(
    deps.output.stderr,
    `account ${created.account.id} (${name}) created with ${granted.length === 0 ? 'no paid features' : `features ${granted.join(', ')}`}; the key is shown only once`,
  );
  return 0;
};

/** `stevedore accounts list`: one line per account: id, name, features. */
export const accountsList = async (flags: AccountsFlags, deps: AccountsDeps): Promise<number> => {
  const rows = withAccounts(flags, deps, (accounts, features) =>
    accounts.list().map((account) => ({ ...account, features: features.of(account.id) })),
  );
  for (const row of rows) {
    line(
      deps.output.stdout,
      `${row.id}  ${row.name}  ${row.features.length === 0 ? '-' : row.features.join(',')}`,
    );
  }
  return 0;
};
