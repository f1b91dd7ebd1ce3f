import type { DatabaseSync } from 'node:sqlite';
import { transaction } from './database.ts';
import { storeCall } from './store-errors.ts';

/**
 * How long a write that may ride along (a ledger batch) waits for another write transaction on the same
 * connection before it commits on its own. Measured on the ingest bench: at 4 ms half the batches still
 * committed alone, at 8 ms a quarter (the others shared a queue commit or each other's). Idle, a batch is
 * durable this much later, far below the upload's own round trips.
 */
export const RIDER_WINDOW_MS = 8;

interface Rider {
  readonly label: string;
  readonly write: () => unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Group commit across the stores of one SQLite connection (the worker's ledger and queues share
 * `worker.db`). A rider is a small synchronous write that joins the next transaction any of them runs, or
 * commits alone after `RIDER_WINDOW_MS`; it resolves only once that transaction is durable. Each rider
 * runs in its own savepoint: it is all-or-nothing, and its failure fails it alone. A crash before the
 * commit loses the rider and the host transaction together, so the caller's "nothing acknowledged before
 * it is durable" holds as with a commit of its own.
 */
export class SharedCommit {
  private riders: Rider[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: DatabaseSync,
    private readonly windowMs: number = RIDER_WINDOW_MS,
  ) {}

  /** Runs `write` in the next transaction on this connection; resolves with its result once committed. */
  ride<T>(label: string, write: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // Rider keeps the type out of the list; `resolve` gets exactly what `write` returned.
      this.riders.push({ label, write, resolve: resolve as (value: unknown) => void, reject });
      this.timer ??= setTimeout(() => this.flush(), this.windowMs);
    });
  }

  /** `transaction(db, fn)`, with every waiting rider written in it too. */
  transaction<T>(fn: () => T): T {
    // Nested: `transaction` refuses it, and the riders must not fail with it.
    if (this.db.isTransaction || this.riders.length === 0) return transaction(this.db, fn);
    const riders = this.take();
    let settle: () => void = () => undefined;
    try {
      const result = transaction(this.db, () => {
        settle = this.writeRiders(riders);
        return fn();
      });
      settle();
      return result;
    } catch (error) {
      // Rolled back with the host: the riders commit on their own, unaffected by its failure.
      this.commitAlone(riders);
      throw error;
    }
  }

  /**
   * One autocommit statement (a delete, a send), with the waiting riders in its commit when there are
   * any: the same one fsync either way. Inside a caller's open transaction it simply joins that.
   */
  statement<T>(fn: () => T): T {
    if (this.db.isTransaction || this.riders.length === 0) return fn();
    return this.transaction(fn);
  }

  /** Commits the waiting riders without a host (the window ran out). */
  flush(): void {
    this.commitAlone(this.take());
  }

  private take(): Rider[] {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    return this.riders.splice(0);
  }

  private commitAlone(riders: readonly Rider[]): void {
    if (riders.length === 0) return;
    try {
      const settle = storeCall(`commit ${riders.length} batched writes`, () =>
        transaction(this.db, () => this.writeRiders(riders)),
      );
      settle();
    } catch (error) {
      for (const rider of riders) rider.reject(error);
    }
  }

  /** Writes each rider in a savepoint; returns what settles them, to call once the commit succeeded. */
  private writeRiders(riders: readonly Rider[]): () => void {
    const outcomes = riders.map((rider) => {
      this.db.exec('SAVEPOINT rider');
      try {
        const value = storeCall(rider.label, rider.write);
        this.db.exec('RELEASE rider');
        return () => rider.resolve(value);
      } catch (error) {
        this.db.exec('ROLLBACK TO rider');
        this.db.exec('RELEASE rider');
        return () => rider.reject(error);
      }
    });
    return () => {
      for (const settle of outcomes) settle();
    };
  }
}

const shared = new WeakMap<DatabaseSync, SharedCommit>();

/** The one `SharedCommit` of a connection, so every store on it joins the same group. */
export function sharedCommitOf(db: DatabaseSync): SharedCommit {
  let commit = shared.get(db);
  if (commit === undefined) {
    commit = new SharedCommit(db);
    shared.set(db, commit);
  }
  return commit;
}
