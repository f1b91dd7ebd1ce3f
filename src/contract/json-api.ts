import { z } from 'zod';

/**
 * The JSON:API envelope as the service speaks it. Schemas here are used on both sides of the wire:
 * the service builds responses that satisfy them, clients validate what they receive.
 */

export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';

export const resourceIdentifier = <T extends string>(type: T) =>
  z.object({ id: z.string(), type: z.literal(type) });

export const toOne = <T extends z.ZodType>(identifier: T) => z.object({ data: identifier.nullable() });
export const toMany = <T extends z.ZodType>(identifier: T) => z.object({ data: z.array(identifier) });

export const errorObject = z.object({
  status: z.string().optional(),
  title: z.string(),
  detail: z.string().nullable().optional(),
  code: z.string().optional(),
  source: z
    .object({
      pointer: z.string().optional(),
      parameter: z.string().optional(),
      header: z.string().optional(),
    })
    .nullable()
    .optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorObject = z.infer<typeof errorObject>;

export const errorDocument = z.object({ errors: z.array(errorObject).min(1) });
export type ErrorDocument = z.infer<typeof errorDocument>;

/**
 * `self` (the URL as requested) and `current`, then a link for each page that exists: `first` and `prev`
 * past page 1, `next` and `last` before the last page (the upstream's jsonapi.rb pagination). A link that
 * does not exist is left out; clients that read an older service's `null` treat it the same.
 */
export const listLinks = z.object({
  self: z.string(),
  current: z.string().optional(),
  first: z.string().optional(),
  last: z.string().optional(),
  next: z.string().optional(),
  prev: z.string().optional(),
});

export const listMeta = z.object({
  size: z.number().int(),
  total: z.number().int(),
  /** Sent (true) when `total` is a lower bound: a filtered list is counted only so far. */
  total_is_lower_bound: z.boolean().optional(),
  /** The live upstream's page summary, on the tracking lists, webhook notifications and documents. */
  pagination: z
    .object({
      current: z.number().int(),
      first: z.number().int().optional(),
      prev: z.number().int().optional(),
      next: z.number().int().optional(),
      last: z.number().int().optional(),
      records: z.number().int(),
    })
    .optional(),
});

/** A single-resource document: `{ data, included?, links? }`. */
export const singleDocument = <T extends z.ZodType>(resource: T) =>
  z.object({
    data: resource,
    included: z.array(z.unknown()).optional(),
    links: z.object({ self: z.string() }).optional(),
  });

/** A list document: `{ data[], included?, links, meta }`. */
export const listDocument = <T extends z.ZodType>(resource: T) =>
  z.object({
    data: z.array(resource),
    included: z.array(z.unknown()).optional(),
    links: listLinks,
    meta: listMeta,
  });
