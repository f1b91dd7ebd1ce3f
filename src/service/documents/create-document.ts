import { HttpProblem, unprocessable } from '../http/problem.ts';
import type { BlobTokens } from '../uploads/blob-tokens.ts';
import type { UploadStore } from '../uploads/upload-store.ts';
import type { DocumentRecord, DocumentSource } from './document-records.ts';
import type { DocumentStore } from './document-store.ts';
import type { ExtractionJobs } from './extraction-jobs.ts';

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
 * Creates a document from an uploaded blob and queues its first extraction. Content the account already
 * has is a 409 naming the existing document, and is not processed again.
 */
export async function createDocument(
  deps: CreateDocumentDeps,
  accountId: string,
  input: CreateDocumentInput,
): Promise<DocumentRecord> {
  const blobId = deps.tokens.blobIdOf(input.attachedDocument, accountId);
  const blob = blobId === undefined ? undefined : deps.uploads.get(blobId);
  // Unknown, tampered and foreign ids get the same answer: another account's blobs are not to be probed.
  if (blob === undefined || blob.accountId !== accountId) {
    throw unprocessable(
      'Attached document is not a valid signed id from a direct upload of this account',
      ATTACHED_DOCUMENT_POINTER,
    );
  }
  if (blob.sha256 === null) {
    throw unprocessable(
      'Attached document has no file yet: PUT the bytes to the direct upload URL first',
      ATTACHED_DOCUMENT_POINTER,
      'not_uploaded',
    );
  }

  const result = deps.documents.insert({
    accountId,
    blobId: blob.id,
    name: input.name,
    source: input.source ?? 'api',
    sha256: blob.sha256,
    fileName: blob.filename,
    fileContentType: blob.contentType,
    fileSizeBytes: blob.byteSize,
    emailSubmissionId: input.emailSubmissionId ?? null,
  });
  if (!result.created) {
    const { existing } = result;
    throw new HttpProblem(
      409,
      'Duplicate document',
      `This file was already submitted as document ${existing.id} ("${existing.name}")`,
      {
        code: 'duplicate_document',
        meta: { existing_document_id: existing.id, existing_document_name: existing.name },
      },
    );
  }
  await deps.jobs.enqueueOrDefer(result.document);
  return deps.documents.get(accountId, result.document.id) ?? result.document;
}
