import { Hono } from 'hono';
import type { ServiceEnv } from '../http/env.ts';
import { listEnvelope, readPage } from '../http/pagination.ts';
import { notFound } from '../http/problem.ts';
import { type IncludeDeps, includedForEmailSubmissions } from './document-included.ts';
import { EMAIL_SUBMISSION_INCLUDES, type EmailSubmissionInclude, readIncludes } from './document-query.ts';
import { serializeEmailSubmission } from './document-serializer.ts';

const SERIALIZER = 'V2::EmailSubmissionSerializer';
/** The upstream includes a submission's documents and their latest representations unless told otherwise. */
const DEFAULT_INCLUDES: readonly EmailSubmissionInclude[] = [
  'documents',
  'documents.last_document_representation',
];

/** `/email_submissions`, relative to /v2. The mail intake fills the table; the API only reads it. */
export const emailSubmissionRoutes = (deps: IncludeDeps): Hono<ServiceEnv> =>
  new Hono<ServiceEnv>()
    .get('/email_submissions', (c) => {
      const account = c.get('account');
      const includes = readIncludes(c, EMAIL_SUBMISSION_INCLUDES, SERIALIZER, DEFAULT_INCLUDES);
      const page = readPage(c);
      const { records, total } = deps.emailSubmissions.list(account.id, {
        offset: page.offset,
        limit: page.size,
      });
      return c.json({
        data: records.map(serializeEmailSubmission),
        included: includedForEmailSubmissions(deps, records, includes, account),
        ...listEnvelope(c, page, total),
      });
    })
    .get('/email_submissions/:id', (c) => {
      const account = c.get('account');
      const includes = readIncludes(c, EMAIL_SUBMISSION_INCLUDES, SERIALIZER, DEFAULT_INCLUDES);
      const submission = deps.emailSubmissions.get(account.id, c.req.param('id'));
      if (submission === undefined) throw notFound('EmailSubmission');
      return c.json({
        data: serializeEmailSubmission(submission),
        included: includedForEmailSubmissions(deps, [submission], includes, account),
        links: { self: c.req.url },
      });
    });
