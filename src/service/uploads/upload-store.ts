import { randomBytes, randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Clock } from '../../domain/clock.ts';
import { readInteger, readText, type SqlRow } from '../../store/sql-row.ts';
import { storeCall } from '../../store/store-errors.ts';
import { readNullableInteger, readNullableText } from '../db/columns.ts';

/** An announced direct upload; `sha256` and `uploadedAt` stay null until its bytes arrived intact. */
export interface BlobRecord {
  readonly id: string;
  readonly accountId: string;
  readonly key: string;
  readonly filename: string;
  readonly contentType: string;
  readonly byteSize: number;
  /** Base64 MD5 the client announced; the bytes must match it. */
  readonly checksum: string;
  readonly sha256: string | null;
  readonly uploadedAt: number | null;
  readonly createdAt: number;
}

export interface NewBlob {
  readonly accountId: string;
  readonly filename: string;
  readonly contentType: string;
  readonly byteSize: number;
  readonly checksum: string;
}

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** ActiveStorage blob keys are 28 lowercase base-36 characters. */
const KEY_LENGTH = 28;

const blobKey = (): string =>
  Array.from(randomBytes(KEY_LENGTH), (byte) => KEY_ALPHABET.charAt(byte % KEY_ALPHABET.length)).join('');

/** Rows of announced and uploaded blobs. */
export class UploadStore {
  constructor(
    private readonly db: DatabaseSync,
    private readonly clock: Clock,
  ) {}

  create(blob: NewBlob): BlobRecord {
    const record: BlobRecord = {
      ...blob,
      id: randomUUID(),
      key: blobKey(),
      sha256: null,
      uploadedAt: null,
      createdAt: this.clock.now(),
    };
    storeCall('create blob', () =>
      this.db
        .prepare(
          `INSERT INTO blobs (id, account_id, key, filename, content_type, byte_size, checksum, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          record.id,
          record.accountId,
          record.key,
          record.filename,
          record.contentType,
          record.byteSize,
          record.checksum,
          record.createdAt,
        ),
    );
    return record;
  }

  get(id: string): BlobRecord | undefined {
    const row = storeCall('get blob', () => this.db.prepare('SELECT * FROM blobs WHERE id = ?').get(id));
    return row === undefined ? undefined : toBlob(row);
  }

  /** Records that the bytes arrived; the first upload wins, a repeated one changes nothing. */
  markUploaded(id: string, sha256: string): void {
    storeCall('mark blob uploaded', () =>
      this.db
        .prepare('UPDATE blobs SET sha256 = ?, uploaded_at = ? WHERE id = ? AND uploaded_at IS NULL')
        .run(sha256, this.clock.now(), id),
    );
  }
}

const toBlob = (row: SqlRow): BlobRecord => ({
  id: readText(row, 'id'),
  accountId: readText(row, 'account_id'),
  key: readText(row, 'key'),
  filename: readText(row, 'filename'),
  contentType: readText(row, 'content_type'),
  byteSize: readInteger(row, 'byte_size'),
  checksum: readText(row, 'checksum'),
  sha256: readNullableText(row, 'sha256'),
  uploadedAt: readNullableInteger(row, 'uploaded_at'),
  createdAt: readInteger(row, 'created_at'),
});
