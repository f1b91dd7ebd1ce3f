import { formatContainerNumber } from './format-values.ts';
import { PageWriter } from './page-writer.ts';
import { DEFAULT_STYLE, type SampleStyle } from './sample-style.ts';

export interface Party {
  name: string;
  address: readonly string[];
}

export interface BillOfLadingFields {
  bill_of_lading_number: string | null;
  /** Printed in a "SCAC" box when given; otherwise only the B/L number's prefix tells the carrier. */
  scac_label: string | null;
  carrier_name: string;
  container_numbers: readonly string[];
  vessel: string | null;
  voyage: string | null;
  port_of_loading: string | null;
  port_of_discharge: string | null;
  shipper: Party | null;
  consignee: Party | null;
  /** One per container: package count, description, gross weight in kg (decimal string). */
  cargo: ReadonlyArray<{ packages: number; description: string; gross_weight_kg: string }>;
}

const LABELS = {
  title: ['BILL OF LADING', 'OCEAN BILL OF LADING', 'Sea Waybill'],
  number: ['B/L No.:', 'Bill of Lading No.:', 'BL Number:'],
  vessel: ['Ocean Vessel:', 'Vessel:', 'Vessel Name:'],
  voyage: ['Voyage No.:', 'Voy. No.:', 'Voyage:'],
  vesselVoyage: ['Vessel / Voyage:', 'Vessel/Voy.:', 'Vessel / Voyage No.:'],
  pol: ['Port of Loading:', 'Port of Loading:', 'POL:'],
  pod: ['Port of Discharge:', 'Port of Discharge:', 'POD:'],
  shipper: ['SHIPPER', 'Shipper / Exporter', 'Shipper'],
  consignee: ['CONSIGNEE', 'Consignee', 'Consignee (if order, state notify party)'],
} as const;

export async function makeBillOfLadingPdf(
  fields: BillOfLadingFields,
  style: SampleStyle = DEFAULT_STYLE,
): Promise<Uint8Array> {
  const v = style.labelVariant;
  const writer = await PageWriter.create(style, { title: 'Bill of lading', producer: fields.carrier_name });
  writer.title(LABELS.title[v], fields.carrier_name.toUpperCase());
  writer.fieldRow([
    fields.bill_of_lading_number === null
      ? null
      : { label: LABELS.number[v], value: fields.bill_of_lading_number },
    fields.scac_label === null ? null : { label: 'SCAC:', value: fields.scac_label },
  ]);
  writer.space(4);
  const block = (heading: string, party: Party | null) =>
    party === null ? null : { heading, lines: [party.name, ...party.address] };
  writer.blocks([block(LABELS.shipper[v], fields.shipper), block(LABELS.consignee[v], fields.consignee)]);
  writer.blocks([{ heading: 'NOTIFY PARTY', lines: ['SAME AS CONSIGNEE'] }]);

  // Variant 1 prints vessel and voyage in one box, as many carriers do.
  if (v === 1 && fields.vessel !== null && fields.voyage !== null) {
    writer.fieldRow([{ label: LABELS.vesselVoyage[v], value: `${fields.vessel} / ${fields.voyage}` }]);
  } else {
    writer.fieldRow([
      fields.vessel === null ? null : { label: LABELS.vessel[v], value: fields.vessel },
      fields.voyage === null ? null : { label: LABELS.voyage[v], value: fields.voyage },
    ]);
  }
  writer.fieldRow([
    fields.port_of_loading === null ? null : { label: LABELS.pol[v], value: fields.port_of_loading },
    fields.port_of_discharge === null ? null : { label: LABELS.pod[v], value: fields.port_of_discharge },
  ]);
  writer.space(6);
  writer.table(
    [
      { header: 'Container No.', width: 110 },
      { header: 'Seal No.', width: 80 },
      { header: 'Packages', width: 70 },
      { header: 'Description of Goods', width: 150 },
      { header: 'Gross Weight', width: 85 },
    ],
    fields.container_numbers.map((number, i) => {
      const cargo = fields.cargo[i % Math.max(fields.cargo.length, 1)];
      return [
        formatContainerNumber(number, style.containerFormat),
        `SL${String(700_000 + i * 7919).padStart(7, '0')}`,
        cargo === undefined ? '' : `${cargo.packages} PKGS`,
        cargo?.description ?? '',
        cargo === undefined ? '' : `${cargo.gross_weight_kg} KGS`,
      ];
    }),
  );
  writer.paragraph(
    ['FREIGHT PREPAID', 'SHIPPED ON BOARD the vessel named above in apparent good order and condition.'],
    {
      grey: true,
    },
  );
  writer.paragraph(
    ['Number of Original B/Ls: THREE (3)', `Place and date of issue: ${fields.port_of_loading ?? ''}`],
    {
      grey: true,
    },
  );
  return writer.save();
}
