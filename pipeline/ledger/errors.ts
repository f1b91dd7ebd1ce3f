import { AppError } from '../../src/domain/errors.ts';

/** A delete of a key that is history, not a marker: a bug in the caller, never retried. */
export class MarkerKeyRequiredError extends AppError {
  constructor(key: string) {
    super('ledger_not_a_marker', `only marker keys may be deleted from the ledger, not ${key}`, {
      details: { key },
    });
  }
}

/** A ledger value that does not match its schema: a bug in a writer or an entry edited by hand. */
export class LedgerEntryError extends AppError {
  constructor(key: string, cause: unknown) {
    super('ledger_entry_malformed', `ledger entry ${key} is malformed`, { cause, details: { key } });
  }
}
