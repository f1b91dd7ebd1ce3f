import { Hono } from 'hono';
import { z } from 'zod';
import { documentType } from '../../contract/document.ts';
import { documentJsonSchema, findDocumentSchema } from '../../extraction/schemas/registry.ts';
import type { ServiceEnv } from '../http/env.ts';
import { notFound } from '../http/problem.ts';

/** The upstream's document_schema resource (reference §1.3). */
export const documentSchemaResource = z.object({
  id: z.string(),
  type: z.literal('document_schema'),
  attributes: z.object({
    document_type: documentType,
    label: z.string(),
    schema_version: z.string(),
    full_version: z.string(),
    current: z.boolean(),
    draft: z.boolean(),
    active_at: z.string().nullable(),
    schema_format: z.literal('json_schema'),
    description: z.string(),
    schema_payload: z.record(z.string(), z.unknown()),
    created_at: z.string(),
    updated_at: z.string(),
  }),
});
export type DocumentSchemaResource = z.infer<typeof documentSchemaResource>;

/**
 * `GET /document_schemas/{document_type}@{version}` from the extraction registry. Each registered version
 * is the current one and took effect at midnight UTC of its date.
 */
export const documentSchemaRoutes = (): Hono<ServiceEnv> =>
  new Hono<ServiceEnv>().get('/document_schemas/:id', (c) => {
    const id = c.req.param('id');
    const entry = findDocumentSchema(id);
    if (entry === undefined) throw notFound('DocumentSchema');
    const activeAt = new Date(`${entry.schemaVersion}T00:00:00Z`).toISOString();
    const data: DocumentSchemaResource = {
      id,
      type: 'document_schema',
      attributes: {
        document_type: entry.documentType,
        label: entry.label,
        schema_version: entry.schemaVersion,
        full_version: id,
        current: true,
        draft: false,
        active_at: activeAt,
        schema_format: 'json_schema',
        description: entry.description,
        schema_payload: documentJsonSchema(entry.documentType),
        created_at: activeAt,
        updated_at: activeAt,
      },
    };
    return c.json({ data, links: { self: c.req.url } });
  });
