import { z } from 'zod';
import {
  containerNumbers,
  decimalString,
  locode,
  packageCount,
  rejectedContainerNumbers,
  text,
} from './common.ts';

export const deliveryOrderPayloadSchema = z.object({
  delivery_order_number: text.nullable().describe('Delivery or release order number'),
  bill_of_lading_number: text.nullable(),
  consignee: text.nullable().describe('Consignee (the party the cargo is released to)'),
  container_numbers: containerNumbers,
  rejected_container_numbers: rejectedContainerNumbers,
  vessel: text.nullable(),
  voyage: text.nullable(),
  port_of_discharge: text.nullable(),
  port_of_discharge_locode: locode.nullable(),
  package_count: packageCount.nullable(),
  gross_weight_kg: decimalString.nullable().describe('Total gross weight in kilograms'),
});

export type DeliveryOrderPayload = z.infer<typeof deliveryOrderPayloadSchema>;
