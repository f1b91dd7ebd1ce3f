import type { DocumentText } from '../document-text.ts';
import { findContainerNumbers } from '../fields/container-numbers.ts';
import { findLabeledValue } from '../fields/labeled-values.ts';
import {
  findBillOfLadingNumber,
  findPortOfDischarge,
  findPortOfLoading,
  findScac,
  findVesselAndVoyage,
} from '../fields/shipment-fields.ts';
import { parseText } from '../fields/value-parsers.ts';
import type { BillOfLadingPayload } from '../schemas/bill-of-lading.ts';

const SHIPPER = [/shipper(?:\s*\/\s*exporter)?|exporter/];
const CONSIGNEE = [/consignee/];

export function extractBillOfLading(text: DocumentText): BillOfLadingPayload {
  const billOfLadingNumber = findBillOfLadingNumber(text);
  const containers = findContainerNumbers(text, [billOfLadingNumber]);
  return {
    bill_of_lading_number: billOfLadingNumber,
    scac: findScac(text, billOfLadingNumber),
    container_numbers: containers.accepted,
    rejected_container_numbers: containers.rejected,
    ...findVesselAndVoyage(text),
    port_of_loading: findPortOfLoading(text),
    port_of_discharge: findPortOfDischarge(text),
    shipper: findLabeledValue(text, SHIPPER, parseText),
    consignee: findLabeledValue(text, CONSIGNEE, parseText),
  };
}
