import { createHash } from 'node:crypto';
import { ValidationError } from '../../src/domain/errors.ts';

/** The prefixes of the drop bucket: objects arrive under `inbox`, and leave for `archive` or `rejected`. */
export interface DropPrefixes {
  readonly inbox: string;
  readonly archive: string;
  readonly rejected: string;
}

export const DEFAULT_DROP_PREFIXES: DropPrefixes = {
  inbox: 'inbox/',
  archive: 'archive/',
  rejected: 'rejected/',
};

/** Written beside each object set aside in `rejected/`; JSON here, since S3 objects are read by tools. */
export const REASON_OBJECT_SUFFIX = '.reason.json';

/**
 * Checks the prefixes once, at construction. Each must end with `/`, and none may contain another: an
 * archive inside the inbox would take every archived object again, forever.
 */
export function checkDropPrefixes(prefixes: DropPrefixes): DropPrefixes {
  const entries = Object.entries(prefixes);
  const problems: string[] = [];
  for (const [name, prefix] of entries) {
    if (!prefix.endsWith('/') || prefix === '/')
      problems.push(`${name} prefix "${prefix}" must end with "/"`);
    for (const [other, otherPrefix] of entries) {
      if (name !== other && otherPrefix.startsWith(prefix)) {
        problems.push(`${other} prefix "${otherPrefix}" is inside the ${name} prefix "${prefix}"`);
      }
    }
  }
  if (problems.length > 0) throw new ValidationError(`invalid S3 drop prefixes: ${problems.join('; ')}`);
  return prefixes;
}

/** What one notified object is, as far as identity goes. */
export interface S3ObjectIdentity {
  readonly bucket: string;
  readonly key: string;
  readonly eTag: string;
  readonly versionId?: string;
  readonly sizeBytes: number;
}

/**
 * The same object yields the same id however often it is notified, so a delivery after a crash between
 * the send and the archive stages it again under the same origin. The version id tells a re-upload of the
 * same bytes apart on a versioned bucket; without versioning the same bytes at the same key are one origin.
 */
export function s3OriginId(object: S3ObjectIdentity): string {
  const identity = JSON.stringify([
    object.bucket,
    object.key,
    object.versionId ?? null,
    object.eTag,
    object.sizeBytes,
  ]);
  return `s3-${createHash('sha256').update(identity).digest('hex').slice(0, 32)}`;
}

/** The key's last segment, the name a person gave the file; a placeholder's is its folder name. */
export const lastSegment = (key: string): string => {
  const trimmed = key.endsWith('/') ? key.slice(0, -1) : key;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
};

/** The reason object of `rejectedKey`; a placeholder `a/` gets `a.reason.json`, not a hidden `a/.reason.json`. */
export const reasonKeyOf = (rejectedKey: string): string =>
  `${rejectedKey.endsWith('/') ? rejectedKey.slice(0, -1) : rejectedKey}${REASON_OBJECT_SUFFIX}`;
