import { type Context, Hono } from 'hono';
import { createDocumentRequest, updateDocumentRequest } from '../../contract/document.ts';
import { rotateDocumentRequest } from '../../contract/document-types.ts';
import type { ServiceEnv } from '../http/env.ts';
import { type PageParams, pageLinks, paginationMeta } from '../http/pagination.ts';
import { notFound } from '../http/problem.ts';
import { readJson } from '../http/read-json.ts';
import type { BlobFiles } from '../uploads/blob-files.ts';
import type { BlobTokens } from '../uploads/blob-tokens.ts';
import type { UploadStore } from '../uploads/upload-store.ts';
import { createDocument } from './create-document.ts';
import { includedForDocuments } from './document-included.ts';
import type { DocumentPage } from './document-list.ts';
import {
  DOCUMENT_INCLUDES,
  type DocumentListRequest,
  encodeCursor,
  readDocumentListRequest,
  readIncludes,
} from './document-query.ts';
import { documentPath, serializeDocument } from './document-serializer.ts';
import type { DocumentStore } from './document-store.ts';
import { documentTypeRoutes } from './document-type-routes.ts';
import type { EmailSubmissionStore } from './email-submission-store.ts';
import type { ExtractionJobs } from './extraction-jobs.ts';
import { DocumentRotations } from './rotate-document.ts';

export interface DocumentRouteDeps {
  readonly documents: DocumentStore;
  readonly emailSubmissions: EmailSubmissionStore;
  readonly uploads: UploadStore;
  readonly tokens: BlobTokens;
  readonly jobs: ExtractionJobs;
  readonly files: BlobFiles;
}

const DOCUMENT_SERIALIZER = 'V2::DocumentSerializer';

export { documentTypesResponse } from '../../contract/document-types.ts';

/** `/documents` routes, relative to /v2. Every lookup is scoped to the caller's account. */
export const documentRoutes = (deps: DocumentRouteDeps): Hono<ServiceEnv> => {
  const routes = new Hono<ServiceEnv>();
  const rotations = new DocumentRotations(deps);

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
    const request = readDocumentListRequest(c);
    const page = deps.documents.list(account.id, request.filters, request.sort, request.page);
    const { records } = page;
    return c.json({
      data: records.map((record) => serializeDocument(record)),
      ...(includes.size > 0 ? { included: includedForDocuments(deps, records, includes, account) } : {}),
      links: documentListLinks(c, request, page),
      // The same meta as the tracking lists; a total that is only a lower bound gives no last page.
      meta: page.totalExact
        ? paginationMeta(
            { number: request.pageNumber, size: request.page.size, offset: 0 },
            page.total,
            records.length,
          )
        : { size: records.length, total: page.total, total_is_lower_bound: true },
    });
  });

  // Before /documents/:id, which would otherwise take "types" for an id.
  routes.route('/', documentTypeRoutes());

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

  routes.patch('/documents/:id', async (c) => {
    const id = c.req.param('id');
    const accountId = c.get('account').id;
    // The document is looked up before the body is read, so an unknown id is a 404 whatever the body.
    if (deps.documents.get(accountId, id) === undefined) throw notFound('Document', id);
    const { data } = await readJson(c, updateDocumentRequest);
    const document = deps.documents.update(accountId, id, {
      ...(data.attributes.name === undefined ? {} : { name: data.attributes.name }),
      ...(data.attributes.document_type_manual === undefined
        ? {}
        : { documentTypeManual: data.attributes.document_type_manual }),
    });
    if (document === undefined) throw notFound('Document', id);
    return c.json({ data: serializeDocument(document), links: { self: c.req.url } });
  });

  // A soft delete, as upstream: gone from lists and GETs, its pending webhooks unsent, its blob kept.
  routes.delete('/documents/:id', (c) => {
    const id = c.req.param('id');
    if (!deps.documents.delete(c.get('account').id, id)) throw notFound('Document', id);
    return c.body(null, 204);
  });

  routes.get('/documents/:id/download_url', (c) => {
    const document = deps.documents.get(c.get('account').id, c.req.param('id'));
    const blob = document === undefined ? undefined : deps.uploads.get(document.blobId);
    if (blob === undefined) throw notFound('Document');
    return c.json({ download_url: deps.tokens.downloadUrl(new URL(c.req.url).origin, blob) });
  });

  const reprocess = (c: Context<ServiceEnv>) => {
    const id = c.req.param('id') ?? '';
    const document = deps.jobs.writeWithJob(() => {
      const started = deps.documents.startAttempt(c.get('account').id, id);
      return { result: started, attempt: started };
    });
    if (document === undefined) throw notFound('Document', id);
    return c.json({ status: 'accepted' as const }, 202);
  };
  routes.post('/documents/:id/reextract', reprocess);
  // Classification and extraction are one job here, so classifying again is running that job again.
  routes.post('/documents/:id/reclassify', reprocess);

  // The upstream links documents to shipments; nothing here is linked, so relinking has nothing to do,
  // and it is accepted as the upstream accepts it.
  routes.post('/documents/:id/relink', (c) => {
    const id = c.req.param('id');
    if (deps.documents.get(c.get('account').id, id) === undefined) throw notFound('Document', id);
    return c.json({ status: 'accepted' as const }, 202);
  });

  // The rotation is applied before the 202 (README, documents): it takes one image decode, and a file
  // that cannot be turned is a 422 now rather than a silent failure later. Its re-extraction is queued.
  routes.post('/documents/:id/rotate', async (c) => {
    const id = c.req.param('id');
    const accountId = c.get('account').id;
    if (deps.documents.get(accountId, id) === undefined) throw notFound('Document', id);
    const { degrees } = await readJson(c, rotateDocumentRequest);
    await rotations.rotate(accountId, id, degrees);
    return c.json({ status: 'accepted' as const }, 202);
  });

  return routes;
};

/**
 * `next` and `prev` carry a cursor (the edge row's sort values), so following them is a keyset seek
 * however deep the page; `first` and `last` go by number, and both ends are cheap to read. `self` is the
 * URL as requested, `current` this page by number (and cursor).
 */
function documentListLinks(c: Context, request: DocumentListRequest, page: DocumentPage) {
  const { sort, pageNumber } = request;
  const { size } = request.page;
  const numbered = (n: number): PageParams => ({ 'page[number]': String(n) });
  const last = page.totalExact ? Math.max(1, Math.ceil(page.total / size)) : null;
  const self: PageParams =
    request.page.kind === 'number'
      ? numbered(pageNumber)
      : { ...numbered(pageNumber), [`page[${request.page.kind}]`]: encodeCursor(sort, request.page.cursor) };
  const prevNumber = Math.max(1, Math.min(pageNumber - 1, last ?? pageNumber - 1));
  return pageLinks(c, {
    current: self,
    first: pageNumber > 1 ? numbered(1) : null,
    // Only before the last page, as the other lists (and the upstream) send it.
    last: last === null || pageNumber >= last ? null : numbered(last),
    next:
      page.hasNext && page.lastCursor !== undefined
        ? { ...numbered(pageNumber + 1), 'page[after]': encodeCursor(sort, page.lastCursor) }
        : null,
    prev: !page.hasPrev
      ? null
      : prevNumber > 1 && page.firstCursor !== undefined
        ? { ...numbered(prevNumber), 'page[before]': encodeCursor(sort, page.firstCursor) }
        : numbered(prevNumber),
  });
}
