import { formatContainerNumber, formatDate, formatMoney } from './format-values.ts';
import { PageWriter } from './page-writer.ts';
import { DEFAULT_STYLE, type SampleStyle } from './sample-style.ts';

export interface ArrivalNoticeFields {
  bill_of_lading_number: string | null;
  carrier_name: string;
  container_numbers: readonly string[];
  vessel: string | null;
  voyage: string | null;
  port_of_loading: string | null;
  port_of_discharge: string | null;
  eta: string | null;
  last_free_day: string | null;
  consignee: string;
  charges: ReadonlyArray<{ description: string; amount: string; currency: string }>;
}

const LABELS = {
  title: ['ARRIVAL NOTICE', 'NOTICE OF ARRIVAL', 'Arrival Notice'],
  number: ['B/L No.:', 'Bill of Lading No.:', 'MBL #:'],
  vessel: ['Vessel:', 'Ocean Vessel:', 'Vessel Name:'],
  voyage: ['Voyage:', 'Voy. No.:', 'Voyage No.:'],
  pol: ['Port of Loading:', 'POL:', 'Port of Loading:'],
  pod: ['Port of Discharge:', 'POD:', 'Discharge Port:'],
  eta: ['ETA:', 'Estimated Arrival:', 'Est. Arrival Date:'],
  lfd: ['Last Free Day:', 'LFD:', 'Free Time Expires:'],
} as const;

export async function makeArrivalNoticePdf(
  fields: ArrivalNoticeFields,
  style: SampleStyle = DEFAULT_STYLE,
): Promise<Uint8Array> {
  const v = style.labelVariant;
  const date = (iso: string): string => formatDate(iso, style.dateFormat);
  const writer = await PageWriter.create(style, { title: 'Arrival notice', producer: fields.carrier_name });
  writer.title(LABELS.title[v], fields.carrier_name.toUpperCase());
  writer.paragraph([
    `To: ${fields.consignee}`,
    'Please be advised that the shipment below is due to arrive.',
  ]);
  writer.fieldRow([
    fields.bill_of_lading_number === null
      ? null
      : { label: LABELS.number[v], value: fields.bill_of_lading_number },
    fields.eta === null ? null : { label: LABELS.eta[v], value: date(fields.eta) },
  ]);
  writer.fieldRow([
    fields.vessel === null ? null : { label: LABELS.vessel[v], value: fields.vessel },
    fields.voyage === null ? null : { label: LABELS.voyage[v], value: fields.voyage },
  ]);
  writer.fieldRow([
    fields.port_of_loading === null ? null : { label: LABELS.pol[v], value: fields.port_of_loading },
    fields.port_of_discharge === null ? null : { label: LABELS.pod[v], value: fields.port_of_discharge },
  ]);
  if (fields.last_free_day !== null)
    writer.fieldRow([{ label: LABELS.lfd[v], value: date(fields.last_free_day) }]);
  writer.space(6);
  writer.table(
    [
      { header: 'Container', width: 130 },
      { header: 'Type', width: 60 },
      { header: 'Status', width: 150 },
    ],
    fields.container_numbers.map((number, i) => [
      formatContainerNumber(number, style.containerFormat),
      i % 2 === 0 ? "40'HC" : "20'GP",
      'Discharged / Available',
    ]),
  );
  writer.space(4);
  writer.table(
    [
      { header: 'Freight Charges', width: 250 },
      { header: 'Amount', width: 120 },
    ],
    fields.charges.map((charge) => [
      charge.description,
      formatMoney(charge.amount, charge.currency, style.amountFormat),
    ]),
  );
  writer.paragraph(
    [
      'Charges due before release. Demurrage applies after the last free day.',
      'Customs clearance is the responsibility of the consignee.',
    ],
    { grey: true },
  );
  return writer.save();
}
