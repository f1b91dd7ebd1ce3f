import type { ServerSideEncryption } from '@aws-sdk/client-s3';

/** Encryption at rest for every object the adapters write; S3-managed keys unless a KMS key is named. */
export type S3Encryption =
  | { readonly kind: 'AES256' }
  | { readonly kind: 'aws:kms'; readonly keyId?: string };

export const DEFAULT_ENCRYPTION: S3Encryption = { kind: 'AES256' };

/** The PutObject / Upload parameters that ask for `encryption`. */
export const encryptionParams = (
  encryption: S3Encryption,
): { ServerSideEncryption: ServerSideEncryption; SSEKMSKeyId?: string } =>
  encryption.kind === 'AES256'
    ? { ServerSideEncryption: 'AES256' }
    : {
        ServerSideEncryption: 'aws:kms',
        ...(encryption.keyId === undefined ? {} : { SSEKMSKeyId: encryption.keyId }),
      };

/** `prefix` as a key prefix: empty, or ending in exactly one `/`. */
export const normalizePrefix = (prefix: string | undefined): string =>
  prefix === undefined || prefix === '' ? '' : `${prefix.replace(/\/+$/, '')}/`;
