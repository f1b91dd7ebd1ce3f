/**
 * Tables of the local service's core (accounts, uploads, documents). Timestamps are epoch milliseconds;
 * JSON columns hold arrays or objects written by this module only.
 *
 * - `documents.extraction_attempts`: attempts started by create (1) and each reextract (+1).
 * - `documents.enqueued_attempt`: the last attempt whose job is known to be in the queue. Queue sends run in
 *   their own transaction, so a crash between the document write and the send leaves this behind
 *   `extraction_attempts`; a periodic sweep sends the missing job (an outbox).
 * - `documents.outcome_attempt`: the last attempt whose outcome is written; the outcome write is
 *   conditional on it, which makes a redelivered job harmless.
 * - The unique index on `(account_id, sha256)` is what makes concurrent creates of one file safe.
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
];

export const SERVICE_MIGRATION_NAMESPACE = 'service/core';
