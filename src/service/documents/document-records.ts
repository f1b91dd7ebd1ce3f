import type { DocumentType, ExtractionError, ExtractionStatus } from '../../contract/document.ts';
import { documentType, extractionStatus } from '../../contract/document.ts';
import { readInteger, readText, type SqlRow } from '../../store/sql-row.ts';
import { StoreCorruptError } from '../../store/store-errors.ts';
import { readJsonObject, readNullableInteger, readNullableText, readStringArray } from '../db/columns.ts';

/** How a document reached the service; the upstream's `source` values. */
export type DocumentSource = 'upload' | 'api' | 'email' | 'split_document';

export interface DocumentRecord {
  readonly id: string;
  readonly accountId: string;
  readonly blobId: string;
  readonly emailSubmissionId: string | null;
  readonly name: string;
  readonly source: DocumentSource;
  readonly sha256: string;
  readonly fileName: string;
  readonly fileContentType: string | null;
  readonly fileSizeBytes: number | null;
  readonly documentType: DocumentType | null;
  /** Set by PATCH; null until a person sets it. */
  readonly documentTypeManual: DocumentType | null;
  readonly classificationNotes: string | null;
  readonly extractionStatus: ExtractionStatus;
  /** Attempts started: 1 on create, +1 per reextract. */
  readonly extractionAttempts: number;
  readonly enqueuedAttempt: number;
  readonly outcomeAttempt: number;
  readonly extractionError: ExtractionError | null;
  readonly lastRepresentationId: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface RepresentationRecord {
  readonly id: string;
  readonly documentId: string;
  readonly attempt: number;
  readonly documentType: DocumentType;
  readonly schemaVersion: string;
  readonly payload: Record<string, unknown>;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface EmailSubmissionRecord {
  readonly id: string;
  readonly accountId: string;
  readonly subject: string | null;
  readonly body: string | null;
  readonly from: readonly string[];
  readonly to: readonly string[];
  readonly cc: readonly string[];
  readonly sentAt: number | null;
  readonly messageId: string | null;
  readonly inReplyTo: string | null;
  readonly references: readonly string[];
  readonly contentType: string | null;
  /** Documents of this submission, oldest first. */
  readonly documentIds: readonly string[];
  readonly createdAt: number;
  readonly updatedAt: number;
}

const SOURCES: readonly DocumentSource[] = ['upload', 'api', 'email', 'split_document'];

function readEnum<T extends string>(row: SqlRow, column: string, parse: (value: string) => T | undefined): T {
  const value = readText(row, column);
  const parsed = parse(value);
  if (parsed === undefined) {
    throw new StoreCorruptError(`column ${column} holds an unknown value ${value}`, { column, value });
  }
  return parsed;
}

const parseSource = (value: string): DocumentSource | undefined => SOURCES.find((source) => source === value);
const parseDocumentType = (value: string): DocumentType | undefined => documentType.safeParse(value).data;
const parseStatus = (value: string): ExtractionStatus | undefined => extractionStatus.safeParse(value).data;

export function toDocumentRecord(row: SqlRow): DocumentRecord {
  const reason = readNullableText(row, 'extraction_error_reason');
  return {
    id: readText(row, 'id'),
    accountId: readText(row, 'account_id'),
    blobId: readText(row, 'blob_id'),
    emailSubmissionId: readNullableText(row, 'email_submission_id'),
    name: readText(row, 'name'),
    source: readEnum(row, 'source', parseSource),
    sha256: readText(row, 'sha256'),
    fileName: readText(row, 'file_name'),
    fileContentType: readNullableText(row, 'file_content_type'),
    fileSizeBytes: readNullableInteger(row, 'file_size_bytes'),
    documentType: row.document_type === null ? null : readEnum(row, 'document_type', parseDocumentType),
    documentTypeManual:
      row.document_type_manual === null || row.document_type_manual === undefined
        ? null
        : readEnum(row, 'document_type_manual', parseDocumentType),
    classificationNotes: readNullableText(row, 'classification_notes'),
    extractionStatus: readEnum(row, 'extraction_status', parseStatus),
    extractionAttempts: readInteger(row, 'extraction_attempts'),
    enqueuedAttempt: readInteger(row, 'enqueued_attempt'),
    outcomeAttempt: readInteger(row, 'outcome_attempt'),
    extractionError:
      reason === null ? null : { reason, detail: readNullableText(row, 'extraction_error_detail') ?? '' },
    lastRepresentationId: readNullableText(row, 'last_representation_id'),
    createdAt: readInteger(row, 'created_at'),
    updatedAt: readInteger(row, 'updated_at'),
  };
}

export function toRepresentationRecord(row: SqlRow): RepresentationRecord {
  return {
    id: readText(row, 'id'),
    documentId: readText(row, 'document_id'),
    attempt: readInteger(row, 'attempt'),
    documentType: readEnum(row, 'document_type', parseDocumentType),
    schemaVersion: readText(row, 'schema_version'),
    payload: readJsonObject(row, 'payload'),
    createdAt: readInteger(row, 'created_at'),
    updatedAt: readInteger(row, 'updated_at'),
  };
}

/** `documentIds` comes from a separate query: the row has no column for it. */
export function toEmailSubmissionRecord(row: SqlRow, documentIds: readonly string[]): EmailSubmissionRecord {
  return {
    id: readText(row, 'id'),
    accountId: readText(row, 'account_id'),
    subject: readNullableText(row, 'subject'),
    body: readNullableText(row, 'body'),
    from: readStringArray(row, 'from_addresses'),
    to: readStringArray(row, 'to_addresses'),
    cc: readStringArray(row, 'cc_addresses'),
    sentAt: readNullableInteger(row, 'sent_at'),
    messageId: readNullableText(row, 'message_id'),
    inReplyTo: readNullableText(row, 'in_reply_to'),
    references: readStringArray(row, 'reference_ids'),
    contentType: readNullableText(row, 'content_type'),
    documentIds,
    createdAt: readInteger(row, 'created_at'),
    updatedAt: readInteger(row, 'updated_at'),
  };
}
