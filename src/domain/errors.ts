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

/**
 * Codes of input that breaks a rule: `blank`, `invalid` and `duplicate` as the upstream names them, `not_uploaded` for a
 * direct upload whose bytes never arrived, `validation_failed` for everything else.
 */
export type ValidationCode = 'validation_failed' | 'blank' | 'invalid' | 'not_uploaded' | 'duplicate';

/**
 * Input that can never succeed as sent: the caller must change it. `pointer` (a JSON Pointer into the
 * request body) names the offending member when there is one.
 */
export class ValidationError extends AppError {
  readonly pointer: string | undefined;
  constructor(
    message: string,
    details: Record<string, unknown> = {},
    options: { pointer?: string; code?: ValidationCode } = {},
  ) {
    super(options.code ?? 'validation_failed', message, {
      details: options.pointer === undefined ? details : { ...details, pointer: options.pointer },
    });
    this.pointer = options.pointer;
  }
}

/** A query parameter that cannot be read (a page number past any page, an unknown sort field). */
export class InvalidParameterError extends AppError {
  readonly parameter: string;
  constructor(parameter: string, message: string) {
    super('invalid_parameter', message, { details: { parameter } });
    this.parameter = parameter;
  }
}

export class NotFoundError extends AppError {
  readonly what: string;
  constructor(what: string, id: string) {
    super('not_found', `${what} ${id} was not found`, { details: { what, id } });
    this.what = what;
  }
}

/** The account already has a document with these bytes; content identity decides, not the name. */
export class DuplicateDocumentError extends AppError {
  readonly existingDocumentId: string;
  readonly existingDocumentName: string;
  constructor(existing: { readonly id: string; readonly name: string }) {
    super(
      'duplicate_document',
      `This file was already submitted as document ${existing.id} ("${existing.name}")`,
      { details: { existingDocumentId: existing.id, existingDocumentName: existing.name } },
    );
    this.existingDocumentId = existing.id;
    this.existingDocumentName = existing.name;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
