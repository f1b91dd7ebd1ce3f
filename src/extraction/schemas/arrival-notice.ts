import { z } from 'zod';
import { containerNumbers, isoDate, locode, rejectedContainerNumbers, text } from './common.ts';

export const arrivalNoticePayloadSchema = z.object({
  bill_of_lading_number: text.nullable(),
  container_numbers: containerNumbers,
  rejected_container_numbers: rejectedContainerNumbers,
  vessel: text.nullable(),
  voyage: text.nullable(),
  port_of_discharge: text.nullable(),
  port_of_discharge_locode: locode.nullable(),
  eta: isoDate.nullable().describe('Estimated arrival at the port of discharge'),
  last_free_day: isoDate.nullable().describe('Last day to pick up before demurrage'),
});

export type ArrivalNoticePayload = z.infer<typeof arrivalNoticePayloadSchema>;
