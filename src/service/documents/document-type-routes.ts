import { Hono } from 'hono';
import type { DocumentType } from '../../contract/document.ts';
import type { SanitizedSchema } from '../../contract/document-types.ts';
import {
  DOCUMENT_SCHEMAS,
  type DocumentSchemaEntry,
  documentJsonSchema,
} from '../../extraction/schemas/registry.ts';
import type { ServiceEnv } from '../http/env.ts';
import { notFound } from '../http/problem.ts';

const schemaId = (entry: DocumentSchemaEntry) => `${entry.documentType}@${entry.schemaVersion}`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Keeps the structural keys of a JSON Schema and drops the rest (titles, descriptions, `$schema`,
 * `additionalProperties`), as the upstream's detail view does. A nullable field written as `anyOf`
 * [X, null] becomes `type: [X, "null"]`, the form the upstream shows.
 */
export function sanitizeSchema(schema: unknown): SanitizedSchema {
  if (!isObject(schema)) return {};
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf.filter(isObject) : [];
  const nonNull = variants.filter((variant) => variant.type !== 'null');
  if (variants.length === 2 && nonNull.length === 1 && typeof nonNull[0]?.type === 'string') {
    const inner = sanitizeSchema(nonNull[0]);
    return { ...inner, type: [nonNull[0].type, 'null'] };
  }
  const out: SanitizedSchema = {};
  if (typeof schema.type === 'string') out.type = schema.type;
  else if (Array.isArray(schema.type))
    out.type = schema.type.filter((t): t is string => typeof t === 'string');
  if (typeof schema.format === 'string') out.format = schema.format;
  if (Array.isArray(schema.enum)) out.enum = schema.enum;
  else if (schema.const !== undefined) out.enum = [schema.const];
  if (isObject(schema.properties)) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, field]) => [name, sanitizeSchema(field)]),
    );
  }
  if (Array.isArray(schema.items)) out.items = schema.items.map(sanitizeSchema);
  else if (schema.items !== undefined) out.items = sanitizeSchema(schema.items);
  if (Array.isArray(schema.required)) {
    out.required = schema.required.filter((name): name is string => typeof name === 'string');
  }
  return out;
}

const entryOf = (code: string): DocumentSchemaEntry | undefined =>
  Object.values(DOCUMENT_SCHEMAS).find((entry) => entry.documentType === code);

/**
 * `GET /documents/types` and `GET /documents/types/{code}`: plain JSON, not JSON:API, as upstream. Every
 * type here has a catalogue entry, so every list item carries its description and detail URL.
 */
export const documentTypeRoutes = (): Hono<ServiceEnv> => {
  const routes = new Hono<ServiceEnv>();
  routes.get('/documents/types', (c) =>
    c.json({
      document_types: Object.values(DOCUMENT_SCHEMAS).map((entry) => ({
        code: entry.documentType,
        label: entry.label,
        description: entry.description,
        schema: {
          id: schemaId(entry),
          version: entry.schemaVersion,
          detail_url: `/v2/documents/types/${entry.documentType}`,
        },
      })),
    }),
  );
  routes.get('/documents/types/:code', (c) => {
    const code = c.req.param('code');
    const entry = entryOf(code);
    if (entry === undefined) throw notFound('DocumentType', code);
    const documentType: DocumentType = entry.documentType;
    return c.json({
      document_type: {
        code: documentType,
        label: entry.label,
        description: entry.description,
        schema: {
          id: schemaId(entry),
          version: entry.schemaVersion,
          format: 'json_schema' as const,
          payload: sanitizeSchema(documentJsonSchema(documentType)),
        },
      },
    });
  });
  return routes;
};
