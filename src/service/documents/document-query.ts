import type { Context } from 'hono';
import { z } from 'zod';
import { type DocumentType, documentType } from '../../contract/document.ts';
import { InvalidParameterError } from '../../domain/errors.ts';
import { readPage } from '../http/pagination.ts';
import { badRequest } from '../http/problem.ts';
import { echoedValue } from '../http/read-json.ts';
import type { CursorValues, DocumentFilters, PageRequest, SortField, SortKey } from './document-list.ts';

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
      throw badRequest(
        `${echoedValue(name) ?? 'a name'} is not specified as a relationship on ${serializer}`,
        'include',
      );
    result.add(known);
  }
  return result;
}

const SORT_FIELDS: readonly SortField[] = ['document_type', 'created_at'];

/** Newest first, as a mailbox lists its messages. */
const DEFAULT_SORT: readonly SortKey[] = [{ field: 'created_at', descending: true }];

/**
 * Sort fields the upstream documents that order nothing here: every document of an account is added by
 * its one API key, so `added_by` is the same for all of them and leaves the order to the other keys.
 */
const CONSTANT_SORT_FIELDS: readonly string[] = ['added_by'];

function readSort(raw: string | undefined): readonly SortKey[] {
  if (raw === undefined || raw.trim() === '') return DEFAULT_SORT;
  const keys = raw.split(',').flatMap((part): SortKey[] => {
    const item = part.trim();
    const descending = item.startsWith('-');
    const name = descending ? item.slice(1) : item;
    if (CONSTANT_SORT_FIELDS.includes(name)) return [];
    if (name === '') {
      throw badRequest(
        'sort names an empty field; give field names separated by commas, - for descending',
        'sort',
      );
    }
    const field = SORT_FIELDS.find((candidate) => candidate === name);
    if (field === undefined) {
      throw badRequest(
        `${echoedValue(name) ?? 'a name'} is not a sortable field; use ${[...SORT_FIELDS, ...CONSTANT_SORT_FIELDS].join(', ')}, - for descending`,
        'sort',
      );
    }
    return [{ field, descending }];
  });
  return keys.length > 0 ? keys : DEFAULT_SORT;
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

/** JavaScript dates end here (±8.64e15 ms); a later or earlier one is no date. */
const MAX_TIME_MS = 8.64e15;

function readTime(c: Context, parameter: string): number | undefined {
  const raw = c.req.query(parameter);
  if (raw === undefined || raw === '') return undefined;
  const ms = Date.parse(raw);
  if (!(Math.abs(ms) <= MAX_TIME_MS))
    throw badRequest(`${parameter} must be an ISO 8601 date or time`, parameter);
  return ms;
}

/** A cursor names its sort, so that one taken from another order is refused rather than misread. */
const sortSignature = (sort: readonly SortKey[]): string =>
  sort.map((key) => `${key.descending ? '-' : ''}${key.field}`).join(',');

/** Longest cursor read; a real one is well under 200 characters. */
const MAX_CURSOR_LENGTH = 512;
const cursorPayload = z.tuple([
  z.string(),
  z.union([z.string().max(64), z.number().int()]),
  z.union([z.string().max(64), z.number().int()]),
  z.number().int().nonnegative(),
]);

export const encodeCursor = (sort: readonly SortKey[], values: CursorValues): string =>
  Buffer.from(JSON.stringify([sortSignature(sort), ...values])).toString('base64url');

function decodeCursor(raw: string, parameter: string, sort: readonly SortKey[]): CursorValues {
  const invalid = () =>
    new InvalidParameterError(parameter, `${parameter} is not a cursor from a link of this list`);
  if (raw.length > MAX_CURSOR_LENGTH) throw invalid();
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const parsed = cursorPayload.safeParse(json);
  if (!parsed.success || parsed.data[0] !== sortSignature(sort)) throw invalid();
  const [, primary, secondary, rowid] = parsed.data;
  // The created_at component is a number and the type component a string, in whichever order they come.
  const first = sort[0]?.field ?? 'created_at';
  const wantsNumberFirst = first === 'created_at';
  if (
    (typeof primary === 'number') !== wantsNumberFirst ||
    (typeof secondary === 'number') === wantsNumberFirst
  )
    throw invalid();
  return [primary, secondary, rowid];
}

export interface DocumentListRequest {
  readonly filters: DocumentFilters;
  readonly sort: readonly SortKey[];
  readonly page: PageRequest;
  /** The page number links show; with a cursor it is what the client says it is. */
  readonly pageNumber: number;
}

/**
 * The file-name substring. No file name holds a NUL, and SQLite's full-text query parser stops at one
 * ("unterminated string"), so a filter with one is refused instead of reaching it.
 */
function readFilename(raw: string | undefined): string | undefined {
  if (raw?.includes('\u0000')) {
    throw badRequest('filter[filename] must not contain a NUL character', 'filter[filename]');
  }
  return raw;
}

/** Filters, sort and page of `GET /documents`: a page number, or a cursor from a `next`/`prev` link. */
export function readDocumentListRequest(c: Context): DocumentListRequest {
  const filename = readFilename(c.req.query('filter[filename]'));
  const documentTypes = readDocumentTypes(c.req.query('filter[document_types]'));
  const createdFrom = readTime(c, 'filter[created_at][start]');
  const createdTo = readTime(c, 'filter[created_at][end]');
  const sort = readSort(c.req.query('sort'));
  const { number, size } = readPage(c);
  const after = c.req.query('page[after]');
  const before = c.req.query('page[before]');
  if (after !== undefined && before !== undefined) {
    throw new InvalidParameterError('page[before]', 'page[after] and page[before] cannot be combined');
  }
  const page: PageRequest =
    after !== undefined
      ? { kind: 'after', cursor: decodeCursor(after, 'page[after]', sort), size }
      : before !== undefined
        ? { kind: 'before', cursor: decodeCursor(before, 'page[before]', sort), size }
        : { kind: 'number', number, size };
  return {
    filters: {
      ...(filename === undefined ? {} : { filename }),
      ...(documentTypes === undefined ? {} : { documentTypes }),
      ...(createdFrom === undefined ? {} : { createdFrom }),
      ...(createdTo === undefined ? {} : { createdTo }),
    },
    sort,
    page,
    pageNumber: number,
  };
}
