import type { Readable } from 'node:stream';
import type { DirectUploadResponse } from '../contract/direct-upload.ts';
import type { DocumentResource } from '../contract/document.ts';
import type { ContentDigest } from '../domain/content-digest.ts';
import { DuplicateDocumentError } from './errors.ts';
import type { NewBlob } from './service-client.ts';

/** The calls an upload makes; `ServiceClient` has this shape, and unit tests pass a fake. */
export interface UploadClient {
  createDirectUpload(blob: NewBlob): Promise<DirectUploadResponse>;
  uploadBlob(
    upload: DirectUploadResponse,
    body: () => Readable | Uint8Array,
    byteSize: number,
  ): Promise<void>;
  createDocument(input: { name: string; signedId: string }): Promise<DocumentResource>;
}

export interface UploadedDocument {
  readonly documentId: string;
  /** True when the service already had this content (409) and answered with the existing id. */
  readonly duplicate: boolean;
}

/**
 * Hands one file to the service: direct upload, PUT of the bytes, create the document. Content the
 * account already has comes back as the existing document, so a retry after a crash is harmless.
 * `open` is a factory because a retried PUT must read the bytes again from the start. `signal` is
 * checked between steps, so a shutdown starts no new call for work it is handing back.
 */
export const uploadDocument = async (
  client: UploadClient,
  file: {
    name: string;
    contentType: string;
    digest: ContentDigest;
    open: () => Readable | Uint8Array;
    signal?: AbortSignal | undefined;
  },
): Promise<UploadedDocument> => {
  const upload = await client.createDirectUpload({
    filename: file.name,
    contentType: file.contentType,
    byteSize: file.digest.sizeBytes,
    checksum: file.digest.md5Base64,
  });
  file.signal?.throwIfAborted();
  await client.uploadBlob(upload, file.open, file.digest.sizeBytes);
  file.signal?.throwIfAborted();
  try {
    const document = await client.createDocument({ name: file.name, signedId: upload.signed_id });
    return { documentId: document.id, duplicate: false };
  } catch (error) {
    if (error instanceof DuplicateDocumentError)
      return { documentId: error.existingDocumentId, duplicate: true };
    throw error;
  }
};
