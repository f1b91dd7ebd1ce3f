import { z } from 'zod';
import { CONTAINER_NUMBER_PATTERN } from '../../domain/iso6346.ts';

/** Field shapes shared by the payload schemas. Every field is nullable: "not found" is null, never a guess. */

export const isoDate = z.iso.date().describe('Calendar date, ISO 8601 (YYYY-MM-DD)');

// Amounts stay strings so no binary float ever rounds money.
export const decimalString = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .describe('Decimal number as a string, "." as the decimal mark, no grouping (e.g. "12345.60")');

export const currencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .describe('ISO 4217 currency code');

export const containerNumber = z
  .string()
  .regex(CONTAINER_NUMBER_PATTERN)
  .describe('ISO 6346 container number that passed the check digit (e.g. MSKU1000016)');

export const containerNumbers = z
  .array(containerNumber)
  .describe('Container numbers that pass ISO 6346, in document order');

export const rejectedContainerNumbers = z
  .array(
    z.object({
      value: z.string().describe('The text as printed'),
      reason: z.string().describe('Why it is not a valid ISO 6346 number, e.g. check_digit_mismatch'),
      detail: z.string(),
    }),
  )
  .describe('Strings printed as container numbers that fail ISO 6346');

export const text = z.string().min(1);

export const locode = z
  .string()
  .regex(/^[A-Z]{2}[A-Z2-9]{3}$/)
  .describe('UN/LOCODE of the port, when its printed name is in the bundled table of major ports');

export const packageCount = z.number().int().nonnegative();
