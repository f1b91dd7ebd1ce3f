import { z } from 'zod';
import { directUploadRequest, directUploadResponse } from './direct-upload.ts';
import {
  actionAcceptedResponse,
  createDocumentRequest,
  documentResource,
  downloadUrlResponse,
  updateDocumentRequest,
} from './document.ts';
import { emailSubmissionResource } from './email-submission.ts';
import { anyJson, type Endpoint } from './endpoint.ts';
import { listDocument, singleDocument } from './json-api.ts';
import { trackingResource } from './tracking.ts';

/** Direct uploads, documents, email submissions and document schemas. */
export const DOCUMENT_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'post',
    path: '/rails/active_storage/direct_uploads',
    summary: 'Announce a direct upload',
    tag: 'documents',
    request: directUploadRequest,
    response: directUploadResponse,
  },
  {
    method: 'post',
    path: '/rails/active_storage/direct_uploads',
    summary: 'Announce a direct upload (root path)',
    tag: 'documents',
    request: directUploadRequest,
    response: directUploadResponse,
    root: true,
  },
  {
    method: 'put',
    path: '/rails/active_storage/disk/{token}',
    summary: 'Upload the bytes (signed URL)',
    tag: 'documents',
    response: z.unknown(),
    status: 204,
    root: true,
  },
  {
    method: 'get',
    path: '/rails/active_storage/blobs/{token}/{filename}',
    summary: 'Download a file (signed URL)',
    tag: 'documents',
    response: z.unknown(),
    root: true,
  },
  {
    method: 'post',
    path: '/documents',
    summary: 'Create a document',
    tag: 'documents',
    request: createDocumentRequest,
    response: singleDocument(documentResource),
    status: 201,
  },
  {
    method: 'get',
    path: '/documents',
    summary: 'List documents',
    tag: 'documents',
    response: listDocument(documentResource),
  },
  { method: 'get', path: '/documents/types', summary: 'Document types', tag: 'documents', response: anyJson },
  {
    method: 'get',
    path: '/documents/{id}',
    summary: 'A document',
    tag: 'documents',
    response: singleDocument(documentResource),
  },
  {
    method: 'patch',
    path: '/documents/{id}',
    summary: 'Correct a document',
    tag: 'documents',
    request: updateDocumentRequest,
    response: singleDocument(documentResource),
  },
  {
    method: 'delete',
    path: '/documents/{id}',
    summary: 'Delete a document',
    tag: 'documents',
    response: z.unknown(),
    status: 204,
  },
  {
    method: 'get',
    path: '/documents/{id}/download_url',
    summary: 'Download URL',
    tag: 'documents',
    response: downloadUrlResponse,
  },
  {
    method: 'post',
    path: '/documents/{id}/reextract',
    summary: 'Extract again',
    tag: 'documents',
    response: actionAcceptedResponse,
    status: 202,
  },
  {
    method: 'post',
    path: '/documents/{id}/reclassify',
    summary: 'Classify again',
    tag: 'documents',
    response: actionAcceptedResponse,
    status: 202,
  },
  {
    method: 'post',
    path: '/documents/{id}/relink',
    summary: 'Link again',
    tag: 'documents',
    response: actionAcceptedResponse,
    status: 202,
  },
  {
    method: 'get',
    path: '/email_submissions',
    summary: 'List email submissions',
    tag: 'documents',
    response: listDocument(emailSubmissionResource),
  },
  {
    method: 'get',
    path: '/email_submissions/{id}',
    summary: 'An email submission',
    tag: 'documents',
    response: singleDocument(emailSubmissionResource),
  },
  {
    method: 'get',
    path: '/document_schemas/{id}',
    summary: 'A document schema',
    tag: 'documents',
    response: singleDocument(trackingResource('document_schema')),
  },
];
