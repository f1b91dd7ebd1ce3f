import type { Context } from 'hono';
import { type DocumentType, documentType } from '../../contract/document.ts';
import { badRequest } from '../http/problem.ts';
import type { DocumentListQuery, SortField } from './document-store.ts';

/** Relationships `include` may name on a document, as the upstream's V2::DocumentSerializer lists them. */
export const DOCUMENT_INCLUDES = [
  'shipments',
  'cargos',
  'account',
  'user',
  'last_document_representation',
  'email_submission',
  // The upstream's alias of last_document_representation.
  'current_extraction',
] as const;
export type DocumentInclude = (typeof DOCUMENT_INCLUDES)[number];

export const EMAIL_SUBMISSION_INCLUDES = [
  'account',
  'user',
  'documents',
  'documents.last_document_representation',
] as const;
export type EmailSubmissionInclude = (typeof EMAIL_SUBMISSION_INCLUDES)[number];

/**
 * Reads `include` (a comma list). A name the serializer does not know is a 400 worded as the upstream
 * words it; without the parameter, `defaults` apply.
 */
export function readIncludes<T extends string>(
  c: Context,
  allowed: readonly T[],
  serializer: string,
  defaults: readonly T[] = [],
): Set<T> {
  const raw = c.req.query('include');
  if (raw === undefined) return new Set(defaults);
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  const result = new Set<T>();
  for (const name of names) {
    const known = allowed.find((candidate) => candidate === name);
    if (known === undefined)
      throw badRequest(`${name} is not specified as a relationship on ${serializer}`, 'include');
    result.add(known);
  }
  return result;
}

const SORT_FIELDS: readonly SortField[] = ['document_type', 'created_at'];

/** Newest first, as a mailbox lists its messages. */
const DEFAULT_SORT: DocumentListQuery['sort'] = [{ field: 'created_at', descending: true }];

function readSort(raw: string | undefined): DocumentListQuery['sort'] {
  if (raw === undefined || raw.trim() === '') return DEFAULT_SORT;
  return raw.split(',').map((part) => {
    const item = part.trim();
    const descending = item.startsWith('-');
    const name = descending ? item.slice(1) : item;
    const field = SORT_FIELDS.find((candidate) => candidate === name);
    if (field === undefined) {
      throw badRequest(
        `${name} is not a sortable field; use ${SORT_FIELDS.join(' or ')}, - for descending`,
        'sort',
      );
    }
    return { field, descending };
  });
}

function readDocumentTypes(raw: string | undefined): DocumentType[] | undefined {
  if (raw === undefined) return undefined;
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
    .map((item) => {
      const parsed = documentType.safeParse(item);
      if (!parsed.success) {
        throw badRequest(
          `${item} is not a document type; known: ${documentType.options.join(', ')}`,
          'filter[document_types]',
        );
      }
      return parsed.data;
    });
}

function readTime(c: Context, parameter: string): number | undefined {
  const raw = c.req.query(parameter);
  if (raw === undefined || raw === '') return undefined;
  const ms = Date.parse(raw);
  if (Number.isNaN(ms)) throw badRequest(`${parameter} must be an ISO 8601 date or time`, parameter);
  return ms;
}

/** Filters and sort of `GET /documents`; pagination is read separately. */
export function readDocumentListQuery(c: Context): Omit<DocumentListQuery, 'offset' | 'limit'> {
  const filename = c.req.query('filter[filename]');
  const documentTypes = readDocumentTypes(c.req.query('filter[document_types]'));
  const createdFrom = readTime(c, 'filter[created_at][start]');
  const createdTo = readTime(c, 'filter[created_at][end]');
  return {
    sort: readSort(c.req.query('sort')),
    ...(filename === undefined ? {} : { filename }),
    ...(documentTypes === undefined ? {} : { documentTypes }),
    ...(createdFrom === undefined ? {} : { createdFrom }),
    ...(createdTo === undefined ? {} : { createdTo }),
  };
}
