import { z } from 'zod';
import { containerNumbers, decimalString, rejectedContainerNumbers, text } from './common.ts';

export const packingListPayloadSchema = z.object({
  packing_list_number: text.nullable().describe('Packing list number or reference'),
  package_count: z.number().int().nonnegative().nullable(),
  gross_weight_kg: decimalString
    .nullable()
    .describe('Total gross weight in kilograms (pounds are converted)'),
  container_numbers: containerNumbers,
  rejected_container_numbers: rejectedContainerNumbers,
});

export type PackingListPayload = z.infer<typeof packingListPayloadSchema>;
