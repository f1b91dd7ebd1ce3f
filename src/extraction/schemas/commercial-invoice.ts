import { z } from 'zod';
import { currencyCode, decimalString, isoDate, text } from './common.ts';

export const lineItemSchema = z.object({
  description: text,
  quantity: decimalString.nullable(),
  unit_price: decimalString.nullable(),
  amount: decimalString.nullable(),
});

export const commercialInvoicePayloadSchema = z.object({
  invoice_number: text.nullable(),
  invoice_date: isoDate.nullable(),
  supplier_name: text.nullable().describe('Seller, supplier or exporter'),
  buyer_name: text.nullable().describe('Buyer, bill-to party or importer'),
  total_amount: decimalString.nullable(),
  currency: currencyCode.nullable(),
  line_items: z.array(lineItemSchema).nullable().describe('Rows of the item table, null when none was found'),
});

export type LineItem = z.infer<typeof lineItemSchema>;
export type CommercialInvoicePayload = z.infer<typeof commercialInvoicePayloadSchema>;
