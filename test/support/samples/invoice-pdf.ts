import type { CommercialInvoicePayload } from '../../../src/extraction/schemas/commercial-invoice.ts';
import { formatDate, formatMoney, groupDecimal } from './format-values.ts';
import { PageWriter } from './page-writer.ts';
import { DEFAULT_STYLE, type SampleStyle } from './sample-style.ts';

/** What an invoice prints; the same shape as the extracted payload, so a round trip compares equal. */
export type InvoiceFields = CommercialInvoicePayload;

const LABELS = {
  title: ['COMMERCIAL INVOICE', 'INVOICE', 'Commercial Invoice'],
  number: ['Invoice No.:', 'Invoice Number:', 'Invoice #:'],
  date: ['Invoice Date:', 'Date:', 'Date of Issue:'],
  supplier: ['Seller:', 'Supplier:', 'Exporter:'],
  buyer: ['Buyer:', 'Bill To:', 'Sold To:'],
  total: ['Total Amount:', 'Grand Total:', 'Invoice Total:'],
} as const;

export async function makeInvoicePdf(
  fields: InvoiceFields,
  style: SampleStyle = DEFAULT_STYLE,
): Promise<Uint8Array> {
  const v = style.labelVariant;
  const { currency } = fields;
  const money = (amount: string): string =>
    currency === null ? groupDecimal(amount, ',', '.') : formatMoney(amount, currency, style.amountFormat);
  const writer = await PageWriter.create(style, {
    title: 'Commercial invoice',
    producer: 'stevedore samples',
  });

  writer.title(LABELS.title[v], 'ORIGINAL');
  writer.fieldRow([
    fields.invoice_number === null ? null : { label: LABELS.number[v], value: fields.invoice_number },
    fields.invoice_date === null
      ? null
      : { label: LABELS.date[v], value: formatDate(fields.invoice_date, style.dateFormat) },
  ]);
  writer.space(6);
  if (fields.supplier_name !== null)
    writer.fieldRow([{ label: LABELS.supplier[v], value: fields.supplier_name }], 495);
  if (fields.buyer_name !== null)
    writer.fieldRow([{ label: LABELS.buyer[v], value: fields.buyer_name }], 495);
  writer.paragraph(['Payment Terms: T/T 30 days after B/L date', 'Incoterms 2020: FOB'], { grey: true });
  writer.space(6);

  if (fields.line_items !== null) {
    writer.table(
      [
        { header: 'Description', width: 230 },
        { header: 'Qty', width: 60 },
        { header: 'Unit Price', width: 95 },
        { header: 'Amount', width: 110 },
      ],
      fields.line_items.map((item) => [
        item.description,
        item.quantity === null ? '' : groupDecimal(item.quantity, ',', '.'),
        item.unit_price === null ? '' : money(item.unit_price),
        item.amount === null ? '' : money(item.amount),
      ]),
    );
  }
  if (fields.total_amount !== null) {
    writer.fieldRow([{ label: LABELS.total[v], value: money(fields.total_amount) }], 495);
  }
  writer.space(10);
  writer.paragraph(
    ['We hereby certify that this invoice is true and correct.', 'Country of Origin: as stated per item'],
    {
      grey: true,
    },
  );
  return writer.save();
}
