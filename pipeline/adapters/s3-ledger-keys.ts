import { ValidationError } from '../../src/domain/errors.ts';

/** S3's limit on an object key, in UTF-8 bytes, prefix included. */
const MAX_OBJECT_KEY_BYTES = 1024;
/**
 * Characters kept as they are: S3's "safe" set without `!*'()` (which some tools quote), and `/`, so keys
 * still group like folders and ListObjectsV2 prefixes work. `.` is not kept: a `.` or `..` segment may be
 * normalized away by an HTTP layer on its way to S3.
 */
const KEPT = /^[A-Za-z0-9_\-/]$/u;

/**
 * Ledger key → S3 object key (without the adapter's prefix): every other character becomes `%XX` per UTF-8
 * byte. The code maps each character on its own and `%` is always encoded, so it is reversible and keeps
 * prefixes: `a` is a prefix of `b` exactly when `encode(a)` is a prefix of `encode(b)`, which is what
 * `list(prefix)` needs. It does not keep order (`~` sorts after letters, `%7E` before): lists sort after
 * decoding.
 */
export function encodeLedgerKey(key: string): string {
  let encoded = '';
  for (const char of key) {
    if (KEPT.test(char)) {
      encoded += char;
      continue;
    }
    if (char.length === 1 && char >= '\uD800' && char <= '\uDFFF') {
      throw new ValidationError(`ledger key ${JSON.stringify(key)} has a lone surrogate`, { key });
    }
    for (const byte of Buffer.from(char, 'utf8'))
      encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

export function decodeLedgerKey(encoded: string): string {
  return decodeURIComponent(encoded);
}

/** Throws unless `objectKey` fits S3's key limit; the ledger key is named for the caller. */
export function checkObjectKeyLength(objectKey: string, key: string): string {
  const bytes = Buffer.byteLength(objectKey, 'utf8');
  if (bytes > MAX_OBJECT_KEY_BYTES) {
    throw new ValidationError(
      `ledger key ${JSON.stringify(key)} is ${bytes} bytes once encoded, over S3's ${MAX_OBJECT_KEY_BYTES}`,
      { key },
    );
  }
  return objectKey;
}

/** The order SQLite's ledger lists in (bytes of UTF-8), so both adapters list alike. */
export const compareKeys = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));
