import { z } from 'zod';
import {
  containerNumbers,
  decimalString,
  isoDate,
  locode,
  packageCount,
  rejectedContainerNumbers,
  text,
} from './common.ts';

export const bookingConfirmationPayloadSchema = z.object({
  booking_number: text.nullable().describe('Carrier booking number'),
  shipper: text.nullable(),
  consignee: text.nullable(),
  container_numbers: containerNumbers,
  rejected_container_numbers: rejectedContainerNumbers,
  vessel: text.nullable(),
  voyage: text.nullable(),
  port_of_loading: text.nullable(),
  port_of_loading_locode: locode.nullable(),
  port_of_discharge: text.nullable(),
  port_of_discharge_locode: locode.nullable(),
  etd: isoDate.nullable().describe('Estimated departure from the port of loading'),
  package_count: packageCount.nullable(),
  gross_weight_kg: decimalString.nullable().describe('Total gross weight in kilograms'),
});

export type BookingConfirmationPayload = z.infer<typeof bookingConfirmationPayloadSchema>;
