import { validateContainerNumber } from '../../../src/domain/iso6346.ts';
import type { ArrivalNoticePayload } from '../../../src/extraction/schemas/arrival-notice.ts';
import type { BillOfLadingPayload } from '../../../src/extraction/schemas/bill-of-lading.ts';
import type { PackingListPayload } from '../../../src/extraction/schemas/packing-list.ts';
import type { ArrivalNoticeFields } from './arrival-notice-pdf.ts';
import type { BillOfLadingFields } from './bill-of-lading-pdf.ts';
import { type PackingListFields, sumDecimals } from './packing-list-pdf.ts';

/**
 * The payload a correct extractor returns for a generated document, derived from what was printed. Only
 * the fields the generator prints are listed; the corpus test compares those.
 */

type Containers = Pick<BillOfLadingPayload, 'container_numbers' | 'rejected_container_numbers'>;

export function expectedContainers(printed: readonly string[]): Containers {
  const result: Containers = { container_numbers: [], rejected_container_numbers: [] };
  for (const value of printed) {
    const check = validateContainerNumber(value);
    if (check.valid) result.container_numbers.push(check.number);
    else result.rejected_container_numbers.push({ value, reason: check.reason, detail: check.detail });
  }
  return result;
}

// B/L numbers made here start with the carrier's SCAC.
const scacOf = (fields: BillOfLadingFields): string | null =>
  fields.scac_label ?? fields.bill_of_lading_number?.slice(0, 4) ?? null;

export function expectedBillOfLading(fields: BillOfLadingFields): Partial<BillOfLadingPayload> {
  return {
    bill_of_lading_number: fields.bill_of_lading_number,
    scac: scacOf(fields),
    ...expectedContainers(fields.container_numbers),
    vessel_name: fields.vessel,
    voyage_number: fields.voyage,
    port_of_loading: fields.port_of_loading,
    port_of_discharge: fields.port_of_discharge,
    shipper: fields.shipper?.name ?? null,
    consignee: fields.consignee?.name ?? null,
  };
}

export function expectedArrivalNotice(fields: ArrivalNoticeFields): Partial<ArrivalNoticePayload> {
  return {
    bill_of_lading_number: fields.bill_of_lading_number,
    ...expectedContainers(fields.container_numbers),
    vessel: fields.vessel,
    voyage: fields.voyage,
    port_of_discharge: fields.port_of_discharge,
    eta: fields.eta,
    last_free_day: fields.last_free_day,
  };
}

export function expectedPackingList(fields: PackingListFields): Partial<PackingListPayload> {
  return {
    packing_list_number: fields.packing_list_number,
    package_count: fields.rows.reduce((sum, row) => sum + row.packages, 0),
    gross_weight_kg: sumDecimals(fields.rows.map((row) => row.gross_weight_kg)),
    ...expectedContainers(fields.container_numbers),
  };
}
