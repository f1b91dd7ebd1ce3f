/**
 * The one error base of the project. `code` is stable and machine-readable; `retryable` tells a caller
 * whether the same call may succeed later; `cause` keeps the underlying error for logs, never for clients.
 */
export class AppError extends Error {
  readonly code: string;
  readonly retryable: boolean;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    code: string,
    message: string,
    options: { retryable?: boolean; cause?: unknown; details?: Record<string, unknown> } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.details = options.details ?? {};
  }
}

/** Input that can never succeed as sent: the caller must change it. */
export class ValidationError extends AppError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super('validation_failed', message, { details });
  }
}

export class NotFoundError extends AppError {
  constructor(what: string, id: string) {
    super('not_found', `${what} ${id} was not found`, { details: { what, id } });
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
