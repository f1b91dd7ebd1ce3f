import { formatContainerNumber, groupDecimal } from './format-values.ts';
import { PageWriter } from './page-writer.ts';
import { DEFAULT_STYLE, type SampleStyle } from './sample-style.ts';

export interface PackingListFields {
  packing_list_number: string | null;
  invoice_number: string;
  shipper: string;
  consignee: string;
  container_numbers: readonly string[];
  /** Rows of the packing table; the totals printed below are computed from them. */
  rows: ReadonlyArray<{ marks: string; description: string; packages: number; gross_weight_kg: string }>;
  /** Unit word after the package count: CARTONS, PALLETS, PKGS. */
  package_unit: string;
}

const LABELS = {
  title: ['PACKING LIST', 'Packing List', 'PACKING LIST / WEIGHT NOTE'],
  number: ['Packing List No.:', 'P/L No.:', 'Reference:'],
  packages: ['Total Packages:', 'Number of Packages:', 'Total No. of Packages:'],
  weight: ['Total Gross Weight:', 'Gross Weight:', 'Total Gross Weight (KG):'],
} as const;

export async function makePackingListPdf(
  fields: PackingListFields,
  style: SampleStyle = DEFAULT_STYLE,
): Promise<Uint8Array> {
  const v = style.labelVariant;
  const writer = await PageWriter.create(style, { title: 'Packing list', producer: fields.shipper });
  writer.title(LABELS.title[v]);
  writer.fieldRow([
    fields.packing_list_number === null
      ? null
      : { label: LABELS.number[v], value: fields.packing_list_number },
    { label: 'Invoice Ref.:', value: fields.invoice_number },
  ]);
  writer.fieldRow([{ label: 'Shipper:', value: fields.shipper }], 495);
  writer.fieldRow([{ label: 'Consignee:', value: fields.consignee }], 495);
  if (fields.container_numbers.length > 0) {
    const printed = fields.container_numbers.map((n) => formatContainerNumber(n, style.containerFormat));
    writer.fieldRow([{ label: 'Container No.:', value: printed.join(', ') }], 495);
  }
  writer.space(6);
  writer.table(
    [
      { header: 'Marks & Nos.', width: 90 },
      { header: 'Description', width: 200 },
      { header: 'Pkgs', width: 70 },
      { header: 'G.W. (kg)', width: 90 },
    ],
    fields.rows.map((row) => [
      row.marks,
      row.description,
      String(row.packages),
      groupDecimal(row.gross_weight_kg, ',', '.'),
    ]),
  );
  const packages = fields.rows.reduce((sum, row) => sum + row.packages, 0);
  const weight = sumDecimals(fields.rows.map((row) => row.gross_weight_kg));
  const weightText = v === 2 ? groupDecimal(weight, ',', '.') : `${groupDecimal(weight, ',', '.')} KGS`;
  writer.fieldRow([{ label: LABELS.packages[v], value: `${packages} ${fields.package_unit}` }], 495);
  writer.fieldRow([{ label: LABELS.weight[v], value: weightText }], 495);
  writer.paragraph(['Net weight and measurement as per attached specification.'], { grey: true });
  return writer.save();
}

/** Sums decimal strings with two fraction digits exactly. */
export function sumDecimals(values: readonly string[]): string {
  const cents = values.reduce((sum, value) => sum + BigInt(value.replace('.', '')), 0n);
  const text = cents.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}
