import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { Hono } from 'hono';
import type { Config } from '../../config/settings.ts';
import type { Clock } from '../../domain/clock.ts';
import type { Logger } from '../../observability/logger.ts';
import { migrate } from '../../store/database.ts';
import type { ServiceEnv } from '../http/env.ts';
import { BlobFiles } from './blob-files.ts';
import { BlobSweep } from './blob-sweep.ts';
import type { BlobTokens } from './blob-tokens.ts';
import { directUploadRoutes } from './direct-upload-routes.ts';
import {
  UNATTACHED_BLOB_MIGRATION_NAMESPACE,
  UNATTACHED_BLOB_MIGRATIONS,
  UnattachedBlobs,
} from './unattached-blobs.ts';
import { UploadStore } from './upload-store.ts';

/** The service's content store: the files under `<data dir>/blobs`, their rows, and what bounds them. */
export interface ContentStore {
  readonly files: BlobFiles;
  readonly uploads: UploadStore;
  /** Announces direct uploads within the account's quota of unattached ones. */
  readonly directUploads: Hono<ServiceEnv>;
  /** Removes expired uploads and files no row points at; started by `start`, stopped by `stop`. */
  readonly sweep: BlobSweep;
}

/**
 * Opens the content store on the service's database (after the service's own migrations: the list of
 * unattached blobs is kept by triggers on its `blobs` and `documents` tables).
 */
export async function openContentStore(
  db: DatabaseSync,
  deps: {
    readonly config: Pick<
      Config,
      | 'dataDir'
      | 'maxUploadBytes'
      | 'unattachedUploadsPerAccount'
      | 'unattachedUploadBytesPerAccount'
      | 'unattachedUploadTtlHours'
    >;
    readonly clock: Clock;
    readonly logger: Logger;
    readonly tokens: BlobTokens;
  },
): Promise<ContentStore> {
  const { config, clock, logger, tokens } = deps;
  migrate(db, UNATTACHED_BLOB_MIGRATION_NAMESPACE, UNATTACHED_BLOB_MIGRATIONS);
  const files = new BlobFiles(join(config.dataDir, 'blobs'));
  await files.init();
  const uploads = new UploadStore(db, clock);
  const unattached = new UnattachedBlobs(db);
  const uploadTtlMs = config.unattachedUploadTtlHours * 3_600_000;
  const directUploads = directUploadRoutes({
    uploads,
    tokens,
    maxUploadBytes: config.maxUploadBytes,
    unattached,
    quota: {
      uploads: config.unattachedUploadsPerAccount,
      bytes: config.unattachedUploadBytesPerAccount,
      ttlMs: uploadTtlMs,
    },
    now: () => clock.now(),
  });
  const sweep = new BlobSweep({ files, unattached, clock, logger, uploadTtlMs });
  return { files, uploads, directUploads, sweep };
}
