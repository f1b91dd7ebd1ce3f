import { AppError } from '../domain/errors.ts';

export type ExtractionFailureReason =
  | 'empty_file'
  | 'unsupported_file_type'
  | 'encrypted'
  | 'unreadable'
  | 'no_text_layer'
  | 'file_too_large'
  | 'timeout'
  | 'ocr_failed'
  | 'extractor_error';

/**
 * Why a file could not be turned into structured data. Thrown inside the extraction module and turned
 * into an `ExtractionFailure` result at its edge. Never retryable: the same bytes fail the same way.
 */
export class ExtractionError extends AppError {
  readonly reason: ExtractionFailureReason;

  constructor(reason: ExtractionFailureReason, message: string, options: { cause?: unknown } = {}) {
    super(`extraction_${reason}`, message, { cause: options.cause, details: { reason } });
    this.reason = reason;
  }
}
