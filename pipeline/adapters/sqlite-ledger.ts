import type { SqliteLedger } from '../../src/store/sqlite-ledger.ts';
import type { Ledger } from '../ports.ts';

/**
 * The Ledger port on the embedded SQLite ledger. The store already has the port's shape; this adapter pins
 * that to the port's type, so a change on either side fails the type check here rather than at a caller.
 */
export class EmbeddedLedger implements Ledger {
  constructor(private readonly ledger: SqliteLedger) {}

  putIfAbsent(key: string, value: string): Promise<boolean> {
    return this.ledger.putIfAbsent(key, value);
  }

  get(key: string): Promise<string | undefined> {
    return this.ledger.get(key);
  }

  list(prefix: string): Promise<Array<{ key: string; value: string }>> {
    return this.ledger.list(prefix);
  }
}
