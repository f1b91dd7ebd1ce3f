import { randomUUID } from 'node:crypto';
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { DocumentType } from '../../contract/document.ts';
import type { Clock } from '../../domain/clock.ts';
import { changedRows, readInteger, readText } from '../../store/sql-row.ts';
import { StoreCorruptError, storeCall } from '../../store/store-errors.ts';
import {
  type DocumentRecord,
  type DocumentSource,
  type RepresentationRecord,
  toDocumentRecord,
  toRepresentationRecord,
} from './document-records.ts';

export interface NewDocument {
  readonly accountId: string;
  readonly blobId: string;
  readonly name: string;
  readonly source: DocumentSource;
  readonly sha256: string;
  readonly fileName: string;
  readonly fileContentType: string | null;
  readonly fileSizeBytes: number;
  readonly emailSubmissionId?: string | null;
}

export type InsertResult =
  | { readonly created: true; readonly document: DocumentRecord }
  | { readonly created: false; readonly existing: DocumentRecord };

export type SortField = 'document_type' | 'created_at';

export interface DocumentListQuery {
  readonly filename?: string;
  readonly documentTypes?: readonly DocumentType[];
  readonly createdFrom?: number;
  readonly createdTo?: number;
  readonly sort: ReadonlyArray<{ readonly field: SortField; readonly descending: boolean }>;
  readonly offset: number;
  readonly limit: number;
}

// Whitelisted columns: the sort parameter never reaches SQL as text.
const SORT_COLUMNS: Readonly<Record<SortField, string>> = {
  document_type: 'document_type',
  created_at: 'created_at',
};

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

/** Documents and their representations. */
export class DocumentStore {
  constructor(
    private readonly db: DatabaseSync,
    private readonly clock: Clock,
  ) {}

  /**
   * Inserts the document unless the account already has these bytes; the unique index decides, so two
   * concurrent creates of one file (from any process) yield exactly one document.
   */
  insert(input: NewDocument): InsertResult {
    const now = this.clock.now();
    const id = randomUUID();
    const result = storeCall('insert document', () =>
      this.db
        .prepare(
          `INSERT INTO documents (id, account_id, blob_id, email_submission_id, name, source, sha256, file_name,
             file_content_type, file_size_bytes, extraction_status, extraction_attempts, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', 1, ?, ?)
           ON CONFLICT (account_id, sha256) DO NOTHING`,
        )
        .run(
          id,
          input.accountId,
          input.blobId,
          input.emailSubmissionId ?? null,
          input.name,
          input.source,
          input.sha256,
          input.fileName,
          input.fileContentType,
          input.fileSizeBytes,
          now,
          now,
        ),
    );
    if (changedRows(result) === 1) return { created: true, document: this.require(id) };
    const existing = this.one('SELECT * FROM documents WHERE account_id = ? AND sha256 = ?', [
      input.accountId,
      input.sha256,
    ]);
    if (existing === undefined) {
      throw new StoreCorruptError('insert conflicted but no document has that content', {
        sha256: input.sha256,
      });
    }
    return { created: false, existing };
  }

  /** The account's document; another account's is as invisible as a missing one. */
  get(accountId: string, id: string): DocumentRecord | undefined {
    return this.one('SELECT * FROM documents WHERE account_id = ? AND id = ?', [accountId, id]);
  }

  /** For the processing loop, which works across accounts. */
  find(id: string): DocumentRecord | undefined {
    return this.one('SELECT * FROM documents WHERE id = ?', [id]);
  }

