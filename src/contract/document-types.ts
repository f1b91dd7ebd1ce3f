import { z } from 'zod';
import { documentType } from './document.ts';

/** The extraction schema an account can read for one document type, as `GET /documents/types` names it. */
const schemaReference = z.object({
  id: z.string(),
  version: z.string(),
  detail_url: z.string(),
});

/** One item of `GET /documents/types`. */
export const documentTypeListItem = z.object({
  code: documentType,
  label: z.string(),
  description: z.string().optional(),
  schema: schemaReference.optional(),
});

export const documentTypesResponse = z.object({ document_types: z.array(documentTypeListItem) });

/**
 * The upstream's sanitized extraction-field schema: only the structural JSON Schema keys (type, format,
 * enum, properties, items, required), nothing a renderer does not need.
 */
export interface SanitizedSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, SanitizedSchema>;
  items?: SanitizedSchema | SanitizedSchema[];
  required?: string[];
}
export const sanitizedSchema: z.ZodType<SanitizedSchema> = z.lazy(() =>
  z.object({
    type: z.union([z.string(), z.array(z.string())]).optional(),
    format: z.string().optional(),
    enum: z.array(z.unknown()).optional(),
    properties: z.record(z.string(), sanitizedSchema).optional(),
    items: z.union([sanitizedSchema, z.array(sanitizedSchema)]).optional(),
    required: z.array(z.string()).optional(),
  }),
);

/** `GET /documents/types/{code}`. */
export const documentTypeDetailResponse = z.object({
  document_type: z.object({
    code: documentType,
    label: z.string(),
    description: z.string(),
    schema: z.object({
      id: z.string(),
      version: z.string(),
      format: z.literal('json_schema'),
      payload: sanitizedSchema,
    }),
  }),
});

/** `POST /documents/{id}/rotate`: image documents only, by a quarter, half or three-quarter turn. */
export const rotateDocumentRequest = z.object({
  degrees: z.union([z.literal(90), z.literal(180), z.literal(270)]),
});
