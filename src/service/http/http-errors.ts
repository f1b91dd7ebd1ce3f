import { AppError } from '../../domain/errors.ts';

// Errors of the HTTP edge itself (the request as bytes), before any use case runs. Their status comes
// from the error table like every other code.

export class UnsupportedMediaTypeError extends AppError {
  constructor(accepted: readonly string[]) {
    super('unsupported_media_type', `Content-Type must be ${accepted.join(' or ')}`);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(limitBytes: number) {
    super('payload_too_large', `Request bodies are limited to ${limitBytes} bytes`, {
      details: { limitBytes },
    });
  }
}

export class MalformedJsonError extends AppError {
  constructor() {
    super('malformed_json', 'The request body is not valid JSON');
  }
}

export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  /** The X-RateLimit-* headers of the refused request's bucket, sent with Retry-After. */
  readonly rateLimitHeaders: Readonly<Record<string, string>>;
  constructor(detail: string, retryAfterSeconds: number, rateLimitHeaders: Record<string, string> = {}) {
    super('rate_limited', detail, { retryable: true, details: { retryAfterSeconds } });
    this.retryAfterSeconds = retryAfterSeconds;
    this.rateLimitHeaders = rateLimitHeaders;
  }
}
