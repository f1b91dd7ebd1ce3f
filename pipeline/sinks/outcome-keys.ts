import { ValidationError } from '../../src/domain/errors.ts';

/** The folders (locally) and key prefixes (in S3) of the outcome files: the same layout in both sinks. */
export const RESULTS_PREFIX = 'results';
export const FAILED_PREFIX = 'failed';

/**
 * Document ids become file names and object keys. The service issues UUIDs; anything else (a separator,
 * `..`) is refused rather than escaped, since a signed payload with such an id means a bug or a leaked
 * secret.
 */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** `<id>.json`, for an id that is safe as a file name and an object key. */
export function outcomeFileName(documentId: string): string {
  if (!SAFE_ID.test(documentId)) {
    throw new ValidationError(`document id ${JSON.stringify(documentId)} is not safe as a file name`, {
      documentId,
    });
  }
  return `${documentId}.json`;
}

/** The folder or prefix of a kind of outcome. */
export const outcomePrefix = (kind: 'result' | 'failure'): string =>
  kind === 'result' ? RESULTS_PREFIX : FAILED_PREFIX;

/** `results/<id>.json` or `failed/<id>.json`. */
export const outcomeKey = (kind: 'result' | 'failure', documentId: string): string =>
  `${outcomePrefix(kind)}/${outcomeFileName(documentId)}`;
