import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Clock } from '../../domain/clock.ts';
import { readInteger, readText, type SqlRow } from '../../store/sql-row.ts';
import { StoreCorruptError, storeCall } from '../../store/store-errors.ts';
import { type EmailSubmissionRecord, toEmailSubmissionRecord } from './document-records.ts';

/** What a new submission needs; the store assigns the id, the timestamps and the document list. */
export type NewEmailSubmission = Omit<
  EmailSubmissionRecord,
  'id' | 'documentIds' | 'createdAt' | 'updatedAt'
>;

/** Submitted emails; filled by the mail intake, read by the API. */
export class EmailSubmissionStore {
  constructor(
    private readonly db: DatabaseSync,
    private readonly clock: Clock,
  ) {}

  create(input: NewEmailSubmission): EmailSubmissionRecord {
    const id = randomUUID();
    const now = this.clock.now();
    storeCall('create email submission', () =>
      this.db
        .prepare(
          `INSERT INTO email_submissions (id, account_id, subject, body, from_addresses, to_addresses, cc_addresses,
             sent_at, message_id, in_reply_to, reference_ids, content_type, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          input.accountId,
          input.subject,
          input.body,
          JSON.stringify(input.from),
          JSON.stringify(input.to),
          JSON.stringify(input.cc),
          input.sentAt,
          input.messageId,
          input.inReplyTo,
          JSON.stringify(input.references),
          input.contentType,
          now,
          now,
        ),
    );
    const created = this.get(input.accountId, id);
    if (created === undefined)
      throw new StoreCorruptError(`email submission ${id} vanished after its insert`, { id });
    return created;
  }

  get(accountId: string, id: string): EmailSubmissionRecord | undefined {
    const row = storeCall('get email submission', () =>
      this.db.prepare('SELECT * FROM email_submissions WHERE account_id = ? AND id = ?').get(accountId, id),
    );
    return row === undefined ? undefined : this.toRecord(row);
  }

  /**
   * Marks the submission as the one of `deliveryKey` (its Message-ID, or its bytes' SHA-256), once its
   * documents exist: a delivery cut short before then is taken again in full when the sender retries.
   */
  setDeliveryKey(id: string, deliveryKey: string): void {
    storeCall('set email submission delivery', () =>
      this.db.prepare('UPDATE email_submissions SET delivery_key = ? WHERE id = ?').run(deliveryKey, id),
    );
  }

  findByDeliveryKey(accountId: string, deliveryKey: string): EmailSubmissionRecord | undefined {
    const row = storeCall('find email submission by delivery', () =>
      this.db
        .prepare('SELECT * FROM email_submissions WHERE account_id = ? AND delivery_key = ?')
        .get(accountId, deliveryKey),
    );
    return row === undefined ? undefined : this.toRecord(row);
  }

  /** For the processing loop, which works across accounts. */
  find(id: string): EmailSubmissionRecord | undefined {
    const row = storeCall('get email submission', () =>
      this.db.prepare('SELECT * FROM email_submissions WHERE id = ?').get(id),
    );
    return row === undefined ? undefined : this.toRecord(row);
  }

  list(
    accountId: string,
    page: { offset: number; limit: number },
  ): { records: EmailSubmissionRecord[]; total: number } {
    return storeCall('list email submissions', () => {
      const countRow = this.db
        .prepare('SELECT count(*) AS total FROM email_submissions WHERE account_id = ?')
        .get(accountId);
      const rows = this.db
        .prepare(
          'SELECT * FROM email_submissions WHERE account_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?',
        )
        .all(accountId, page.limit, page.offset);
      return {
        records: rows.map((row) => this.toRecord(row)),
        total: countRow === undefined ? 0 : readInteger(countRow, 'total'),
      };
    });
  }

  private toRecord(row: SqlRow): EmailSubmissionRecord {
    const documentIds = this.db
      .prepare('SELECT id FROM documents WHERE email_submission_id = ? ORDER BY created_at, rowid')
      .all(readText(row, 'id'))
      .map((documentRow) => readText(documentRow, 'id'));
    return toEmailSubmissionRecord(row, documentIds);
  }
}
