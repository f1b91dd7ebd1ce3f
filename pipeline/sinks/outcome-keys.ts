import { ValidationError } from '../../src/domain/errors.ts';

export const RESULTS_PREFIX = 'results';
export const FAILED_PREFIX = 'failed';

/**
 * Document ids become object keys, as the folder sink makes them file names. The service issues UUIDs;
 * anything else (a separator, `..`) is refused rather than escaped, since a signed payload with such an
 * id means a bug or a leaked secret. The same rule as `folder-sink.ts`, so both sinks accept the same ids.
 */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** `results/<id>.json` or `failed/<id>.json`. */
export function outcomeKey(kind: 'result' | 'failure', documentId: string): string {
  if (!SAFE_ID.test(documentId)) {
    throw new ValidationError(`document id ${JSON.stringify(documentId)} is not safe as an object key`, {
      documentId,
    });
  }
  return `${kind === 'result' ? RESULTS_PREFIX : FAILED_PREFIX}/${documentId}.json`;
}
