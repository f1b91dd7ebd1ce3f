import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../../store/database.ts';
import { readInteger, readText } from '../../store/sql-row.ts';
import { storeCall } from '../../store/store-errors.ts';

/**
 * `unattached_blobs` lists the blobs no live document points at, kept by triggers in the writing
 * transaction, so the upload quota and the sweep read a few rows instead of joining every blob of an account
 * with every document:
 * - `announced`: a direct upload (or a mail document) not attached yet, since its creation. It counts against
 *   the account's quota and expires after the upload lifetime.
 * - `released`: a blob a document let go (the document was deleted, or rotated onto a new file), since then.
 *   It counts against no quota (the account did nothing wrong) and goes after `RELEASED_BLOB_GRACE_MS`.
 * A document created on, or moved back to, a listed blob removes it from the list.
 */
export const UNATTACHED_BLOB_MIGRATION_NAMESPACE = 'service/unattached-blobs';
export const UNATTACHED_BLOB_MIGRATIONS: readonly string[] = [
  `CREATE TABLE unattached_blobs (
     blob_id TEXT PRIMARY KEY,
     account_id TEXT NOT NULL,
     byte_size INTEGER NOT NULL,
     kind TEXT NOT NULL CHECK (kind IN ('announced', 'released')),
     since INTEGER NOT NULL
   ) STRICT;
   CREATE INDEX unattached_blobs_account ON unattached_blobs (account_id, kind, since);
   CREATE INDEX unattached_blobs_since ON unattached_blobs (since);
   CREATE INDEX blobs_sha256 ON blobs (sha256) WHERE sha256 IS NOT NULL;
   CREATE INDEX documents_blob ON documents (blob_id);
   INSERT INTO unattached_blobs (blob_id, account_id, byte_size, kind, since)
     SELECT b.id, b.account_id, b.byte_size,
            CASE WHEN d.deleted_at IS NULL THEN 'announced' ELSE 'released' END,
            coalesce(d.deleted_at, b.created_at)
       FROM blobs b
       LEFT JOIN (SELECT blob_id, max(deleted_at) AS deleted_at FROM deleted_documents GROUP BY blob_id) d
         ON d.blob_id = b.id
      WHERE NOT EXISTS (SELECT 1 FROM documents WHERE documents.blob_id = b.id);
   CREATE TRIGGER unattached_blob_created AFTER INSERT ON blobs BEGIN
     INSERT INTO unattached_blobs (blob_id, account_id, byte_size, kind, since)
       VALUES (new.id, new.account_id, new.byte_size, 'announced', new.created_at);
   END;
   CREATE TRIGGER unattached_blob_attached AFTER INSERT ON documents BEGIN
     DELETE FROM unattached_blobs WHERE blob_id = new.blob_id;
   END;
   CREATE TRIGGER unattached_blob_switched AFTER UPDATE OF blob_id ON documents
     WHEN old.blob_id IS NOT new.blob_id
   BEGIN
     DELETE FROM unattached_blobs WHERE blob_id = new.blob_id;
     INSERT OR REPLACE INTO unattached_blobs (blob_id, account_id, byte_size, kind, since)
       SELECT id, account_id, byte_size, 'released', new.updated_at FROM blobs WHERE id = old.blob_id;
   END;
   CREATE TRIGGER unattached_blob_deleted AFTER INSERT ON deleted_documents BEGIN
     INSERT OR REPLACE INTO unattached_blobs (blob_id, account_id, byte_size, kind, since)
       SELECT id, account_id, byte_size, 'released', new.deleted_at FROM blobs WHERE id = new.blob_id;
   END;`,
];

/**
 * How long a released blob (and its file) outlives the document that let it go: an extraction or a download
 * that read the document just before finishes on the file it started with.
 */
export const RELEASED_BLOB_GRACE_MS = 60 * 60_000;
/** Blob rows removed per transaction, so a large backlog never holds the write lock for long. */
const EXPIRY_BATCH = 500;

export interface PendingUploads {
  readonly count: number;
  readonly bytes: number;
  /** When the oldest of them was announced; null when there is none. */
  readonly oldestSince: number | null;
}

/** The account's view of the list (quota) and the sweep's (expiry). */
export class UnattachedBlobs {
  constructor(private readonly db: DatabaseSync) {}

  /**
   * Uploads the account announced and has not attached. One whose bytes a live document of the account
   * already holds costs no disk (files are kept once per content) and is not counted: a mail document the
   * account had already is one.
   */
  pending(accountId: string): PendingUploads {
    const row = storeCall('count unattached uploads', () =>
      this.db
        .prepare(
          `SELECT count(*) AS n, total(u.byte_size) AS bytes, min(u.since) AS oldest
             FROM unattached_blobs u JOIN blobs b ON b.id = u.blob_id
            WHERE u.account_id = ? AND u.kind = 'announced'
              AND (b.sha256 IS NULL OR NOT EXISTS (
                SELECT 1 FROM documents d WHERE d.account_id = u.account_id AND d.sha256 = b.sha256))`,
        )
        .get(accountId),
    );
    const oldest = row?.oldest;
    return {
      count: row === undefined ? 0 : readInteger(row, 'n'),
      bytes: typeof row?.bytes === 'number' ? row.bytes : 0,
      oldestSince: typeof oldest === 'number' ? oldest : null,
    };
  }

  /**
   * Deletes the rows of up to one batch of blobs announced before `announcedBefore` or released before
   * `releasedBefore`; a blob a live document points at is never deleted (its list entry is dropped instead).
   * `more` says a full batch went: call again (after letting other work run).
   */
  expireBatch(announcedBefore: number, releasedBefore: number): { removed: number; more: boolean } {
    return storeCall('expire unattached blobs', () =>
      transaction(this.db, () => {
        const ids = this.db
          .prepare(
            `SELECT blob_id FROM unattached_blobs
              WHERE (kind = 'announced' AND since < ?) OR (kind = 'released' AND since < ?)
              LIMIT ${EXPIRY_BATCH}`,
          )
          .all(announcedBefore, releasedBefore)
          .map((row) => readText(row, 'blob_id'));
        const attached = this.db.prepare('SELECT 1 FROM documents WHERE blob_id = ? LIMIT 1');
        const dropEntry = this.db.prepare('DELETE FROM unattached_blobs WHERE blob_id = ?');
        const dropBlob = this.db.prepare('DELETE FROM blobs WHERE id = ?');
        let removed = 0;
        for (const id of ids) {
          dropEntry.run(id);
          if (attached.get(id) !== undefined) continue;
          dropBlob.run(id);
          removed += 1;
        }
        return { removed, more: ids.length === EXPIRY_BATCH };
      }),
    );
  }

  /** True when a blob row holds these bytes: the file is needed (a live document's blob is never expired). */
  isReferenced(sha256: string): boolean {
    return storeCall(
      'look up a file',
      () => this.db.prepare('SELECT 1 FROM blobs WHERE sha256 = ? LIMIT 1').get(sha256) !== undefined,
    );
  }
}
