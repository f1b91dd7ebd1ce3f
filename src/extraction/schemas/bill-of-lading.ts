import { z } from 'zod';
import { containerNumbers, locode, rejectedContainerNumbers, text } from './common.ts';

export const billOfLadingPayloadSchema = z.object({
  bill_of_lading_number: text.nullable(),
  scac: z
    .string()
    .regex(/^[A-Z]{4}$/)
    .nullable()
    .describe('Carrier SCAC, from a SCAC label or the prefix of the B/L number'),
  container_numbers: containerNumbers,
  rejected_container_numbers: rejectedContainerNumbers,
  seal_numbers: z.array(text).describe('Seal numbers printed after a seal label, in document order'),
  vessel_name: text.nullable(),
  voyage_number: text.nullable(),
  port_of_loading: text.nullable(),
  port_of_loading_locode: locode.nullable(),
  port_of_discharge: text.nullable(),
  port_of_discharge_locode: locode.nullable(),
  shipper: text.nullable().describe('Shipper name (first line of the shipper block)'),
  consignee: text.nullable().describe('Consignee name (first line of the consignee block)'),
  notify_party: text.nullable().describe('Notify party name (first line of the notify block)'),
});

export type BillOfLadingPayload = z.infer<typeof billOfLadingPayloadSchema>;
