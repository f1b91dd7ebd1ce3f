import { randomUUID } from 'node:crypto';
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { Clock } from '../../domain/clock.ts';
import { transaction } from '../../store/database.ts';
import { changedRows, readInteger, readText } from '../../store/sql-row.ts';
import { StoreCorruptError, storeCall } from '../../store/store-errors.ts';
import {
  type DocumentFilters,
  DocumentList,
  type DocumentPage,
  type PageRequest,
  type SortKey,
} from './document-list.ts';
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

/** Documents and their representations. */
export class DocumentStore {
  private readonly lists: DocumentList;

  constructor(
    private readonly db: DatabaseSync,
    private readonly clock: Clock,
  ) {
    this.lists = new DocumentList(db);
  }

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

  /** One page of the account's documents; see `DocumentList` for what each page costs. */
  list(
    accountId: string,
    filters: DocumentFilters,
    sort: readonly SortKey[],
    page: PageRequest,
  ): DocumentPage {
    return this.lists.page(accountId, filters, sort, page);
  }

  /**
   * Soft-deletes the account's document: it and its representations move to `deleted_documents` (see the
   * schema), the blob stays. False when the account has no such document.
   */
  delete(accountId: string, id: string): boolean {
    return storeCall('delete document', () =>
      transaction(this.db, () => {
        const row = this.db
          .prepare('SELECT * FROM documents WHERE account_id = ? AND id = ?')
          .get(accountId, id);
        if (row === undefined) return false;
        const representations = this.db
          .prepare('SELECT * FROM document_representations WHERE document_id = ? ORDER BY attempt')
          .all(id);
        this.db
          .prepare(
            `INSERT INTO deleted_documents (id, account_id, blob_id, sha256, document, representations, deleted_at)
             VALUES (?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            id,
            accountId,
            readText(row, 'blob_id'),
            readText(row, 'sha256'),
            JSON.stringify(row),
            JSON.stringify(representations),
            this.clock.now(),
          );
        this.db.prepare('DELETE FROM document_representations WHERE document_id = ?').run(id);
        this.db.prepare('DELETE FROM documents WHERE id = ?').run(id);
        return true;
      }),
    );
  }

  /** Renames the document and/or sets its manual type (null clears it); undefined when there is none. */
  update(
    accountId: string,
    id: string,
    changes: { readonly name?: string; readonly documentTypeManual?: string | null },
  ): DocumentRecord | undefined {
    storeCall('update document', () =>
      this.db
        .prepare(
          `UPDATE documents SET name = CASE WHEN :setName THEN :name ELSE name END,
             document_type_manual = CASE WHEN :setType THEN :type ELSE document_type_manual END,
             updated_at = :now
           WHERE account_id = :accountId AND id = :id`,
        )
        .run({
          setName: changes.name === undefined ? 0 : 1,
          name: changes.name ?? null,
          setType: changes.documentTypeManual === undefined ? 0 : 1,
          type: changes.documentTypeManual ?? null,
          now: this.clock.now(),
          accountId,
          id,
        }),
    );
    return this.get(accountId, id);
  }

  /**
   * Points the document at another file. The caller checks, in the same write transaction, that the file
   * it replaces is still the document's (`DocumentRotations` does), so no concurrent change is lost.
   */
  replaceFile(
    id: string,
    file: { readonly blobId: string; readonly sha256: string; readonly sizeBytes: number },
  ): void {
    storeCall('replace document file', () =>
      this.db
        .prepare(
          'UPDATE documents SET blob_id = ?, sha256 = ?, file_size_bytes = ?, updated_at = ? WHERE id = ?',
        )
        .run(file.blobId, file.sha256, file.sizeBytes, this.clock.now(), id),
    );
  }

  /** The account's document holding these bytes, if any (the content identity is unique per account). */
  findBySha256(accountId: string, sha256: string): DocumentRecord | undefined {
    return this.one('SELECT * FROM documents WHERE account_id = ? AND sha256 = ?', [accountId, sha256]);
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
