import type { DocumentText } from '../document-text.ts';
import { findContainerNumbers } from '../fields/container-numbers.ts';
import { findLabeledValue } from '../fields/labeled-values.ts';
import {
  findBillOfLadingNumber,
  findPortOfDischarge,
  findVesselAndVoyage,
} from '../fields/shipment-fields.ts';
import { inferSlashDateOrder, parseDate } from '../parse/dates.ts';
import type { ArrivalNoticePayload } from '../schemas/arrival-notice.ts';

const ETA = [/eta|estimated\s+(?:time\s+of\s+)?arrival(?:\s+date)?|arrival\s+date|est\.?\s+arrival/];
const LAST_FREE_DAY = [/last\s+free\s+day|lfd|free\s+time\s+(?:expires|until|ends)|last\s+free\s+date/];

export function extractArrivalNotice(text: DocumentText): ArrivalNoticePayload {
  const slashOrder = inferSlashDateOrder(text.plain);
  const date = (raw: string): string | null => parseDate(raw, slashOrder);
  const billOfLadingNumber = findBillOfLadingNumber(text);
  const containers = findContainerNumbers(text, [billOfLadingNumber]);
  return {
    bill_of_lading_number: billOfLadingNumber,
    container_numbers: containers.accepted,
    rejected_container_numbers: containers.rejected,
    ...findVesselAndVoyage(text),
    port_of_discharge: findPortOfDischarge(text),
    eta: findLabeledValue(text, ETA, date),
    last_free_day: findLabeledValue(text, LAST_FREE_DAY, date),
  };
}
