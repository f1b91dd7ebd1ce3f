import { z } from 'zod';
import { fileName } from './file-name.ts';
import { resourceIdentifier, toMany, toOne } from './json-api.ts';

export const documentTypes = [
  'commercial_invoice',
  'bill_of_lading',
  'arrival_notice',
  'packing_list',
  'delivery_order',
  'booking_confirmation',
  'other',
] as const;
export const documentType = z.enum(documentTypes);
export type DocumentType = z.infer<typeof documentType>;

export const documentSources = ['upload', 'api', 'email', 'split_document'] as const;

/**
 * Where a document stands in processing. Not an upstream attribute: the upstream reports progress
 * only through webhooks, which a client cannot re-read after a lost delivery. See the README.
 */
export const extractionStatuses = ['pending', 'processing', 'extracted', 'failed'] as const;
export const extractionStatus = z.enum(extractionStatuses);
export type ExtractionStatus = z.infer<typeof extractionStatus>;

export const extractionError = z.object({ reason: z.string(), detail: z.string() });
export type ExtractionError = z.infer<typeof extractionError>;

export const documentAttributes = z.object({
  id: z.string(),
  name: z.string(),
  document_type: documentType.nullable(),
  document_type_manual: documentType.nullable(),
  classification_notes: z.string().nullable(),
  source: z.enum(documentSources).optional(),
  file_name: z.string(),
  file_content_type: z.string().nullable(),
  file_size_bytes: z.number().int().nullable(),
  extraction_status: extractionStatus,
  extraction_attempts: z.number().int(),
  extraction_error: extractionError.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DocumentAttributes = z.infer<typeof documentAttributes>;

export const documentResource = z.object({
  id: z.string(),
  type: z.literal('document'),
  attributes: documentAttributes,
  relationships: z.object({
    account: toOne(resourceIdentifier('account')),
    user: toOne(resourceIdentifier('user')),
    email_submission: toOne(resourceIdentifier('email_submission')),
    last_document_representation: toOne(resourceIdentifier('document_representation')),
    shipments: toMany(resourceIdentifier('shipment')),
    cargos: toMany(resourceIdentifier('container')),
  }),
  links: z.object({ self: z.string(), download: z.string() }),
});
export type DocumentResource = z.infer<typeof documentResource>;

export const documentRepresentationResource = z.object({
  id: z.string(),
  type: z.literal('document_representation'),
  attributes: z.object({
    document_type: documentType,
    schema_version: z.string(),
    payload: z.record(z.string(), z.unknown()),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  relationships: z.object({ document: toOne(resourceIdentifier('document')) }),
});
export type DocumentRepresentationResource = z.infer<typeof documentRepresentationResource>;

export const createDocumentRequest = z.object({
  data: z.object({
    type: z.literal('document'),
    attributes: z.object({
      name: fileName('Name'),
      attached_document: z.string().min(1, "Attached document can't be blank"),
    }),
  }),
});
export type CreateDocumentRequest = z.infer<typeof createDocumentRequest>;

/** `PATCH /documents/{id}`: the name and the manual type (null clears it); at least one of them. */
export const updateDocumentRequest = z.object({
  data: z.object({
    type: z.literal('document'),
    attributes: z
      .strictObject(
        {
          name: fileName('Name').optional(),
          document_type_manual: documentType.nullable().optional(),
        },
        {
          // extracted_data_manual, which the upstream takes too, has nowhere to live here yet.
          error: (issue) =>
            issue.code === 'unrecognized_keys'
              ? `Attributes ${issue.keys.join(', ')} cannot be changed: only name and document_type_manual can`
              : undefined,
        },
      )
      .refine(
        (attributes) => attributes.name !== undefined || attributes.document_type_manual !== undefined,
        'Attributes must include name or document_type_manual',
      ),
  }),
});
export type UpdateDocumentRequest = z.infer<typeof updateDocumentRequest>;

export const downloadUrlResponse = z.object({ download_url: z.string() });
export const actionAcceptedResponse = z.object({ status: z.literal('accepted') });
