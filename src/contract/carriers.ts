import { z } from 'zod';

/** `POST /tracking_requests/infer_number` request body (plain JSON, reference §4). */
export const inferNumberRequest = z.object({ number: z.string() });

export const carrierCandidate = z.object({
  scac: z.string(),
  name: z.string(),
  confidence: z.number().min(0).max(1),
});

/** The 200 answer of `POST /tracking_requests/infer_number`. */
export const inferNumberResponse = z.object({
  data: z.object({
    id: z.string().regex(/^req_/),
    type: z.literal('infer_number_results'),
    attributes: z.object({
      number_type: z.enum(['container', 'bill_of_lading', 'booking']),
      validation: z.object({
        is_valid: z.boolean().nullable(),
        type: z.enum(['container', 'shipment']),
        check_digit_passed: z.boolean().nullable(),
        parsed_number: z.string().nullable(),
        reason: z.string().nullable(),
      }),
      shipping_line: z.object({
        decision: z.enum(['auto_select', 'needs_confirmation', 'no_prediction']),
        selected: carrierCandidate.nullable(),
        candidates: z.array(carrierCandidate),
      }),
    }),
  }),
});
export type InferNumberResponse = z.infer<typeof inferNumberResponse>;

/** A `shipping_line` resource (reference §6); the id is the SCAC. */
export const shippingLineResource = z.object({
  id: z.string(),
  type: z.literal('shipping_line'),
  attributes: z.object({
    scac: z.string(),
    name: z.string(),
    short_name: z.string(),
    alternative_scacs: z.array(z.string()),
    bill_of_lading_tracking_support: z.boolean(),
    booking_number_tracking_support: z.boolean(),
    container_number_tracking_support: z.boolean(),
    bol_prefix: z.string().nullable(),
    /** The carrier's tracking page, `${BLNUM}` standing for the bill of lading; null when not known. */
    tracking_url: z.string().nullable(),
    contact_url: z.string().nullable(),
    /** Which container fields the carrier provides (upstream fixture); null when not known. */
    provided_data: z.record(z.string(), z.union([z.boolean(), z.string()])).nullable(),
  }),
  links: z.object({ self: z.string() }).optional(),
});
export type ShippingLineResource = z.infer<typeof shippingLineResource>;

export const shippingLineList = z.object({
  data: z.array(shippingLineResource),
  links: z.object({ self: z.string() }),
});
export const singleShippingLine = z.object({
  data: shippingLineResource,
  links: z.object({ self: z.string() }),
});
