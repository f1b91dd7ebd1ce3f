import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Clock } from '../../domain/clock.ts';
import { AppError } from '../../domain/errors.ts';
import { transaction } from '../../store/database.ts';
import { readText } from '../../store/sql-row.ts';
import { storeCall } from '../../store/store-errors.ts';
import type { Account } from '../http/env.ts';

/** Keys are stored as SHA-256 digests: a leaked database does not leak a usable key. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** 32 random bytes; the prefix makes a key recognisable in a secret scanner or a paste. */
export const generateApiKey = (): string => `svc_${randomBytes(32).toString('base64url')}`;

export interface AuthenticatedKey {
  readonly account: Account;
  readonly keyHash: string;
}

/** Accounts and their API keys. */
export class AccountStore {
  /** Every authenticated request runs it: compiled once (compiling costs ~10 us, the lookup ~1.5). */
  private readonly keyLookup: StatementSync;

  constructor(
    private readonly db: DatabaseSync,
    private readonly clock: Clock,
  ) {
    this.keyLookup = db.prepare(
      `SELECT accounts.id, accounts.name FROM api_keys
       JOIN accounts ON accounts.id = api_keys.account_id WHERE api_keys.key_hash = ?`,
    );
  }

  create(name: string): Account {
    const account = { id: randomUUID(), name };
    storeCall('create account', () =>
      this.db
        .prepare('INSERT INTO accounts (id, name, created_at) VALUES (?, ?, ?)')
        .run(account.id, name, this.clock.now()),
    );
    return account;
  }

  /** The account created first, which the service's own key belongs to; created when there is none. */
  ensureFirst(name: string): Account {
    return storeCall('ensure first account', () =>
      transaction(this.db, () => this.first() ?? this.create(name)),
    );
  }

  /** Every account, oldest first. */
  list(): Account[] {
    return storeCall('list accounts', () =>
      this.db
        .prepare('SELECT id, name FROM accounts ORDER BY created_at, rowid')
        .all()
        .map((row) => ({ id: readText(row, 'id'), name: readText(row, 'name') })),
    );
  }

  get(id: string): Account | undefined {
    const row = this.db.prepare('SELECT id, name FROM accounts WHERE id = ?').get(id);
    return row === undefined ? undefined : { id: readText(row, 'id'), name: readText(row, 'name') };
  }

  /** Adds `key` to the account; adding a key the account already has is a no-op. */
  addKey(accountId: string, key: string): void {
    const keyHash = hashApiKey(key);
    const owner = this.findByKey(key);
    if (owner !== undefined) {
      if (owner.account.id === accountId) return;
      throw new AppError('api_key_taken', 'this API key already belongs to another account');
    }
    storeCall('add api key', () =>
      this.db
        .prepare('INSERT INTO api_keys (key_hash, account_id, created_at) VALUES (?, ?, ?)')
        .run(keyHash, accountId, this.clock.now()),
    );
  }

  findByKey(key: string): AuthenticatedKey | undefined {
    const keyHash = hashApiKey(key);
    const row = storeCall('find api key', () => this.keyLookup.get(keyHash));
    if (row === undefined) return undefined;
    return { account: { id: readText(row, 'id'), name: readText(row, 'name') }, keyHash };
  }

  private first(): Account | undefined {
    const row = this.db.prepare('SELECT id, name FROM accounts ORDER BY created_at, rowid LIMIT 1').get();
    return row === undefined ? undefined : { id: readText(row, 'id'), name: readText(row, 'name') };
  }
}

/** A new account with one fresh key; for extra tenants and for tests of account isolation. */
export function createAccountWithKey(
  accounts: AccountStore,
  name: string,
): { account: Account; apiKey: string } {
  const account = accounts.create(name);
  const apiKey = generateApiKey();
  accounts.addKey(account.id, apiKey);
  return { account, apiKey };
}
