import { AppError } from '../domain/errors.ts';

/**
 * An expected wait, not a failure: what the handler needs is not there yet but will be shortly (a row
 * another process writes within milliseconds, say). The consumer hides the message for
 * `retryAfterSeconds`, logs at debug and counts it as `waiting`, not `failed`; the retry rules give the
 * same delay, so a deployed function waits alike. The handler bounds how often it waits (by receive count).
 */
export class NotReadyError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(
    code: string,
    message: string,
    options: { retryAfterSeconds: number; details?: Record<string, unknown> },
  ) {
    super(code, message, { retryable: true, ...(options.details ? { details: options.details } : {}) });
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const isNotReady = (error: unknown): error is NotReadyError => error instanceof NotReadyError;
