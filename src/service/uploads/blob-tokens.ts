import { z } from 'zod';
import type { TokenCheck, TokenSigner } from './signed-token.ts';
import type { BlobRecord } from './upload-store.ts';

/** Rails' default lifetime of service URLs (`service_urls_expire_in`), for uploads and downloads alike. */
export const BLOB_LINK_TTL_MS = 5 * 60_000;

const SIGNED_ID = 'blob_id';
const UPLOAD = 'blob_upload';
const DOWNLOAD = 'blob_download';

const signedIdClaims = z.object({ bid: z.string(), acc: z.string() });
const linkClaims = z.object({ bid: z.string() });

export const UPLOAD_PATH_PREFIX = '/rails/active_storage/disk';
export const DOWNLOAD_PATH_PREFIX = '/rails/active_storage/blobs';

/** The three tokens of a blob: its signed id (bound to the account) and its expiring upload and download links. */
export class BlobTokens {
  constructor(private readonly signer: TokenSigner) {}

  /** Does not expire, like an ActiveStorage signed id; only the account that uploaded may attach it. */
  signedId(blob: BlobRecord): string {
    return this.signer.sign(SIGNED_ID, { bid: blob.id, acc: blob.accountId });
  }

  /** The blob id behind `signedId` when it is genuine and belongs to `accountId`. */
  blobIdOf(signedId: string, accountId: string): string | undefined {
    const check = this.signer.verify(SIGNED_ID, signedId, signedIdClaims);
    return check.ok && check.claims.acc === accountId ? check.claims.bid : undefined;
  }

  uploadUrl(origin: string, blob: BlobRecord): string {
    const token = this.signer.sign(UPLOAD, { bid: blob.id }, { expiresInMs: BLOB_LINK_TTL_MS });
    return `${origin}${UPLOAD_PATH_PREFIX}/${token}`;
  }

  checkUpload(token: string): TokenCheck<{ bid: string }> {
    return this.signer.verify(UPLOAD, token, linkClaims);
  }

  downloadUrl(origin: string, blob: BlobRecord): string {
    const token = this.signer.sign(DOWNLOAD, { bid: blob.id }, { expiresInMs: BLOB_LINK_TTL_MS });
    return `${origin}${DOWNLOAD_PATH_PREFIX}/${token}/${encodeURIComponent(blob.filename)}`;
  }

  checkDownload(token: string): TokenCheck<{ bid: string }> {
    return this.signer.verify(DOWNLOAD, token, linkClaims);
  }
}
