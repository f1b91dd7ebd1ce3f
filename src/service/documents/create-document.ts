import { DuplicateDocumentError, ValidationError } from '../../domain/errors.ts';
import type { BlobTokens } from '../uploads/blob-tokens.ts';
import type { UploadStore } from '../uploads/upload-store.ts';
import type { DocumentRecord, DocumentSource } from './document-records.ts';
import type { DocumentStore, InsertResult } from './document-store.ts';
import type { AttemptWrite, ExtractionJobs } from './extraction-jobs.ts';

export interface CreateDocumentDeps {
  readonly documents: DocumentStore;
  readonly uploads: UploadStore;
  readonly tokens: BlobTokens;
  readonly jobs: ExtractionJobs;
}

export interface CreateDocumentInput {
  readonly name: string;
  /** The signed id from the direct upload. */
  readonly attachedDocument: string;
  readonly source?: DocumentSource;
  readonly emailSubmissionId?: string | null;
}

const ATTACHED_DOCUMENT_POINTER = '/data/attributes/attached_document';

/**
 * Creates a document from an uploaded blob and queues its first extraction, both in one transaction: a
 * document is never committed without its job. Content the account already has is a
 * `DuplicateDocumentError` naming the existing document, and is not processed again.
 */
export function createDocument(
  deps: CreateDocumentDeps,
  accountId: string,
  input: CreateDocumentInput,
): DocumentRecord {
  const result = deps.jobs.writeWithJob(() => writeDocument(deps, accountId, input));
  if (!result.created) throw new DuplicateDocumentError(result.existing);
  return result.document;
}

/**
 * The insert of `createDocument` without a transaction of its own, for a caller that writes more in the
 * same one (an email submission and all its documents): it runs inside `ExtractionJobs.writeWithJobs`,
 * which sends the job of the attempt it names.
 */
export function writeDocument(
  deps: CreateDocumentDeps,
  accountId: string,
  input: CreateDocumentInput,
): AttemptWrite<InsertResult> {
  const blobId = deps.tokens.blobIdOf(input.attachedDocument, accountId);
  const blob = blobId === undefined ? undefined : deps.uploads.get(blobId);
  // Unknown, tampered and foreign ids get the same answer: another account's blobs are not to be probed.
  if (blob === undefined || blob.accountId !== accountId) {
    throw new ValidationError(
      'Attached document is not a valid signed id from a direct upload of this account',
      {},
      { pointer: ATTACHED_DOCUMENT_POINTER, code: 'invalid' },
    );
  }
  const sha256 = blob.sha256;
  if (sha256 === null) {
    throw new ValidationError(
      'Attached document has no file yet: PUT the bytes to the direct upload URL first',
      {},
      { pointer: ATTACHED_DOCUMENT_POINTER, code: 'not_uploaded' },
    );
  }
  const inserted = deps.documents.insert({
    accountId,
    blobId: blob.id,
    name: input.name,
    source: input.source ?? 'api',
    sha256,
    fileName: blob.filename,
    fileContentType: blob.contentType,
    fileSizeBytes: blob.byteSize,
    emailSubmissionId: input.emailSubmissionId ?? null,
  });
  return { result: inserted, attempt: inserted.created ? inserted.document : undefined };
}
