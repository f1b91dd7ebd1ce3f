import type { DocumentText } from '../document-text.ts';
import { findContainerNumbers } from '../fields/container-numbers.ts';
import { ETA_LABELS, LAST_FREE_DAY_LABELS } from '../fields/label-patterns.ts';
import { findLabeledValue } from '../fields/labeled-values.ts';
import { portLocode } from '../fields/port-locode.ts';
import {
  findBillOfLadingNumber,
  findPortOfDischarge,
  findVesselAndVoyage,
} from '../fields/shipment-fields.ts';
import { inferSlashDateOrder, parseDate } from '../parse/dates.ts';
import type { ArrivalNoticePayload } from '../schemas/arrival-notice.ts';

export function extractArrivalNotice(text: DocumentText): ArrivalNoticePayload {
  const slashOrder = inferSlashDateOrder(text.plain);
  const date = (raw: string): string | null => parseDate(raw, slashOrder);
  const billOfLadingNumber = findBillOfLadingNumber(text);
  const containers = findContainerNumbers(text, [billOfLadingNumber]);
  const portOfDischarge = findPortOfDischarge(text, { barePort: true });
  return {
    bill_of_lading_number: billOfLadingNumber,
    container_numbers: containers.accepted,
    rejected_container_numbers: containers.rejected,
    ...findVesselAndVoyage(text),
    port_of_discharge: portOfDischarge,
    port_of_discharge_locode: portLocode(portOfDischarge),
    eta: findLabeledValue(text, ETA_LABELS, date),
    last_free_day: findLabeledValue(text, LAST_FREE_DAY_LABELS, date),
  };
}
