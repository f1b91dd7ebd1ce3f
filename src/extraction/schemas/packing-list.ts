import { z } from 'zod';
import { containerNumbers, decimalString, packageCount, rejectedContainerNumbers, text } from './common.ts';

export const packingListPayloadSchema = z.object({
  packing_list_number: text.nullable().describe('Packing list number or reference'),
  shipper: text.nullable().describe('Shipper, exporter or seller name'),
  consignee: text.nullable().describe('Consignee or buyer name'),
  package_count: packageCount.nullable(),
  gross_weight_kg: decimalString
    .nullable()
    .describe('Total gross weight in kilograms (pounds are converted)'),
  container_numbers: containerNumbers,
  rejected_container_numbers: rejectedContainerNumbers,
  port_of_loading: text.nullable(),
  port_of_discharge: text.nullable(),
});

export type PackingListPayload = z.infer<typeof packingListPayloadSchema>;
