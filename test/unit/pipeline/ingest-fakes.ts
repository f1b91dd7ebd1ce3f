import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { IntakeMessage } from '../../../pipeline/messages.ts';
import type { BlobStore } from '../../../pipeline/ports.ts';
import type { IngestClient } from '../../../pipeline/stages/ingest.ts';
import { DuplicateDocumentError } from '../../../src/client/errors.ts';
import type { NewBlob } from '../../../src/client/service-client.ts';
import type { DirectUploadResponse } from '../../../src/contract/direct-upload.ts';
import type { DocumentResource } from '../../../src/contract/document.ts';
import { NotFoundError } from '../../../src/domain/errors.ts';

/** Fakes of the ports ingest uses, in memory, for unit tests. */

/** The intake message a source sends for `bytes` staged under `originId`. */
export const intake = (bytes: Buffer, originId: string, fileName = 'invoice.pdf'): IntakeMessage => {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return {
    kind: 'intake',
    version: 1,
    correlationId: originId,
    origin: {
      originId,
      source: 'folder',
      fileName,
      location: `/inbox/${fileName}`,
      receivedAt: '2026-01-01T00:00:00.000Z',
    },
    blobKey: `staged/${originId}`,
    sha256,
    md5Base64: createHash('md5').update(bytes).digest('base64'),
    sizeBytes: bytes.byteLength,
    contentType: 'application/pdf',
  };
};

export class MemoryBlobStore implements BlobStore {
  readonly blobs = new Map<string, Buffer>();

  async put(key: string, body: Readable | Uint8Array): Promise<void> {
    this.blobs.set(key, body instanceof Uint8Array ? Buffer.from(body) : await buffer(body));
  }
  async get(key: string): Promise<Readable> {
    const bytes = this.blobs.get(key);
    if (bytes === undefined) throw new NotFoundError('blob', key);
    return Readable.from([bytes]);
  }
  async exists(key: string): Promise<boolean> {
    return this.blobs.has(key);
  }
  async delete(key: string): Promise<void> {
    this.blobs.delete(key);
  }
}

interface Upload {
  readonly blob: NewBlob;
  bytes?: Buffer;
}

/**
 * The service as ingest sees it: direct uploads checked against their MD5, documents unique per content
 * (a second create of the same bytes is a 409 naming the first), and a log of every call.
 */
export class FakeServiceClient implements IngestClient {
  readonly calls: string[] = [];
  readonly documents = new Map<string, DocumentResource>();
  private readonly uploads = new Map<string, Upload>();
  private readonly bySha256 = new Map<string, string>();
  /** How many times each upload reads its body: a retried PUT must get every byte again. */
  uploadReads = 1;

  async createDirectUpload(blob: NewBlob): Promise<DirectUploadResponse> {
    this.calls.push('createDirectUpload');
    const id = `blob-${this.uploads.size + 1}`;
    this.uploads.set(`signed-${id}`, { blob });
    return {
      id,
      key: id,
      filename: blob.filename,
      content_type: blob.contentType,
      metadata: {},
      service_name: 'local',
      byte_size: blob.byteSize,
      checksum: blob.checksum,
      created_at: '2026-01-01T00:00:00.000Z',
      signed_id: `signed-${id}`,
      direct_upload: { url: `http://fake/uploads/${id}`, headers: {} },
    };
  }

  async uploadBlob(upload: DirectUploadResponse, body: () => Readable | Uint8Array): Promise<void> {
    this.calls.push('uploadBlob');
    const pending = this.uploads.get(upload.signed_id);
    if (pending === undefined) throw new Error(`unknown upload ${upload.signed_id}`);
    for (let read = 0; read < this.uploadReads; read += 1) {
      const source = body();
      const bytes = source instanceof Uint8Array ? Buffer.from(source) : await buffer(source);
      if (createHash('md5').update(bytes).digest('base64') !== pending.blob.checksum) {
        throw new Error('checksum mismatch');
      }
      pending.bytes = bytes;
    }
  }

  async createDocument(input: { name: string; signedId: string }): Promise<DocumentResource> {
    this.calls.push('createDocument');
    const bytes = this.uploads.get(input.signedId)?.bytes;
    if (bytes === undefined) throw new Error('not uploaded');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const existing = this.bySha256.get(sha256);
    if (existing !== undefined) throw duplicate(existing);
    const document = documentResource(`doc-${this.documents.size + 1}`, input.name);
    this.documents.set(document.id, document);
    this.bySha256.set(sha256, document.id);
    return document;
  }
}

const duplicate = (existingId: string): DuplicateDocumentError =>
  new DuplicateDocumentError(
    [{ status: '409', title: 'Duplicate document', code: 'duplicate_document' }],
    { method: 'POST', path: '/documents' },
    existingId,
  );

const documentResource = (id: string, name: string): DocumentResource => ({
  id,
  type: 'document',
  attributes: {
    id,
    name,
    document_type: null,
    document_type_manual: null,
    classification_notes: null,
    file_name: name,
    file_content_type: 'application/pdf',
    file_size_bytes: null,
    extraction_status: 'pending',
    extraction_attempts: 0,
    extraction_error: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  },
  relationships: {
    account: { data: { id: 'acct-1', type: 'account' } },
    user: { data: null },
    email_submission: { data: null },
    last_document_representation: { data: null },
    shipments: { data: [] },
    cargos: { data: [] },
  },
  links: { self: `/v2/documents/${id}`, download: `/v2/documents/${id}/download` },
});
