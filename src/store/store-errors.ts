import { AppError } from '../domain/errors.ts';

// SQLite primary result codes (https://sqlite.org/rescode.html); extended codes keep them in the low byte.
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;

/** Another connection (the service or the worker) held the write lock longer than the busy timeout. */
export class StoreBusyError extends AppError {
  constructor(operation: string, cause: unknown) {
    super('store_busy', `${operation}: the database stayed locked by another connection`, {
      retryable: true,
      cause,
      details: { operation },
    });
  }
}

/**
 * The handle is not the latest one of a message in this queue: the message was deleted, dead-lettered, or
 * received again by someone else after its visibility timeout. Not retryable: the same handle never becomes
 * valid again, and the current holder owns the message now.
 */
export class ReceiptHandleStaleError extends AppError {
  constructor(queue: string, operation: string) {
    super(
      'receipt_handle_stale',
      `${operation} on queue ${queue}: the receipt handle is stale (message deleted or received again)`,
      { details: { queue, operation } },
    );
  }
}

export class MessageTooLargeError extends AppError {
  constructor(queue: string, bytes: number, limit: number) {
    super('message_too_large', `message for queue ${queue} is ${bytes} bytes; the limit is ${limit} bytes`, {
      details: { queue, bytes, limit },
    });
  }
}

export class LedgerValueTooLargeError extends AppError {
  constructor(key: string, bytes: number, limit: number) {
    super('value_too_large', `ledger value for ${key} is ${bytes} bytes; the limit is ${limit} bytes`, {
      details: { key, bytes, limit },
    });
  }
}

/** A stored row does not have the shape the schema promises: a bug or a file edited by hand. */
export class StoreCorruptError extends AppError {
  constructor(message: string, details: Record<string, unknown>) {
    super('store_corrupt', message, { details });
  }
}

interface SqliteError extends Error {
  readonly errcode: number;
}

const isSqliteError = (error: unknown): error is SqliteError =>
  error instanceof Error && 'errcode' in error && typeof error.errcode === 'number';

/** Maps a `node:sqlite` error to the project's error model; anything else passes through unchanged. */
export function toStoreError(error: unknown, operation: string): unknown {
  if (!isSqliteError(error)) return error;
  const primary = error.errcode & 0xff;
  if (primary === SQLITE_BUSY || primary === SQLITE_LOCKED) return new StoreBusyError(operation, error);
  return new AppError('store_failed', `${operation}: ${error.message}`, {
    cause: error,
    details: { operation, sqliteCode: error.errcode },
  });
}

/** Runs a synchronous database call and rethrows its failure as an `AppError`. */
export function storeCall<T>(operation: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw toStoreError(error, operation);
  }
}
