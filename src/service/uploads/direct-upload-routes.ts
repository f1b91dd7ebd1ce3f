import { Hono } from 'hono';
import { type DirectUploadResponse, directUploadRequest } from '../../contract/direct-upload.ts';
import { isoTime } from '../db/columns.ts';
import type { ServiceEnv } from '../http/env.ts';
import { HttpProblem } from '../http/problem.ts';
import { readJson } from '../http/read-json.ts';
import type { BlobTokens } from './blob-tokens.ts';
import { contentDisposition } from './content-disposition.ts';
import { checkUploadMediaType } from './media-type.ts';
import type { UnattachedBlobs } from './unattached-blobs.ts';
import type { UploadStore } from './upload-store.ts';

export const DIRECT_UPLOADS_PATH = '/rails/active_storage/direct_uploads';

/** Not S3: the bytes stay in the data dir. Clients only pass the value back, if at all. */
const SERVICE_NAME = 'local';

export interface DirectUploadDeps {
  readonly uploads: UploadStore;
  readonly tokens: BlobTokens;
  readonly maxUploadBytes: number;
  readonly unattached: UnattachedBlobs;
  readonly quota: UnattachedUploadQuota;
  readonly now: () => number;
}

/** What an account may hold in uploads it has not attached; past it, new announcements wait (429). */
export interface UnattachedUploadQuota {
  readonly uploads: number;
  readonly bytes: number;
  /** How long an unattached upload lives before the sweep removes it. */
  readonly ttlMs: number;
}

/** Retry-After is the time until the oldest unattached upload expires, at most this (an hour). */
const MAX_QUOTA_RETRY_AFTER_SECONDS = 3600;

/**
 * A 429 naming the quota: the account frees room by attaching its uploads (POST /documents) or by waiting
 * for the unattached ones to expire; announcements are not rate-limited otherwise.
 */
function checkQuota(deps: DirectUploadDeps, accountId: string, byteSize: number): void {
  const pending = deps.unattached.pending(accountId);
  const overCount = pending.count + 1 > deps.quota.uploads;
  const overBytes = pending.bytes + byteSize > deps.quota.bytes;
  if (!overCount && !overBytes) return;
  const untilExpiry =
    pending.oldestSince === null
      ? 1
      : Math.ceil((pending.oldestSince + deps.quota.ttlMs - deps.now()) / 1000);
  const retryAfter = Math.min(MAX_QUOTA_RETRY_AFTER_SECONDS, Math.max(1, untilExpiry));
  const detail = overCount
    ? `The account has ${pending.count} direct uploads not attached to a document, the most it may hold (${deps.quota.uploads}); attach them with POST /documents or wait for them to expire`
    : `The account's direct uploads not attached to a document hold ${pending.bytes} bytes; ${byteSize} more would pass its limit of ${deps.quota.bytes} bytes; attach them with POST /documents or wait for them to expire`;
  throw new HttpProblem(429, 'Too Many Requests', detail, {
    code: 'too_many_unattached_uploads',
    ...(overCount ? {} : { pointer: '/blob/byte_size' }),
    headers: { 'Retry-After': String(retryAfter) },
    retryable: true,
  });
}

/**
 * Step 1 of a direct upload (ActiveStorage): announce the file, get a signed id and a presigned PUT
 * target. Mounted at the root and under /v2 (the upstream guide does not say which); both need a key.
 */
export const directUploadRoutes = (deps: DirectUploadDeps): Hono<ServiceEnv> =>
  new Hono<ServiceEnv>().post(DIRECT_UPLOADS_PATH, async (c) => {
    const { blob } = await readJson(c, directUploadRequest);
    if (blob.byte_size > deps.maxUploadBytes) {
      throw new HttpProblem(
        413,
        'Payload Too Large',
        `Byte size ${blob.byte_size} exceeds the limit of ${deps.maxUploadBytes} bytes`,
        { pointer: '/blob/byte_size', code: 'file_too_large' },
      );
    }
    const mediaType = checkUploadMediaType(blob.content_type);
    if (!mediaType.ok) {
      throw new HttpProblem(422, 'Unprocessable Entity', mediaType.detail, {
        pointer: '/blob/content_type',
        code: mediaType.reason === 'malformed' ? 'invalid_content_type' : 'unsupported_content_type',
      });
    }
    // Checked and written with no await between: concurrent announcements cannot both take the last place.
    checkQuota(deps, c.get('account').id, blob.byte_size);
    const record = deps.uploads.create({
      accountId: c.get('account').id,
      filename: blob.filename,
      contentType: mediaType.essence,
      byteSize: blob.byte_size,
      checksum: blob.checksum,
    });
    const response: DirectUploadResponse = {
      id: record.id,
      key: record.key,
      filename: record.filename,
      content_type: record.contentType,
      metadata: {},
      service_name: SERVICE_NAME,
      byte_size: record.byteSize,
      checksum: record.checksum,
      created_at: isoTime(record.createdAt),
      signed_id: deps.tokens.signedId(record),
      direct_upload: {
        url: deps.tokens.uploadUrl(new URL(c.req.url).origin, record),
        headers: {
          'Content-Type': record.contentType,
          'Content-MD5': record.checksum,
          'Content-Disposition': contentDisposition(record.filename),
        },
      },
    };
    return c.json(response, 200);
  });
