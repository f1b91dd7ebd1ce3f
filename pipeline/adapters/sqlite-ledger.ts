import type { SqliteLedger } from '../../src/store/sqlite-ledger.ts';
import { MarkerKeyRequiredError } from '../ledger/errors.ts';
import { isMarkerKey } from '../ledger/keys.ts';
import type { Ledger, LedgerEntry } from '../ports.ts';

/**
 * The Ledger port on the embedded SQLite ledger. The store already has the port's shape; this adapter pins
 * that to the port's type, so a change on either side fails the type check here rather than at a caller,
 * and it keeps `delete` to marker keys, which the generic store cannot tell apart.
 */
export class EmbeddedLedger implements Ledger {
  constructor(private readonly ledger: SqliteLedger) {}

  putIfAbsent(key: string, value: string): Promise<boolean> {
    return this.ledger.putIfAbsent(key, value);
  }

  putAllIfAbsent(entries: readonly LedgerEntry[]): Promise<boolean[]> {
    return this.ledger.putAllIfAbsent(entries);
  }

  get(key: string): Promise<string | undefined> {
    return this.ledger.get(key);
  }

  list(prefix: string): Promise<LedgerEntry[]> {
    return this.ledger.list(prefix);
  }

  async delete(key: string): Promise<void> {
    if (!isMarkerKey(key)) throw new MarkerKeyRequiredError(key);
    await this.ledger.delete(key);
  }
}
