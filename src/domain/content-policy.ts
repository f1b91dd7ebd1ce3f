/**
 * What stevedore accepts from any source (the drop folder, `stevedore ingest`, and later S3 and mail):
 * the checks run on the size and on the type detected from the first bytes, never on the name, so a
 * file is refused for the same reason wherever it comes from.
 */

/** What the service extracts from, by MIME type, with the name people know the format by. */
export const ACCEPTED_CONTENT_TYPES: ReadonlyMap<string, string> = new Map([
  ['application/pdf', 'PDF'],
  ['image/png', 'PNG'],
  ['image/jpeg', 'JPEG'],
  ['image/tiff', 'TIFF'],
]);

/** file-type needs this many leading bytes to tell every format it knows apart. */
export const TYPE_SNIFF_BYTES = 4_100;

export type RejectReason = 'empty' | 'too_large' | 'unsupported_type' | 'unreadable';

export interface ContentRejection {
  readonly reason: RejectReason;
  /** One sentence a person can act on. */
  readonly detail: string;
}

export interface ContentPolicy {
  /** Larger content is refused: the service would answer 413. */
  readonly maxBytes: number;
}

/** A type as detected from magic bytes; undefined when nothing was recognised. */
export interface SniffedType {
  readonly mime: string;
  readonly ext: string;
}

/** The rejection for content of `sizeBytes`, or undefined when the size is acceptable. */
export function checkSize(sizeBytes: number, policy: ContentPolicy): ContentRejection | undefined {
  if (sizeBytes === 0) return { reason: 'empty', detail: 'the file is empty (0 bytes)' };
  if (sizeBytes > policy.maxBytes) {
    return {
      reason: 'too_large',
      detail: `the file is ${sizeBytes} bytes; the largest accepted is ${policy.maxBytes} bytes`,
    };
  }
  return undefined;
}

/** The rejection for content of the detected type, or undefined when the type is accepted. */
export function checkType(type: SniffedType | undefined): ContentRejection | undefined {
  if (type !== undefined && ACCEPTED_CONTENT_TYPES.has(type.mime)) return undefined;
  const found = type === undefined ? 'an unrecognised format' : `${type.mime} (.${type.ext})`;
  const accepted = [...ACCEPTED_CONTENT_TYPES.values()].join(', ');
  return { reason: 'unsupported_type', detail: `the content is ${found}; accepted: ${accepted}` };
}
