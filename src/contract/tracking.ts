import { z } from 'zod';
import { hasControlCharacters } from './file-name.ts';

/**
 * Request bodies of the tracking endpoints. Rules the upstream words itself (a blank or unknown SCAC, an
 * invalid number, a duplicate) are checked after parsing, so their 422s read as the upstream's.
 */

export const requestTypes = ['container', 'bill_of_lading', 'booking_number'] as const;

/**
 * A reference number or tag: shown in the web app, in webhook payloads and in search results, so the
 * controls and bidi overrides a file name may not hold are refused here too.
 */
const label = z
  .string()
  .max(255)
  .refine((value) => !hasControlCharacters(value), 'must not contain control or bidi characters');
const refNumbers = z.array(label).max(100);
const tags = z.array(label).max(100);

/**
 * `booking` (infer_number's name for the type, and the one the tracking issue gives) is read as the
 * upstream's `booking_number`, so a request built from an infer_number answer works unchanged.
 */
const requestType = z
  .enum([...requestTypes, 'booking'], { error: 'must be container, bill_of_lading or booking_number' })
  .transform((type): (typeof requestTypes)[number] => (type === 'booking' ? 'booking_number' : type));

const initialValue = z.object({ api_slug: z.string().max(100), value: z.unknown() });

/**
 * Custom fields set on the shipment and containers once the request succeeds; a container entry without a
 * `number` (or with "") applies to every container.
 */
export const initialCustomFields = z.object({
  shipment: z.array(initialValue).max(100).optional(),
  containers: z
    .array(initialValue.extend({ number: z.string().max(20).nullable().optional() }))
    .max(100)
    .optional(),
});
export type InitialCustomFields = z.infer<typeof initialCustomFields>;

/** The party roles a tracking request may name at creation, besides its customer. */
export const CREATE_ROLE_RELATIONSHIPS = [
  'shipper',
  'consignee',
  'notify_party',
  'customs_broker',
  'freight_forwarder',
  'pickup_dray_carrier',
] as const;
export type CreateRoleRelationship = (typeof CREATE_ROLE_RELATIONSHIPS)[number];

const partyLink = z
  .object({ data: z.object({ id: z.string().max(100), type: z.string().max(50).optional() }).nullable() })
  .optional();

export const createTrackingRequestBody = z.object({
  data: z.object({
    type: z.literal('tracking_request'),
    attributes: z.object({
      request_type: requestType,
      request_number: z.string().max(100),
      // The SDK sends '' when it has no SCAC: blank, which the route words as the upstream does.
      scac: z.string().max(100).nullable().optional(),
      auto_detect_vocc_scac: z.boolean().optional(),
      ref_numbers: refNumbers.nullable().optional(),
      shipment_tags: tags.nullable().optional(),
      initial_custom_fields: initialCustomFields.nullable().optional(),
    }),
    /**
     * `customer`: the party the shipment is tracked for (the upstream's "add a customer" guide); the other
     * roles, one party each, are copied to the shipment when it is created (the OpenAPI's create body).
     */
    relationships: z
      .object({
        customer: partyLink,
        shipper: partyLink,
        consignee: partyLink,
        notify_party: partyLink,
        customs_broker: partyLink,
        freight_forwarder: partyLink,
        pickup_dray_carrier: partyLink,
      })
      .passthrough()
      .optional(),
  }),
});

export const updateTrackingRequestBody = z.object({
  data: z.object({
    type: z.literal('tracking_request').optional(),
    id: z.string().optional(),
    attributes: z.object({
      /** The upstream's single reference number, added to the request's list. */
      ref_number: label.optional(),
    }),
  }),
});

export const updateShipmentBody = z.object({
  data: z.object({
    type: z.literal('shipment').optional(),
    id: z.string().optional(),
    attributes: z.object({
      ref_numbers: refNumbers.optional(),
      tags: tags.optional(),
      /** The OpenAPI document's name for the same list (its PATCH body); `tags` wins when both come. */
      shipment_tags: tags.optional(),
    }),
  }),
});

export const updateContainerBody = z.object({
  data: z.object({
    type: z.literal('container').optional(),
    id: z.string().optional(),
    attributes: z.object({ ref_numbers: refNumbers }),
  }),
});

/** A JSON:API resource as the tracking endpoints send it (attributes per the reference §3). */
export const trackingResource = (type: string) =>
  z.object({
    id: z.string(),
    type: z.literal(type),
    attributes: z.record(z.string(), z.unknown()),
    relationships: z.record(z.string(), z.object({ data: z.unknown() })).optional(),
    links: z.record(z.string(), z.string()).optional(),
  });

export const refreshReply = z.object({ message: z.string() });
