import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { errorCode } from '../../domain/system-error-code.ts';
import type { Account } from '../http/env.ts';
import { type AccountStore, generateApiKey } from './account-store.ts';

export const API_KEY_FILE = 'api-key';
const FIRST_ACCOUNT_NAME = 'default';

export interface BootstrappedAccount {
  readonly account: Account;
  readonly apiKey: string;
  /** Where the key is written (mode 0600) so the CLI and the worker can read it. */
  readonly keyFile: string;
}

/**
 * Makes sure the service has an account and a usable key. A configured key (SVC_API_TOKEN) is adopted by
 * the first account; otherwise the key in the key file is reused, or a new one is minted when that file is
 * missing or names a key the database does not know (the database stores only digests, so a lost key
 * cannot be recovered, only replaced).
 */
export async function bootstrapAccount(options: {
  accounts: AccountStore;
  dataDir: string;
  configuredKey: string | undefined;
}): Promise<BootstrappedAccount> {
  const { accounts, dataDir, configuredKey } = options;
  const keyFile = join(dataDir, API_KEY_FILE);
  const account = accounts.ensureFirst(FIRST_ACCOUNT_NAME);

  let apiKey: string;
  if (configuredKey !== undefined) {
    // A configured key that already belongs to another account stays there: it authenticates either way.
    if (accounts.findByKey(configuredKey) === undefined) accounts.addKey(account.id, configuredKey);
    apiKey = configuredKey;
  } else {
    const stored = await readKeyFile(keyFile);
    if (stored !== undefined && accounts.findByKey(stored) !== undefined) {
      apiKey = stored;
    } else {
      apiKey = generateApiKey();
      accounts.addKey(account.id, apiKey);
    }
  }

  if ((await readKeyFile(keyFile)) !== apiKey) await writeFile(keyFile, `${apiKey}\n`, { mode: 0o600 });
  // `mode` applies only when the file is created; an older file may have looser permissions.
  await chmod(keyFile, 0o600);
  return { account, apiKey, keyFile };
}

async function readKeyFile(path: string): Promise<string | undefined> {
  try {
    const text = (await readFile(path, 'utf8')).trim();
    return text.length > 0 ? text : undefined;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}
