import type { DocumentText } from '../document-text.ts';
import { findContainerNumbers } from '../fields/container-numbers.ts';
import { findLabeledValue } from '../fields/labeled-values.ts';
import { portLocode } from '../fields/port-locode.ts';
import {
  findBillOfLadingNumber,
  findPortOfDischarge,
  findVesselAndVoyage,
} from '../fields/shipment-fields.ts';
import { inferSlashDateOrder, parseDate } from '../parse/dates.ts';
import type { ArrivalNoticePayload } from '../schemas/arrival-notice.ts';

const ETA = [
  /eta|estimated\s+(?:time\s+of\s+)?arrival(?:\s+date)?|arrival\s+date|date\s+of\s+arrival|est\.?\s+arrival|date\s+d[''’]arriv[ée]e(?:\s+pr[ée]vue)?|arriv[ée]e\s+pr[ée]vue|(?:voraussichtliche\s+)?ankunft(?:sdatum)?|(?:verwachte\s+)?aankomst(?:datum)?|fecha\s+(?:estimada\s+)?de\s+llegada|llegada\s+estimada|data\s+(?:prevista\s+)?di\s+arrivo|arrivo\s+previsto/,
];
const LAST_FREE_DAY = [
  /last\s+free\s+day|lfd|free\s+time\s+(?:expires|until|ends)|last\s+free\s+date|dernier\s+jour\s+(?:de\s+)?franchise|fin\s+de\s+franchise|letzter\s+freier\s+tag|laatste\s+vrije\s+dag|[úu]ltimo\s+d[íi]a\s+libre|ultimo\s+giorno\s+(?:di\s+)?franchigia/,
];

export function extractArrivalNotice(text: DocumentText): ArrivalNoticePayload {
  const slashOrder = inferSlashDateOrder(text.plain);
  const date = (raw: string): string | null => parseDate(raw, slashOrder);
  const billOfLadingNumber = findBillOfLadingNumber(text);
  const containers = findContainerNumbers(text, [billOfLadingNumber]);
  const portOfDischarge = findPortOfDischarge(text);
  return {
    bill_of_lading_number: billOfLadingNumber,
    container_numbers: containers.accepted,
    rejected_container_numbers: containers.rejected,
    ...findVesselAndVoyage(text),
    port_of_discharge: portOfDischarge,
    port_of_discharge_locode: portLocode(portOfDischarge),
    eta: findLabeledValue(text, ETA, date),
    last_free_day: findLabeledValue(text, LAST_FREE_DAY, date),
  };
}
