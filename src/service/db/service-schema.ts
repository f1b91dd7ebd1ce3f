/**
 * Tables of the local service's core (accounts, uploads, documents). Timestamps are epoch milliseconds;
 * JSON columns hold arrays or objects written by this module only.
 *
 * - `documents.extraction_attempts`: attempts started by create (1) and each reextract (+1).
 * - `documents.enqueued_attempt`: the last attempt whose job is known to be in the queue. The API writes a
 *   document (or a re-extraction) and its job in one transaction; a job left unsent anyway (a database
 *   written by an older version) leaves this behind `extraction_attempts`, and a sweep sends it (an outbox).
 * - `documents.outcome_attempt`: the last attempt whose outcome is written; the outcome write is
 *   conditional on it, which makes a redelivered job harmless.
 * - The unique index on `(account_id, sha256)` is what makes concurrent creates of one file safe.
 *
 * Version 2 makes every document list cost the page it returns, not the account's size (see
 * `documents/document-list.ts`):
 * - One index per sort order, led by the account; the type is indexed as `ifnull(document_type, '')` so
 *   that unclassified documents sort first and compare like any other value in a keyset seek.
 * - `document_counts` keeps, per account and type, how many documents there are, maintained by triggers
 *   in the writing transaction, so an unfiltered total is a read of a few rows, never a count.
 * - `documents_fts` is a trigram index of the file names (an FTS5 external-content table over
 *   `documents`, kept by triggers), so a substring filter does not read every name. It refers to the
 *   documents' implicit rowids, which only VACUUM renumbers: rebuild it after a VACUUM.
 *
 * Version 3 keeps deleted documents (`DELETE /documents/{id}` is a soft delete upstream): the row and its
 * representations move, as JSON, to `deleted_documents`, and their blob stays. Moving them out rather than
 * flagging them leaves every list index, count trigger and the unique content index as they are: a
 * deleted document is in no list, and its content can be submitted again as a new document. It also adds
 * `documents.document_type_manual`, the type a person set with PATCH (null: none).
 */
