import type { DocumentText } from '../document-text.ts';
import { findLabeledValue } from '../fields/labeled-values.ts';
import { findLineItems } from '../fields/line-items.ts';
import { parseIdentifier, parseText } from '../fields/value-parsers.ts';
import { findCurrency, type Money, parseCurrencyCode, parseMoney } from '../parse/amounts.ts';
import { inferSlashDateOrder, parseDate } from '../parse/dates.ts';
import type { CommercialInvoicePayload } from '../schemas/commercial-invoice.ts';

const INVOICE_NUMBER = [
  /(?:commercial\s+)?invoice\s*(?:no\.?|nos\.?|number|num\.?|#|ref(?:erence)?\.?)/,
  /inv\.?\s*(?:no\.?|#)/,
];
const INVOICE_DATE = [
  /invoice\s+date|date\s+of\s+invoice/,
  /issue\s+date|date\s+of\s+issue|date\s+issued/,
  /date|dated/,
];
const SUPPLIER = [/seller|supplier|vendor|exporter|sold\s+by|beneficiary/, /shipper|from/];
const BUYER = [/buyer|bill\s+to|billed\s+to|sold\s+to|importer|customer/, /consignee/];
// Specific labels first. A bare "Total" may also head a quantity or weight line, or a table column
// (so the cell under it is one row's amount, never the invoice total).
const TOTAL = [
  /total\s+amount|grand\s+total|invoice\s+total|total\s+invoice\s+(?:amount|value)|amount\s+due|total\s+due|total\s+value/,
];
const BARE_TOTAL = [/total/];
const CURRENCY = [/currency/];

export function extractCommercialInvoice(text: DocumentText): CommercialInvoicePayload {
  const slashOrder = inferSlashDateOrder(text.plain);
  const total =
    findLabeledValue(text, TOTAL, parseTotal) ??
    findLabeledValue(text, BARE_TOTAL, parseTotal, { below: false });
  return {
    invoice_number: findLabeledValue(text, INVOICE_NUMBER, parseIdentifier),
    invoice_date: findLabeledValue(text, INVOICE_DATE, (raw) => parseDate(raw, slashOrder)),
    supplier_name: findLabeledValue(text, SUPPLIER, parseText),
    buyer_name: findLabeledValue(text, BUYER, parseText),
    total_amount: total?.amount ?? null,
    currency: total?.currency ?? findLabeledValue(text, CURRENCY, parseCurrencyCode),
    line_items: findLineItems(text),
  };
}

// A total is an amount and maybe a currency; any other words mean the label meant something else
// ("Total Qty 50", "Total Gross Weight 1,200 KG").
function parseTotal(raw: string, label: string): Money | null {
  const money = parseMoney(raw);
  if (money === null) return null;
  const leftover = raw.replace(/[A-Z]{3}|US\$|[$€£]|[\d.,'\s()-]/g, '');
  if (leftover.length > 0) return null;
  return money.currency === null ? { amount: money.amount, currency: findCurrency(label) } : money;
}
