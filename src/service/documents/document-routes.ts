import { Hono } from 'hono';
import { z } from 'zod';
import { createDocumentRequest, documentType } from '../../contract/document.ts';
import { DOCUMENT_SCHEMAS } from '../../extraction/schemas/registry.ts';
import type { ServiceEnv } from '../http/env.ts';
import { listEnvelope, readPage } from '../http/pagination.ts';
import { notFound } from '../http/problem.ts';
import { readJson } from '../http/read-json.ts';
import type { BlobTokens } from '../uploads/blob-tokens.ts';
import type { UploadStore } from '../uploads/upload-store.ts';
import { createDocument } from './create-document.ts';
import { includedForDocuments } from './document-included.ts';
import { DOCUMENT_INCLUDES, readDocumentListQuery, readIncludes } from './document-query.ts';
import { documentPath, serializeDocument } from './document-serializer.ts';
import type { DocumentStore } from './document-store.ts';
import type { EmailSubmissionStore } from './email-submission-store.ts';
import type { ExtractionJobs } from './extraction-jobs.ts';

export interface DocumentRouteDeps {
  readonly documents: DocumentStore;
  readonly emailSubmissions: EmailSubmissionStore;
  readonly uploads: UploadStore;
  readonly tokens: BlobTokens;
  readonly jobs: ExtractionJobs;
}

const DOCUMENT_SERIALIZER = 'V2::DocumentSerializer';

/** `GET /documents/types`: plain JSON, not JSON:API, as upstream. */
export const documentTypesResponse = z.object({
  document_types: z.array(z.object({ code: documentType, label: z.string() })),
});

/** `/documents` routes, relative to /v2. Every lookup is scoped to the caller's account. */
export const documentRoutes = (deps: DocumentRouteDeps): Hono<ServiceEnv> => {
  const routes = new Hono<ServiceEnv>();

  routes.post('/documents', async (c) => {
    const { data } = await readJson(c, createDocumentRequest);
    const document = createDocument(deps, c.get('account').id, {
      name: data.attributes.name,
      attachedDocument: data.attributes.attached_document,
    });
    const self = new URL(documentPath(document.id), c.req.url).toString();
    c.header('Location', self);
    return c.json({ data: serializeDocument(document, { withSource: false }), links: { self } }, 201);
  });

  routes.get('/documents', (c) => {
    const account = c.get('account');
    const includes = readIncludes(c, DOCUMENT_INCLUDES, DOCUMENT_SERIALIZER);
    const query = readDocumentListQuery(c);
    const page = readPage(c);
    const { records, total } = deps.documents.list(account.id, {
      ...query,
      offset: page.offset,
      limit: page.size,
    });
    return c.json({
      data: records.map((record) => serializeDocument(record)),
      ...(includes.size > 0 ? { included: includedForDocuments(deps, records, includes, account) } : {}),
      ...listEnvelope(c, page, total),
    });
  });

  // Before /documents/:id, which would otherwise take "types" for an id.
  routes.get('/documents/types', (c) =>
    c.json({
      document_types: Object.values(DOCUMENT_SCHEMAS).map((entry) => ({
        code: entry.documentType,
        label: entry.label,
      })),
    }),
  );

  routes.get('/documents/:id', (c) => {
    const account = c.get('account');
    const includes = readIncludes(c, DOCUMENT_INCLUDES, DOCUMENT_SERIALIZER);
    const document = deps.documents.get(account.id, c.req.param('id'));
    if (document === undefined) throw notFound('Document');
    return c.json({
      data: serializeDocument(document),
      ...(includes.size > 0 ? { included: includedForDocuments(deps, [document], includes, account) } : {}),
      links: { self: c.req.url },
    });
  });

  routes.get('/documents/:id/download_url', (c) => {
    const document = deps.documents.get(c.get('account').id, c.req.param('id'));
    const blob = document === undefined ? undefined : deps.uploads.get(document.blobId);
    if (blob === undefined) throw notFound('Document');
    return c.json({ download_url: deps.tokens.downloadUrl(new URL(c.req.url).origin, blob) });
  });

  routes.post('/documents/:id/reextract', (c) => {
    const id = c.req.param('id');
    const document = deps.jobs.writeWithJob(() => {
      const started = deps.documents.startAttempt(c.get('account').id, id);
      return { result: started, attempt: started };
    });
    if (document === undefined) throw notFound('Document', id);
    return c.json({ status: 'accepted' as const }, 202);
  });

  return routes;
};
