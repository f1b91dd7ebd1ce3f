import { z } from 'zod';
import type { DocumentType } from '../document-type.ts';
import { arrivalNoticePayloadSchema } from './arrival-notice.ts';
import { billOfLadingPayloadSchema } from './bill-of-lading.ts';
import { bookingConfirmationPayloadSchema } from './booking-confirmation.ts';
import { commercialInvoicePayloadSchema } from './commercial-invoice.ts';
import { deliveryOrderPayloadSchema } from './delivery-order.ts';
import { otherPayloadSchema } from './other.ts';
import { packingListPayloadSchema } from './packing-list.ts';

export interface DocumentSchemaEntry {
  documentType: DocumentType;
  label: string;
  /** Date-like version, bumped when the payload shape changes; ids read `<type>@<version>`. */
  schemaVersion: string;
  description: string;
  schema: z.ZodObject;
}

export const DOCUMENT_SCHEMAS: Readonly<Record<DocumentType, DocumentSchemaEntry>> = {
  commercial_invoice: {
    documentType: 'commercial_invoice',
    label: 'Commercial Invoice',
    schemaVersion: '2026-11-01',
    description: 'Invoice from seller to buyer: number, date, parties, total amount and currency, item rows.',
    schema: commercialInvoicePayloadSchema,
  },
  bill_of_lading: {
    documentType: 'bill_of_lading',
    label: 'Bill of Lading',
    schemaVersion: '2026-11-24',
    description:
      'Carrier contract of carriage (B/L, sea waybill, house B/L, express release): B/L number, SCAC, containers, seals, vessel and voyage, ports with UN/LOCODE, shipper, consignee, notify party.',
    schema: billOfLadingPayloadSchema,
  },
  arrival_notice: {
    documentType: 'arrival_notice',
    label: 'Arrival Notice',
    schemaVersion: '2026-11-24',
    description:
      'Carrier notice of arrival: B/L number, containers, vessel and voyage, port, ETA, last free day.',
    schema: arrivalNoticePayloadSchema,
  },
  packing_list: {
    documentType: 'packing_list',
    label: 'Packing List',
    schemaVersion: '2026-11-24',
    description:
      'Contents of a shipment: reference, parties, package count, gross weight, containers, ports.',
    schema: packingListPayloadSchema,
  },
  delivery_order: {
    documentType: 'delivery_order',
    label: 'Delivery Order',
    schemaVersion: '2026-11-24',
    description:
      'Release of cargo to the consignee or its haulier: order number, B/L number, containers, vessel, port, totals.',
    schema: deliveryOrderPayloadSchema,
  },
  booking_confirmation: {
    documentType: 'booking_confirmation',
    label: 'Booking Confirmation',
    schemaVersion: '2026-11-24',
    description:
      'Carrier confirmation of a booking: booking number, parties, vessel, ports, ETD, containers, totals.',
    schema: bookingConfirmationPayloadSchema,
  },
  other: {
    documentType: 'other',
    label: 'Other',
    schemaVersion: '2026-11-01',
    description: 'A readable document of no known type: page count and the start of its text.',
    schema: otherPayloadSchema,
  },
};

export function documentSchema(documentType: DocumentType): DocumentSchemaEntry {
  return DOCUMENT_SCHEMAS[documentType];
}

/** Looks up `<document_type>@<version>`, the id of `GET /document_schemas/{id}`. */
export function findDocumentSchema(id: string): DocumentSchemaEntry | undefined {
  const [type, version] = id.split('@');
  return Object.values(DOCUMENT_SCHEMAS).find(
    (entry) => entry.documentType === type && entry.schemaVersion === version,
  );
}

/** The payload schema as JSON Schema, for `schema_payload` (schema_format `json_schema`). */
export function documentJsonSchema(documentType: DocumentType): Record<string, unknown> {
  return z.toJSONSchema(DOCUMENT_SCHEMAS[documentType].schema);
}