  list(accountId: string, query: DocumentListQuery): { records: DocumentRecord[]; total: number } {
    const where = ['account_id = ?'];
    const params: SQLInputValue[] = [accountId];
    if (query.filename !== undefined && query.filename !== '') {
      where.push("file_name LIKE ? ESCAPE '\\'");
      params.push(`%${escapeLike(query.filename)}%`);
    }
    if (query.documentTypes !== undefined) {
      where.push(`document_type IN (${query.documentTypes.map(() => '?').join(', ') || 'NULL'})`);
      params.push(...query.documentTypes);
    }
    if (query.createdFrom !== undefined) {
      where.push('created_at >= ?');
      params.push(query.createdFrom);
    }
    if (query.createdTo !== undefined) {
      where.push('created_at <= ?');
      params.push(query.createdTo);
    }
    const order = [
      ...query.sort.map(({ field, descending }) => `${SORT_COLUMNS[field]} ${descending ? 'DESC' : 'ASC'}`),
      // rowid follows insertion order, so documents created in the same millisecond still page stably.
      `rowid ${query.sort.at(-1)?.descending === false ? 'ASC' : 'DESC'}`,
    ].join(', ');
    const clause = where.join(' AND ');
    return storeCall('list documents', () => {
      const countRow = this.db
        .prepare(`SELECT count(*) AS total FROM documents WHERE ${clause}`)
        .get(...params);
      const rows = this.db
        .prepare(`SELECT * FROM documents WHERE ${clause} ORDER BY ${order} LIMIT ? OFFSET ?`)
        .all(...params, query.limit, query.offset);
      return {
        records: rows.map(toDocumentRecord),
        total: countRow === undefined ? 0 : readInteger(countRow, 'total'),
      };
    });
  }

  listByEmailSubmission(emailSubmissionId: string): DocumentRecord[] {
    return storeCall('list documents of a submission', () =>
      this.db
        .prepare('SELECT * FROM documents WHERE email_submission_id = ? ORDER BY created_at, rowid')
        .all(emailSubmissionId)
        .map(toDocumentRecord),
    );
  }

  /** Starts a new attempt: the counter moves on, the status goes back to pending, the last error clears. */
  startAttempt(accountId: string, id: string): DocumentRecord | undefined {
    storeCall('start extraction attempt', () =>
      this.db
        .prepare(
          `UPDATE documents SET extraction_attempts = extraction_attempts + 1, extraction_status = 'pending',
             extraction_error_reason = NULL, extraction_error_detail = NULL, updated_at = ?
           WHERE account_id = ? AND id = ?`,
        )
        .run(this.clock.now(), accountId, id),
    );
    return this.get(accountId, id);
  }

  markEnqueued(id: string, attempt: number): void {
    storeCall('mark job enqueued', () =>
      this.db
        .prepare('UPDATE documents SET enqueued_attempt = max(enqueued_attempt, ?) WHERE id = ?')
        .run(attempt, id),
    );
  }

  /** Documents whose current attempt has no job in the queue yet (the outbox of the job sends). */
  unenqueued(): Array<{ documentId: string; accountId: string; attempt: number }> {
    return storeCall('list unenqueued documents', () =>
      this.db
        .prepare(
          // No ORDER BY: it would make SQLite scan the table instead of the small partial index.
          `SELECT id, account_id, extraction_attempts FROM documents
           WHERE enqueued_attempt < extraction_attempts`,
        )
        .all()
        .map((row) => ({
          documentId: readText(row, 'id'),
          accountId: readText(row, 'account_id'),
          attempt: readInteger(row, 'extraction_attempts'),
        })),
    );
  }

  representation(id: string): RepresentationRecord | undefined {
    const row = storeCall('get representation', () =>
      this.db.prepare('SELECT * FROM document_representations WHERE id = ?').get(id),
    );
    return row === undefined ? undefined : toRepresentationRecord(row);
  }

  private require(id: string): DocumentRecord {
    const record = this.find(id);
    if (record === undefined)
      throw new StoreCorruptError(`document ${id} vanished right after its insert`, { id });
    return record;
  }

  private one(sql: string, params: SQLInputValue[]): DocumentRecord | undefined {
    const row = storeCall('get document', () => this.db.prepare(sql).get(...params));
    return row === undefined ? undefined : toDocumentRecord(row);
  }
}