export const SERVICE_MIGRATIONS: readonly string[] = [
  `CREATE TABLE accounts (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     created_at INTEGER NOT NULL
   ) STRICT;
   CREATE TABLE api_keys (
     key_hash TEXT PRIMARY KEY,
     account_id TEXT NOT NULL REFERENCES accounts (id),
     created_at INTEGER NOT NULL
   ) STRICT;
   CREATE TABLE blobs (
     id TEXT PRIMARY KEY,
     account_id TEXT NOT NULL REFERENCES accounts (id),
     key TEXT NOT NULL UNIQUE,
     filename TEXT NOT NULL,
     content_type TEXT NOT NULL,
     byte_size INTEGER NOT NULL,
     checksum TEXT NOT NULL,
     sha256 TEXT,
     uploaded_at INTEGER,
     created_at INTEGER NOT NULL
   ) STRICT;
   CREATE TABLE email_submissions (
     id TEXT PRIMARY KEY,
     account_id TEXT NOT NULL REFERENCES accounts (id),
     subject TEXT,
     body TEXT,
     from_addresses TEXT NOT NULL DEFAULT '[]',
     to_addresses TEXT NOT NULL DEFAULT '[]',
     cc_addresses TEXT NOT NULL DEFAULT '[]',
     sent_at INTEGER,
     message_id TEXT,
     in_reply_to TEXT,
     reference_ids TEXT NOT NULL DEFAULT '[]',
     content_type TEXT,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   ) STRICT;
   CREATE INDEX email_submissions_account ON email_submissions (account_id, created_at);
   CREATE TABLE documents (
     id TEXT PRIMARY KEY,
     account_id TEXT NOT NULL REFERENCES accounts (id),
     blob_id TEXT NOT NULL REFERENCES blobs (id),
     email_submission_id TEXT REFERENCES email_submissions (id),
     name TEXT NOT NULL,
     source TEXT NOT NULL,
     sha256 TEXT NOT NULL,
     file_name TEXT NOT NULL,
     file_content_type TEXT,
     file_size_bytes INTEGER,
     document_type TEXT,
     classification_notes TEXT,
     extraction_status TEXT NOT NULL,
     extraction_attempts INTEGER NOT NULL,
     enqueued_attempt INTEGER NOT NULL DEFAULT 0,
     outcome_attempt INTEGER NOT NULL DEFAULT 0,
     extraction_error_reason TEXT,
     extraction_error_detail TEXT,
     last_representation_id TEXT,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   ) STRICT;
   CREATE UNIQUE INDEX documents_account_sha256 ON documents (account_id, sha256);
   CREATE INDEX documents_account_created ON documents (account_id, created_at);
   CREATE INDEX documents_unenqueued ON documents (id) WHERE enqueued_attempt < extraction_attempts;
   CREATE INDEX documents_email_submission ON documents (email_submission_id)
     WHERE email_submission_id IS NOT NULL;
   CREATE TABLE document_representations (
     id TEXT PRIMARY KEY,
     document_id TEXT NOT NULL REFERENCES documents (id),
     attempt INTEGER NOT NULL,
     document_type TEXT NOT NULL,
     schema_version TEXT NOT NULL,
     payload TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     UNIQUE (document_id, attempt)
   ) STRICT;`,
  `DROP INDEX documents_account_created;
   CREATE INDEX documents_by_created ON documents (account_id, created_at, ifnull(document_type, ''));
   CREATE INDEX documents_by_type ON documents (account_id, ifnull(document_type, ''), created_at);
   CREATE INDEX documents_by_type_newest ON documents (account_id, ifnull(document_type, ''), created_at DESC);
   CREATE TABLE document_counts (
     account_id TEXT NOT NULL,
     type_key TEXT NOT NULL,
     n INTEGER NOT NULL,
     PRIMARY KEY (account_id, type_key)
   ) STRICT, WITHOUT ROWID;
   INSERT INTO document_counts (account_id, type_key, n)
     SELECT account_id, ifnull(document_type, ''), count(*) FROM documents GROUP BY 1, 2;
   CREATE TRIGGER documents_count_insert AFTER INSERT ON documents BEGIN
     INSERT INTO document_counts (account_id, type_key, n) VALUES (new.account_id, ifnull(new.document_type, ''), 1)
       ON CONFLICT (account_id, type_key) DO UPDATE SET n = n + 1;
   END;
   CREATE TRIGGER documents_count_update AFTER UPDATE OF account_id, document_type ON documents
     WHEN old.account_id IS NOT new.account_id OR ifnull(old.document_type, '') IS NOT ifnull(new.document_type, '')
   BEGIN
     UPDATE document_counts SET n = n - 1
       WHERE account_id = old.account_id AND type_key = ifnull(old.document_type, '');
     INSERT INTO document_counts (account_id, type_key, n) VALUES (new.account_id, ifnull(new.document_type, ''), 1)
       ON CONFLICT (account_id, type_key) DO UPDATE SET n = n + 1;
   END;
   CREATE TRIGGER documents_count_delete AFTER DELETE ON documents BEGIN
     UPDATE document_counts SET n = n - 1
       WHERE account_id = old.account_id AND type_key = ifnull(old.document_type, '');
   END;
   CREATE VIRTUAL TABLE documents_fts USING fts5(
     file_name, content = 'documents', content_rowid = 'rowid', tokenize = 'trigram'
   );
   INSERT INTO documents_fts (documents_fts) VALUES ('rebuild');
   CREATE TRIGGER documents_fts_insert AFTER INSERT ON documents BEGIN
     INSERT INTO documents_fts (rowid, file_name) VALUES (new.rowid, new.file_name);
   END;
   CREATE TRIGGER documents_fts_update AFTER UPDATE OF file_name ON documents BEGIN
     INSERT INTO documents_fts (documents_fts, rowid, file_name) VALUES ('delete', old.rowid, old.file_name);
     INSERT INTO documents_fts (rowid, file_name) VALUES (new.rowid, new.file_name);
   END;
   CREATE TRIGGER documents_fts_delete AFTER DELETE ON documents BEGIN
     INSERT INTO documents_fts (documents_fts, rowid, file_name) VALUES ('delete', old.rowid, old.file_name);
   END;`,
  `CREATE TABLE deleted_documents (
     id TEXT PRIMARY KEY,
     account_id TEXT NOT NULL,
     blob_id TEXT NOT NULL,
     sha256 TEXT NOT NULL,
     document TEXT NOT NULL,
     representations TEXT NOT NULL,
     deleted_at INTEGER NOT NULL
   ) STRICT;
   ALTER TABLE documents ADD COLUMN document_type_manual TEXT;`,
  // A file-name filter too short for the trigram index reads every name of the account: from this
  // index, which holds only the names, rather than from the table's wide rows.
  `CREATE INDEX documents_account_name ON documents (account_id, file_name);`,
  // The same mail delivered twice (an SMTP retry, a second recipient alias) is one submission: keyed by
  // its Message-ID, or by the SHA-256 of its bytes when it has none.
  `ALTER TABLE email_submissions ADD COLUMN delivery_key TEXT;
   CREATE UNIQUE INDEX email_submissions_delivery_key ON email_submissions (account_id, delivery_key)
     WHERE delivery_key IS NOT NULL;`,
];

export const SERVICE_MIGRATION_NAMESPACE = 'service/core';
