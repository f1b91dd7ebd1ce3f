import { z } from 'zod';
import { hasControlCharacters } from './file-name.ts';

/**
 * Request bodies of parties, party roles, custom field definitions, options and values (the upstream's
 * Parties and Custom Fields endpoints). The rules the upstream words itself are checked after parsing.
 */

const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !hasControlCharacters(value), 'must not contain control or bidi characters');

/** The roles a party plays, as the upstream's list-filter reference names them. */
export const PARTY_ROLES = [
  'shipper',
  'consignee',
  'notify_party',
  'customs_broker',
  'customer',
  'freight_forwarder',
  'pickup_dray_carrier',
] as const;

const identifier = (type: string) => z.object({ id: z.string().max(100), type: z.literal(type).optional() });

export const partyBody = z.object({
  data: z.object({
    type: z.literal('party').optional(),
    id: z.string().optional(),
    attributes: z.object({ company_name: text(255) }),
  }),
});

export const partyRoleBody = z.object({
  data: z.object({
    type: z.literal('party_role').optional(),
    attributes: z.object({
      role: z.enum(PARTY_ROLES, { error: `must be one of ${PARTY_ROLES.join(', ')}` }),
      /** Also accepted here, for clients that send the party as an attribute. */
      party_id: z.string().max(100).optional(),
    }),
    relationships: z.object({ party: z.object({ data: identifier('party') }) }).optional(),
  }),
});

/** The entity types a custom field definition applies to; `Cargo` is the upstream's name for containers. */
export const CUSTOM_FIELD_ENTITY_TYPES = ['Shipment', 'Cargo', 'TrackingRequest'] as const;
export const CUSTOM_FIELD_DATA_TYPES = [
  'short_text',
  'number',
  'date',
  'datetime',
  'boolean',
  'enum',
  'enum_multi',
  'reference',
] as const;

const slug = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9_]+$/, 'must be letters, digits and underscores');

const definitionAttributes = {
  display_name: text(255),
  description: text(2000).nullable().optional(),
  reference_type: text(100).nullable().optional(),
  validation: z.record(z.string(), z.unknown()).nullable().optional(),
  default_format: text(100).nullable().optional(),
  default_value: z.unknown().optional(),
};

export const createDefinitionBody = z.object({
  data: z.object({
    type: z.literal('custom_field_definition').optional(),
    attributes: z.object({
      entity_type: z.enum(CUSTOM_FIELD_ENTITY_TYPES, {
        error: `must be one of ${CUSTOM_FIELD_ENTITY_TYPES.join(', ')}`,
      }),
      api_slug: slug,
      data_type: z.enum(CUSTOM_FIELD_DATA_TYPES, {
        error: `must be one of ${CUSTOM_FIELD_DATA_TYPES.join(', ')}`,
      }),
      ...definitionAttributes,
    }),
  }),
});

/** The slug, entity type and data type cannot change after creation; they are ignored when sent. */
export const updateDefinitionBody = z.object({
  data: z.object({
    type: z.literal('custom_field_definition').optional(),
    id: z.string().optional(),
    attributes: z.object({ ...definitionAttributes, display_name: text(255).optional() }).passthrough(),
  }),
});

export const optionBody = z.object({
  data: z.object({
    type: z.literal('custom_field_option').optional(),
    id: z.string().optional(),
    attributes: z.object({
      label: text(255).optional(),
      value: z
        .string()
        .max(255)
        .regex(/^[A-Za-z0-9 _-]+$/, 'must be letters, digits, spaces, hyphens and underscores')
        .optional(),
      position: z.number().int().min(0).optional(),
    }),
  }),
});

const UPDATE_PATHWAYS = ['api', 'dashboard', 'email', 'tracking_request', 'unknown'] as const;

/** A custom field value: any JSON scalar, a list of strings, an object, or null. */
export const customFieldBody = z.object({
  data: z.object({
    type: z.literal('custom_field').optional(),
    id: z.string().optional(),
    attributes: z.object({
      api_slug: slug.optional(),
      value: z.unknown(),
      update_pathway: z.enum(UPDATE_PATHWAYS).optional(),
    }),
    relationships: z
      .object({
        entity: z
          .object({ data: z.object({ id: z.string().max(100), type: z.string().max(50) }) })
          .optional(),
        definition: z.object({ data: identifier('custom_field_definition') }).optional(),
      })
      .optional(),
  }),
});
