import { ValidationError } from '../../src/domain/errors.ts';

/** S3's limit on an object key; the folder store keeps the same one so keys move between them. */
export const MAX_BLOB_KEY_BYTES = 1024;
/** Most filesystems cap one path segment at 255 bytes. */
const MAX_SEGMENT_BYTES = 255;
/**
 * Portable keys: `/`-separated segments of letters, digits, `.`, `_`, `-`, not starting with `.`. That
 * excludes `..`, absolute paths, backslashes and drive letters, so a key maps to a path inside the store's
 * root on every platform, and leaves names starting with `.` free for the store's own temporary files.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Throws `ValidationError` unless `key` is a portable blob key; returns its segments. */
export function blobKeySegments(key: string): string[] {
  const bytes = Buffer.byteLength(key, 'utf8');
  if (bytes === 0 || bytes > MAX_BLOB_KEY_BYTES) {
    throw new ValidationError(`blob key must be 1 to ${MAX_BLOB_KEY_BYTES} bytes, got ${bytes}`, { key });
  }
  const segments = key.split('/');
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment.length > MAX_SEGMENT_BYTES) {
      throw new ValidationError(
        `blob key ${JSON.stringify(key)} has an invalid segment ${JSON.stringify(segment)}: use letters, digits, ` +
          "'.', '_' and '-', not starting with '.'",
        { key },
      );
    }
  }
  return segments;
}
